import PasskeyCrypto

/// The DER encodings the test kit writes beyond ``DERBuilder``'s (ITU-T X.690 §8, §10): object identifiers,
/// UTF8String, SET, ENUMERATED, high-tag-number context-specific tags, and the extension values of TPM AIK
/// certificates (WebAuthn Level 3 §8.3.1) and Android key attestation certificates (§8.4.1).
enum TestKitDER {
    /// The DER `OBJECT IDENTIFIER` of a dotted OID of at least two arcs (X.690 §8.19).
    static func objectIdentifier(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").map { UInt64($0) ?? 0 }
        guard arcs.count >= 2 else { return DERBuilder.element(tag: 0x06, contents: []) }
        var contents: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            contents += base128(arc)
        }
        return DERBuilder.element(tag: 0x06, contents: contents)
    }

    /// A UTF8String (X.690 §8.23).
    static func utf8String(_ text: String) -> [UInt8] {
        DERBuilder.element(tag: 0x0C, contents: Array(text.utf8))
    }

    /// A SET of already encoded elements, sorted as DER requires for SET OF (X.690 §11.6).
    static func set(_ elements: [[UInt8]]) -> [UInt8] {
        DERBuilder.element(tag: 0x31, contents: elements.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 })
    }

    /// An ENUMERATED of a small non-negative value (X.690 §8.4).
    static func enumerated(_ value: UInt64) -> [UInt8] {
        var encoded = DERBuilder.integer(value)
        encoded[0] = 0x0A
        return encoded
    }

    /// A constructed context-specific tag `[number]` (EXPLICIT) around `contents`, in the high-tag-number form
    /// for numbers above 30 (X.690 §8.1.2.4).
    static func explicitTag(_ number: UInt64, _ contents: [UInt8]) -> [UInt8] {
        let identifier: [UInt8] = number < 31 ? [0xA0 | UInt8(number)] : [0xBF] + base128(number)
        let element = DERBuilder.element(tag: 0, contents: contents)
        return identifier + element.dropFirst()
    }

    /// A `Name` (RFC 5280 §4.1.2.4) of one RDN per attribute, each value a UTF8String.
    static func name(_ attributes: [(oid: String, value: String)]) -> [UInt8] {
        DERBuilder.sequence(
            attributes.map { set([DERBuilder.sequence([objectIdentifier($0.oid), utf8String($0.value)])]) })
    }

    /// A subject alternative name value (RFC 5280 §4.2.1.6) holding one `directoryName` (`[4]`) of `attributes`.
    static func directoryNameAlternativeName(_ attributes: [(oid: String, value: String)]) -> [UInt8] {
        DERBuilder.sequence([explicitTag(4, name(attributes))])
    }

    /// An extended key usage value (RFC 5280 §4.2.1.12) of the dotted key purposes.
    static func extendedKeyUsage(_ purposes: [String]) -> [UInt8] {
        DERBuilder.sequence(purposes.map(objectIdentifier))
    }

    /// The base-128 big-endian groups of `value`, every group but the last with its top bit set (X.690 §8.19.2).
    private static func base128(_ value: UInt64) -> [UInt8] {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return groups
    }
}
