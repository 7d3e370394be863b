import PasskeyCrypto
import PasskeyVerifier
import SwiftASN1

/// What the certificate that signs a metadata BLOB must be, beyond chaining to a configured root (FIDO Metadata
/// Service v3.0 §3.2 step 4, "verify the signing certificate"; RFC 5280 §4.2.1.3, §4.2.1.6, §4.2.1.9).
///
/// A chain to the root alone identifies no signer: GlobalSign Root CA - R3 is a public web root, so every TLS
/// server certificate it issues would otherwise sign BLOBs. The signing certificate must therefore:
///
/// - not be a certificate authority (basic constraints `cA` false or absent);
/// - allow `digitalSignature` when it carries a key usage extension;
/// - when it carries an extended key usage extension, list a purpose that signs content (RFC 5280 §4.2.1.12):
///   ``signingKeyPurposes``, among them `serverAuth`, which the FIDO Alliance's signer carries; a certificate
///   only for, say, OCSP responses or time stamps is refused;
/// - when a signer name is required, carry it as a subject alternative name `dNSName`, or, only when it has no
///   `dNSName` at all, as its subject common name (RFC 6125 §6.4.4), compared exactly and without case (no
///   wildcard matching).
enum MetadataBLOBSignerRequirements {
    /// `2.5.29.15`, key usage (RFC 5280 §4.2.1.3).
    static let keyUsageOID = "2.5.29.15"

    /// The extended key usage purposes that allow signing a BLOB (RFC 5280 §4.2.1.12, RFC 9336 §3.1):
    /// `anyExtendedKeyUsage`, `id-kp-serverAuth`, `id-kp-clientAuth`, `id-kp-codeSigning`,
    /// `id-kp-emailProtection` and `id-kp-documentSigning`.
    static let signingKeyPurposes: Set<String> = [
        "2.5.29.37.0", "1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2", "1.3.6.1.5.5.7.3.3", "1.3.6.1.5.5.7.3.4",
        "1.3.6.1.5.5.7.3.36",
    ]

    /// Throws `WebAuthnError/Code/invalidMetadata` unless `signer` may sign a BLOB under `expectedName`.
    static func check(_ signer: Certificate, expectedName: String?) throws(WebAuthnError) {
        if signer.isCertificateAuthority == true {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB is signed by a CA certificate (\(signer.subject)); the signer must be an "
                    + "end-entity certificate"
            )
        }
        switch digitalSignatureAllowed(signer) {
        case .some(false):
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate (\(signer.subject)) has a key usage without "
                    + "digitalSignature"
            )
        case .none:
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate (\(signer.subject)) has a malformed key usage extension"
            )
        case .some(true):
            break
        }
        let purposes = signer.extendedKeyUsageOIDs
        guard purposes.isEmpty || purposes.contains(where: signingKeyPurposes.contains) else {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate (\(signer.subject)) has an extended key usage that "
                    + "excludes signing: \(purposes.joined(separator: ", "))"
            )
        }
        guard let expectedName else { return }
        let dnsNames: [String]
        do {
            dnsNames = try SubjectAlternativeNames.dnsNames(of: signer)
        } catch {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate (\(signer.subject)) has a malformed subject alternative "
                    + "name extension"
            )
        }
        let names =
            dnsNames.isEmpty ? signer.subject.values(forOID: DistinguishedName.Attribute.commonNameOID) : dnsNames
        guard names.contains(where: { $0.lowercased() == expectedName.lowercased() }) else {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB's signing certificate (\(signer.subject)) is not issued to \(expectedName): "
                    + "its names are \(names.isEmpty ? "none" : names.joined(separator: ", "))"
            )
        }
    }

    /// Whether the key usage extension allows `digitalSignature`: `true` when it does or is absent, `false` when
    /// it does not, `nil` when it is malformed or repeated.
    private static func digitalSignatureAllowed(_ certificate: Certificate) -> Bool? {
        let matching = certificate.extensions.filter { $0.oid == keyUsageOID }
        guard let value = matching.first?.value else { return true }
        guard matching.count == 1, let node = try? SwiftASN1.DER.parse(value), node.identifier == .bitString,
            case .primitive(let bytes) = node.content, bytes.count >= 1
        else { return nil }
        guard bytes.count >= 2 else { return false }
        return bytes[bytes.startIndex + 1] & 0x80 != 0
    }
}
