/// A credential public key as one string (WebAuthn Level 3 §6.5.1.1 "credentialPublicKey", §5.1
/// `Base64URLString`), so a host can keep it, or a whole credential record, in one column.
///
/// The encoding is stable: a single string, the base64url (RFC 4648 §5, no padding) of ``encoded``, the
/// COSE_Key bytes exactly as the authenticator produced them. Decoding accepts only that form (the URL
/// alphabet, no padding, no whitespace, zero trailing bits) and parses the bytes with ``init(encoded:)``, so a
/// stored key is checked again as strictly as a registered one; a failure is a `DecodingError.dataCorrupted`
/// whose underlying error is the parser's.
extension COSEKey: Codable {
    /// Encodes the key as the base64url of ``encoded`` (RFC 4648 §5, no padding).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(COSEKeyBase64URL.encode(encoded))
    }

    /// Decodes a key from the base64url of its COSE_Key bytes (RFC 4648 §5, no padding) with
    /// ``init(encoded:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let bytes = COSEKeyBase64URL.decode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a COSE_Key is the base64url of its bytes, without padding"
            )
        }
        do {
            try self.init(encoded: bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "the bytes are not a supported COSE_Key: \(error)",
                    underlyingError: error
                )
            )
        }
    }
}

/// Base64url without padding (RFC 4648 §5) for ``COSEKey``'s `Codable` form; PasskeyCrypto does not
/// import Foundation.
enum COSEKeyBase64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// `bytes` in base64url, without padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let first = UInt32(bytes[index])
            let second = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let third = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if remaining > 1 { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
            if remaining > 2 { output.append(alphabet[Int(group & 0x3F)]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or `nil` unless it is canonical unpadded base64url.
    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else { return nil }
        return output
    }
}
