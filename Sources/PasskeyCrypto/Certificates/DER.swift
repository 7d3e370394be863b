/// A tiny strict reader of DER type-length-value elements (ITU-T X.690 §8.1 and §10.1), enough to read the
/// contents of certificate extensions such as the Apple anonymous attestation nonce (WebAuthn §8.8,
/// `30 24 A1 22 04 20 <32 bytes>`) and the FIDO AAGUID extension (WebAuthn §8.2.1, `04 10 <16 bytes>`).
///
/// Only single-byte tags (tag numbers 0...30), definite lengths in their minimal form and lengths that fit
/// the input are accepted; anything else throws ``CryptoError/Code/malformedDER``.
package enum DER {
    /// UNIVERSAL 1, BOOLEAN.
    package static let booleanTag: UInt8 = 0x01
    /// UNIVERSAL 2, INTEGER.
    package static let integerTag: UInt8 = 0x02
    /// UNIVERSAL 4, OCTET STRING.
    package static let octetStringTag: UInt8 = 0x04
    /// UNIVERSAL 6, OBJECT IDENTIFIER.
    package static let objectIdentifierTag: UInt8 = 0x06
    /// UNIVERSAL 16, SEQUENCE (constructed).
    package static let sequenceTag: UInt8 = 0x30

    /// The largest length accepted (longer values do not occur in WebAuthn certificates).
    private static let maximumLengthOctets = 4

    /// Reads the first element of `bytes`: its tag byte, its contents and the bytes after it.
    package static func parse(
        _ bytes: ArraySlice<UInt8>
    ) throws -> (tag: UInt8, value: ArraySlice<UInt8>, rest: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        guard index < bytes.endIndex else {
            throw CryptoError(.malformedDER, "DER element expected, input is empty")
        }
        let tag = bytes[index]
        guard tag & 0x1f != 0x1f else {
            throw CryptoError(.malformedDER, "DER high tag number form is not supported")
        }
        index += 1
        guard index < bytes.endIndex else {
            throw CryptoError(.malformedDER, "DER length missing after tag 0x\(LibCrypto.hex([tag]))")
        }
        let first = bytes[index]
        index += 1
        let length: Int
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x80 {
            throw CryptoError(.malformedDER, "DER forbids indefinite lengths")
        } else {
            let count = Int(first & 0x7f)
            guard count <= maximumLengthOctets else {
                throw CryptoError(.malformedDER, "DER length of \(count) octets is too large")
            }
            guard bytes.endIndex - index >= count else {
                throw CryptoError(.malformedDER, "DER length octets truncated")
            }
            var value = 0
            for offset in 0..<count {
                value = (value << 8) | Int(bytes[index + offset])
            }
            guard bytes[index] != 0, value >= 0x80 else {
                throw CryptoError(.malformedDER, "DER length \(value) is not in its minimal form")
            }
            index += count
            length = value
        }
        guard bytes.endIndex - index >= length else {
            throw CryptoError(
                .malformedDER,
                "DER length \(length) exceeds the \(bytes.endIndex - index) remaining bytes"
            )
        }
        let end = index + length
        return (tag, bytes[index..<end], bytes[end..<bytes.endIndex])
    }

    /// Reads `bytes` as exactly one element with tag `tag` and returns its contents; trailing bytes throw.
    package static func parse(_ bytes: ArraySlice<UInt8>, expecting tag: UInt8) throws -> ArraySlice<UInt8> {
        let element = try parse(bytes)
        guard element.tag == tag else {
            throw CryptoError(
                .malformedDER,
                "DER tag 0x\(LibCrypto.hex([element.tag])) found where 0x\(LibCrypto.hex([tag])) was expected"
            )
        }
        guard element.rest.isEmpty else {
            throw CryptoError(.malformedDER, "\(element.rest.count) trailing bytes after the DER element")
        }
        return element.value
    }

    /// Reads `bytes` as exactly one constructed element with tag `tag` (a SEQUENCE by default) and returns
    /// its children in order, each as tag and contents.
    package static func children(
        of bytes: ArraySlice<UInt8>,
        expecting tag: UInt8 = DER.sequenceTag
    ) throws -> [(tag: UInt8, value: ArraySlice<UInt8>)] {
        guard tag & 0x20 != 0 else {
            throw CryptoError(.malformedDER, "tag 0x\(LibCrypto.hex([tag])) is not a constructed type")
        }
        var remaining = try parse(bytes, expecting: tag)
        var result: [(tag: UInt8, value: ArraySlice<UInt8>)] = []
        while !remaining.isEmpty {
            let element = try parse(remaining)
            result.append((element.tag, element.value))
            remaining = element.rest
        }
        return result
    }
}
