import PasskeyCBOR
import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a ``RegistrationVerifier`` uses a verified metadata BLOB (WebAuthn Level 3 §7.1 step 23, "obtain a list
/// of acceptable trust anchors … for example, from the FIDO Metadata Service"; FIDO Metadata Service v3.0 §3.2).
///
/// For each registration it looks the authenticator's entry up, by AAGUID, or for `fido-u2f` (whose signature
/// does not cover the AAGUID) and for a zero AAGUID by the key identifier of the attestation certificate, then:
///
/// - the entry's `attestationRootCertificates` are trust anchors for that registration (any format), besides the
///   format's own;
/// - a `basic` result is reported as `attca` when the entry lists `attca` and not `basic_full`
///   (§6.5.3: the two cannot be told apart without metadata);
/// - the registration fails with `authenticatorStatusRejected` when any report in force at the verification
///   instant has one of ``rejectedStatuses`` and no later certification cleared it
///   (``MetadataBLOBPayloadEntry/unclearedStatusReport(among:at:)``);
/// - with a ``minimumCertificationLevel``, it fails with `uncertifiedAuthenticator` unless the attestation is
///   trusted and the entry's certification at the instant is at least that level.
///
/// An authenticator without an entry is verified as without metadata (its format's anchors only).
public struct MetadataTrustPolicy: Sendable {
    /// The verified BLOB.
    public let blob: MetadataBLOB
    /// The statuses that reject an authenticator when a report of one is in force and not cleared;
    /// ``AuthenticatorStatus/compromised`` by default.
    public var rejectedStatuses: Set<AuthenticatorStatus>
    /// The lowest certification accepted (`FIDO_CERTIFIED_L1` … `FIDO_CERTIFIED_L3plus`), `nil` for none.
    public var minimumCertificationLevel: AuthenticatorStatus?

    /// Creates a policy over a verified BLOB.
    public init(
        blob: MetadataBLOB,
        rejectedStatuses: Set<AuthenticatorStatus> = AuthenticatorStatus.compromised,
        minimumCertificationLevel: AuthenticatorStatus? = nil
    ) {
        self.blob = blob
        self.rejectedStatuses = rejectedStatuses
        self.minimumCertificationLevel = minimumCertificationLevel
    }

    /// The entry of the authenticator that made a statement of `format` for a credential with `aaguid`.
    func entry(format: String, aaguid: AAGUID, statement: CBORMap) -> MetadataBLOBPayloadEntry? {
        if format != "fido-u2f", !aaguid.isZero {
            return blob.entry(aaguid: aaguid)
        }
        guard let certificates = statement[textKey: "x5c"]?.arrayValue,
            let der = certificates.first?.byteStringValue,
            let certificate = try? Certificate.parsed(derEncoded: FIDOU2FAttestation.repairedCertificate(der)),
            let identifier = try? CertificateBuilder.keyIdentifier(of: certificate.publicKey)
        else { return nil }
        return blob.entry(attestationCertificateKeyIdentifier: Hexadecimal.encode(identifier))
    }

    /// The attestation type with metadata's knowledge: `basic` becomes `attca` when the entry lists `attca` and
    /// not `basic_full`.
    func attestationType(_ type: AttestationType, entry: MetadataBLOBPayloadEntry?) -> AttestationType {
        guard type == .basic, let types = entry?.metadataStatement?.attestationTypes,
            types.contains("attca"), !types.contains("basic_full")
        else { return type }
        return .attCA
    }

    /// The status to report for `entry` at `instant`: an uncleared report of ``rejectedStatuses`` or
    /// ``AuthenticatorStatus/compromised`` when there is one (so a host that rejects nothing still sees it), the
    /// latest report otherwise.
    func reportedStatus(of entry: MetadataBLOBPayloadEntry?, at instant: Date) -> AuthenticatorStatus? {
        guard let entry else { return nil }
        let flagged = entry.unclearedStatusReport(
            among: rejectedStatuses.union(AuthenticatorStatus.compromised), at: instant)
        return (flagged ?? entry.latestStatusReport(at: instant))?.status
    }

    /// Checks the entry's status and certification at `instant` for a registration whose attestation was
    /// found `trust`.
    func check(
        _ entry: MetadataBLOBPayloadEntry?,
        aaguid: AAGUID,
        trust: AttestationTrust,
        at instant: Date
    ) throws(WebAuthnError) {
        let name = entry?.description.map { "\"\($0)\"" } ?? "authenticator \(aaguid)"
        if let entry, let report = entry.unclearedStatusReport(among: rejectedStatuses, at: instant) {
            throw WebAuthnError(
                .authenticatorStatusRejected,
                "the metadata of \(name) reports \(report.status)"
                    + (report.effectiveDate.map { " since \(MetadataDate.format($0))" } ?? "")
                    + ", not cleared by a later certification"
            )
        }
        guard let minimumCertificationLevel else { return }
        let minimumRank = minimumCertificationLevel.certificationRank ?? 1
        guard let entry else {
            throw WebAuthnError(
                .uncertifiedAuthenticator,
                "\(name) has no metadata entry; \(minimumCertificationLevel) is required"
            )
        }
        guard trust == .trusted else {
            throw WebAuthnError(
                .uncertifiedAuthenticator,
                "the attestation of \(name) is not trusted, so its certification cannot be relied on; "
                    + "\(minimumCertificationLevel) is required"
            )
        }
        let certification = entry.certificationStatus(at: instant)
        guard let rank = certification?.certificationRank, rank >= minimumRank else {
            throw WebAuthnError(
                .uncertifiedAuthenticator,
                "\(name) is \(certification.map(\.rawValue) ?? "not certified"); "
                    + "\(minimumCertificationLevel) is required"
            )
        }
    }
}
