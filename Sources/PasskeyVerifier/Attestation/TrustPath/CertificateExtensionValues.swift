import PasskeyCrypto

/// Readers for the certificate extensions attestation formats define.
package enum CertificateExtensionValues {
    /// id-fido-gen-ce-aaguid (WebAuthn Level 3 §8.2.1): the AAGUID, an OCTET STRING of 16 bytes.
    package static let fidoAAGUIDOID = "1.3.6.1.4.1.45724.1.1.4"
    /// Apple's anonymous attestation nonce extension (WebAuthn Level 3 §8.8).
    package static let appleNonceOID = "1.2.840.113635.100.8.2"

    /// The 16 AAGUID bytes of an id-fido-gen-ce-aaguid extension value (`04 10 <16 bytes>`).
    package static func aaguid(from value: [UInt8]) throws -> [UInt8] {
        let aaguid = try DER.parse(value[...], expecting: DER.octetStringTag)
        guard aaguid.count == 16 else { throw CertificateExtensionValueError.malformed }
        return Array(aaguid)
    }

    /// Checks the id-fido-gen-ce-aaguid extension when `certificate` has one: it must hold an OCTET STRING of
    /// 16 bytes equal to the authenticator data's AAGUID, and, where `requireNonCritical`, be non-critical
    /// (§8.2.1 for packed, §8.3.1 for tpm).
    package static func checkAAGUIDExtension(
        of certificate: Certificate,
        matches aaguid: AAGUID,
        certificateName: String,
        requireNonCritical: Bool
    ) throws(WebAuthnError) {
        guard let aaguidExtension = certificate.extension(oid: fidoAAGUIDOID) else {
            return
        }
        if requireNonCritical, aaguidExtension.isCritical {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the \(certificateName)'s AAGUID extension must not be critical"
            )
        }
        let certifiedAAGUID: [UInt8]
        do {
            certifiedAAGUID = try Self.aaguid(from: aaguidExtension.value)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the \(certificateName)'s AAGUID extension is not an OCTET STRING of 16 bytes"
            )
        }
        guard certifiedAAGUID == aaguid.bytes else {
            let certified = AAGUID(bytes: certifiedAAGUID).map { "\($0)" } ?? "?"
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the \(certificateName) certifies AAGUID \(certified) but the authenticator data carries \(aaguid)"
            )
        }
    }

    /// The nonce of an Apple anonymous attestation extension value:
    /// `SEQUENCE { [1] EXPLICIT OCTET STRING }` (WebAuthn Level 3 §8.8 step 3).
    package static func appleNonce(from value: [UInt8]) throws -> [UInt8] {
        let children = try DER.children(of: value[...])
        guard children.count == 1, let explicitTag = children.first, explicitTag.tag == 0xA1 else {
            throw CertificateExtensionValueError.malformed
        }
        return Array(try DER.parse(explicitTag.value, expecting: DER.octetStringTag))
    }
}
