import PasskeyCrypto
import PasskeyVerifier

extension VirtualMetadataService {
    /// A metadata BLOB payload entry (FIDO Metadata Service v3.0 §3.1.1) describing the authenticators that
    /// `attestation` attests, as JSON text for ``payload(serialNumber:nextUpdate:entries:)``: its generated root as
    /// the statement's only `attestationRootCertificates` (FIDO Metadata Statement v3.0 §4), and
    /// `attestationTypes` from ``VirtualAttestation/attestationType`` (`basic_full`, `attca`, `anonca`,
    /// `basic_surrogate` or `none`, §3.6.3 of the FIDO Registry of Predefined Values).
    ///
    /// A `fido-u2f` attestation does not sign the AAGUID (WebAuthn Level 3 §8.6), so its entry is a U2F entry found
    /// by ``VirtualAttestation/attestationCertificateKeyIdentifier`` and `aaguid` is ignored; every other entry is
    /// a FIDO2 entry for `aaguid`.
    ///
    /// - Parameters:
    ///   - attestation: The authority whose root the entry lists.
    ///   - aaguid: The authenticator model (``VirtualAuthenticator/aaguid``).
    ///   - description: The statement's `description`, which error messages and reports name.
    ///   - statusReports: `(status, effectiveDate)` pairs (§3.1.3), dates as `YYYY-MM-DD` or `nil`; the statuses
    ///     the MDS3 tests need are `FIDO_CERTIFIED`, `USER_VERIFICATION_BYPASS`, `ATTESTATION_KEY_COMPROMISE`,
    ///     `USER_KEY_REMOTE_COMPROMISE`, `USER_KEY_PHYSICAL_COMPROMISE` and `REVOKED`.
    ///   - timeOfLastStatusChange: The entry's `timeOfLastStatusChange`.
    public static func entry(
        for attestation: VirtualAttestation,
        aaguid: AAGUID,
        description: String,
        statusReports: [(status: String, effectiveDate: String?)] = [("FIDO_CERTIFIED_L1", "2024-01-01")],
        timeOfLastStatusChange: String = "2024-01-01"
    ) -> String {
        let isU2F = attestation.format == "fido-u2f"
        return entry(
            aaguid: isU2F ? nil : aaguid,
            description: description,
            attestationRootCertificates: attestation.rootCertificate.map { [$0] } ?? [],
            attestationTypes: [metadataAttestationType(attestation.attestationType)],
            statusReports: statusReports,
            timeOfLastStatusChange: timeOfLastStatusChange,
            attestationCertificateKeyIdentifiers: isU2F
                ? (attestation.attestationCertificateKeyIdentifier.map { [$0] } ?? []) : []
        )
    }

    /// The FIDO Registry name (§3.6.3) of a WebAuthn attestation type (§6.5.3).
    private static func metadataAttestationType(_ type: AttestationType) -> String {
        switch type {
        case .attCA: return "attca"
        case .anonCA: return "anonca"
        case .`self`: return "basic_surrogate"
        case .none: return "none"
        case .basic: return "basic_full"
        }
    }

    /// The PEM text (RFC 7468 §5.1, `CERTIFICATE`) of `certificate`, as a file for a host's trust-anchor option
    /// (such as the metadata root of a BLOB signed by this service).
    public static func pem(_ certificate: Certificate) -> String {
        pem(label: "CERTIFICATE", certificate.derEncoded)
    }

    /// The PEM text (RFC 7468 §6, `X509 CRL`) of a revocation list from ``revocationLists(thisUpdate:nextUpdate:revokingSigner:revokingIntermediate:)``.
    public static func pem(_ revocationList: CertificateRevocationList) -> String {
        pem(label: "X509 CRL", revocationList.derEncoded)
    }

    /// `-----BEGIN label-----`, the standard base64 of `bytes` in lines of 64 characters, `-----END label-----`.
    private static func pem(label: String, _ bytes: [UInt8]) -> String {
        let text = Base64URL.encodeStandard(bytes)
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 64, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }
}
