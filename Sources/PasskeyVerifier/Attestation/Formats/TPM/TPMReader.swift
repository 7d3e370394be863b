/// A bounds-checked reader of TPM 2.0 marshalled structures (TPM 2.0 Library Part 1 §18 "Marshalling":
/// integers big-endian, `TPM2B_*` buffers as a 16-bit size followed by that many bytes), used for the
/// `pubArea` and `certInfo` members of a `tpm` attestation statement (WebAuthn Level 3 §8.3).
///
/// Every read checks the remaining length first; a short structure or trailing bytes throw
/// `invalidAttestationStatement` naming the structure and the field.
struct TPMReader {
    private let bytes: [UInt8]
    private var offset: Int
    /// The statement member being read, for error messages (`pubArea`, `certInfo`).
    let structure: String

    init(_ bytes: [UInt8], structure: String) {
        self.bytes = bytes
        self.offset = 0
        self.structure = structure
    }

    /// The number of bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// Reads `count` bytes.
    mutating func bytes(_ count: Int, field: String) throws(WebAuthnError) -> [UInt8] {
        guard count >= 0, count <= remaining else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm \(structure) is truncated: \(field) needs \(count) bytes at offset \(offset), "
                    + "\(remaining) remain"
            )
        }
        let value = Array(bytes[offset..<offset + count])
        offset += count
        return value
    }

    /// Reads a big-endian unsigned integer of `size` bytes (at most 8).
    private mutating func unsigned(_ size: Int, field: String) throws(WebAuthnError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try bytes(size, field: field) {
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// Reads a `UINT8`.
    mutating func uint8(_ field: String) throws(WebAuthnError) -> UInt8 {
        UInt8(truncatingIfNeeded: try unsigned(1, field: field))
    }

    /// Reads a big-endian `UINT16`.
    mutating func uint16(_ field: String) throws(WebAuthnError) -> UInt16 {
        UInt16(truncatingIfNeeded: try unsigned(2, field: field))
    }

    /// Reads a big-endian `UINT32`.
    mutating func uint32(_ field: String) throws(WebAuthnError) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(4, field: field))
    }

    /// Reads a big-endian `UINT64`.
    mutating func uint64(_ field: String) throws(WebAuthnError) -> UInt64 {
        try unsigned(8, field: field)
    }

    /// Reads a `TPM2B_*` buffer: a `UINT16` size and that many bytes.
    mutating func sizedBuffer(_ field: String) throws(WebAuthnError) -> [UInt8] {
        let size = try uint16("the size of \(field)")
        return try bytes(Int(size), field: field)
    }

    /// Requires that every byte was read.
    func requireEnd() throws(WebAuthnError) {
        guard remaining == 0 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm \(structure) has \(remaining) trailing bytes after offset \(offset)"
            )
        }
    }
}
