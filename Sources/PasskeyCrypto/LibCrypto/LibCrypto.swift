import CPasskeyLibCrypto

/// Small helpers around libcrypto calls.
enum LibCrypto {
    /// Drains the calling thread's OpenSSL error queue and returns its first entry as text ("" when empty).
    static func drainErrorQueue() -> String {
        let first = ERR_get_error()
        ERR_clear_error()
        guard first != 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: 256)
        let count = buffer.count
        buffer.withUnsafeMutableBufferPointer { ERR_error_string_n(first, $0.baseAddress, count) }
        return string(fromNulTerminated: buffer)
    }

    /// A `libcryptoFailure` error naming the failed call and OpenSSL's first queued error.
    static func failure(_ call: String) -> CryptoError {
        let detail = drainErrorQueue()
        return CryptoError(.libcryptoFailure, detail.isEmpty ? "\(call) failed" : "\(call) failed: \(detail)")
    }

    /// Decodes a NUL-terminated C string held in an array (stops at the first NUL or the end).
    static func string(fromNulTerminated buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with a pointer to `bytes` that is never `nil` (libcrypto treats a `NULL` buffer
    /// as "absent" even with length 0) and the byte count.
    static func withBytes<Result>(
        _ bytes: [UInt8],
        _ body: (UnsafePointer<UInt8>, Int) throws -> Result
    ) rethrows -> Result {
        if bytes.isEmpty {
            var placeholder: UInt8 = 0
            return try body(&placeholder, 0)
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                var placeholder: UInt8 = 0
                return try body(&placeholder, 0)
            }
            return try body(base, buffer.count)
        }
    }

    /// The dotted text of an ASN.1 object identifier (`OBJ_obj2txt` with `no_name = 1`).
    static func dottedOID(_ object: OpaquePointer?) throws -> String {
        guard let object else {
            throw CryptoError(.invalidCertificate, "missing object identifier")
        }
        var buffer = [CChar](repeating: 0, count: 128)
        var needed = buffer.withUnsafeMutableBufferPointer { OBJ_obj2txt($0.baseAddress, 128, object, 1) }
        if needed >= 128 {
            let size = Int(needed) + 1
            guard size <= 4096 else {
                throw CryptoError(.invalidCertificate, "object identifier longer than 4096 characters")
            }
            buffer = [CChar](repeating: 0, count: size)
            needed = buffer.withUnsafeMutableBufferPointer { OBJ_obj2txt($0.baseAddress, Int32(size), object, 1) }
        }
        guard needed > 0 else {
            ERR_clear_error()
            throw CryptoError(.invalidCertificate, "object identifier cannot be converted to text")
        }
        return string(fromNulTerminated: buffer)
    }

    /// The bytes of an ASN1_STRING.
    static func bytes(of string: UnsafePointer<ASN1_STRING>?) -> [UInt8] {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return [] }
        let length = Int(ASN1_STRING_length(string))
        guard length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    /// Lowercase hexadecimal text of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
