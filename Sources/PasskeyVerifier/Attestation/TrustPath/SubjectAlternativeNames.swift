import PasskeyCrypto
import SwiftASN1

/// Reads the `dNSName` entries of a certificate's subject alternative name extension
/// (RFC 5280 §4.2.1.6): `GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName`, where
/// `dNSName` is `[2] IMPLICIT IA5String`. Other name forms are skipped.
package enum SubjectAlternativeNames {
    /// `2.5.29.17`.
    package static let oid = "2.5.29.17"

    /// The dNSNames in encoded order; `[]` when the extension is absent. Throws when the
    /// extension appears twice or is not DER `GeneralNames`.
    package static func dnsNames(of certificate: Certificate) throws -> [String] {
        let matching = certificate.extensions.filter { $0.oid == oid }
        guard let value = matching.first?.value else { return [] }
        guard matching.count == 1 else { throw Malformed() }
        let root = try SwiftASN1.DER.parse(value)
        guard root.identifier == .sequence, case .constructed(let names) = root.content else { throw Malformed() }
        var dnsNames: [String] = []
        for name in names where name.identifier == ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific) {
            guard case .primitive(let bytes) = name.content, bytes.allSatisfy({ $0 < 0x80 }) else {
                throw Malformed()
            }
            dnsNames.append(String(decoding: bytes, as: UTF8.self))
        }
        return dnsNames
    }

    /// The extension is not well-formed.
    package struct Malformed: Error {}
}
