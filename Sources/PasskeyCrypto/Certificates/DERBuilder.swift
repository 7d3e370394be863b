/// A tiny DER writer (ITU-T X.690 §8 and §10: definite lengths in their minimal form), enough to build the
/// values of the certificate extensions test certificates carry: basic constraints and key usage (RFC 5280
/// §4.2.1.9, §4.2.1.3), key identifiers (§4.2.1.1, §4.2.1.2), the FIDO AAGUID extension (WebAuthn §8.2.1,
/// `04 10 <16 bytes>`) and the Apple anonymous attestation nonce (WebAuthn §8.8, `30 24 A1 22 04 20 <32 bytes>`).
///
/// ``DER`` reads what this writes.
package enum DERBuilder {
    /// UNIVERSAL 3, BIT STRING.
    package static let bitStringTag: UInt8 = 0x03

    /// One element: `tag`, the minimal definite length of `contents` (X.690 §10.1), then `contents`.
    package static func element(tag: UInt8, contents: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = [tag]
        let count = contents.count
        if count < 0x80 {
            encoded.append(UInt8(truncatingIfNeeded: count))
        } else {
            var lengthOctets: [UInt8] = []
            var remaining = count
            while remaining > 0 {
                lengthOctets.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            encoded.append(0x80 | UInt8(truncatingIfNeeded: lengthOctets.count))
            encoded += lengthOctets
        }
        return encoded + contents
    }

    /// A SEQUENCE of already encoded elements (X.690 §8.9).
    package static func sequence(_ elements: [[UInt8]]) -> [UInt8] {
        element(tag: DER.sequenceTag, contents: elements.flatMap { $0 })
    }

    /// An OCTET STRING (X.690 §8.7).
    package static func octetString(_ bytes: [UInt8]) -> [UInt8] {
        element(tag: DER.octetStringTag, contents: bytes)
    }

    /// A BOOLEAN in its DER form: `FF` for true (X.690 §11.1).
    package static func boolean(_ value: Bool) -> [UInt8] {
        element(tag: DER.booleanTag, contents: [value ? 0xFF : 0x00])
    }

    /// A non-negative INTEGER in its minimal two's complement form (X.690 §8.3).
    package static func integer(_ value: UInt64) -> [UInt8] {
        var contents: [UInt8] = []
        var remaining = value
        repeat {
            contents.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
            remaining >>= 8
        } while remaining > 0
        if let first = contents.first, first & 0x80 != 0 {
            contents.insert(0, at: 0)
        }
        return element(tag: DER.integerTag, contents: contents)
    }

    /// A BIT STRING of named bits (X.690 §11.2.2): bit 0 is the most significant bit of the first octet and
    /// trailing zero bits are removed, so `{}` encodes as `03 01 00`.
    package static func namedBitString(_ bits: Set<Int>) -> [UInt8] {
        guard let highest = bits.filter({ $0 >= 0 }).max() else {
            return element(tag: bitStringTag, contents: [0])
        }
        var octets = [UInt8](repeating: 0, count: highest / 8 + 1)
        for bit in bits where bit >= 0 {
            octets[bit / 8] |= 0x80 >> UInt8(bit % 8)
        }
        let unusedBits = UInt8(7 - highest % 8)
        return element(tag: bitStringTag, contents: [unusedBits] + octets)
    }
}
