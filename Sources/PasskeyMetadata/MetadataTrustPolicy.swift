import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a `RegistrationVerifier` uses a verified metadata BLOB, as its `AttestationTrustPolicy` (WebAuthn Level 3
/// §7.1 `#reg-ceremony-attestation-trust-anchors`, "obtain a list of acceptable trust anchors … for example, from the
/// FIDO Metadata Service"; FIDO Metadata Service v3.0 §3.2).
///
/// For each registration it looks the authenticator's entry up, by AAGUID, or for `fido-u2f` (whose signature
/// does not cover the AAGUID) and for a zero AAGUID by the key identifier of the attestation certificate, then:
///
/// - the entry's `attestationRootCertificates` are trust anchors for that registration (any format), besides the
///   format's own;
/// - a `basic` result is reported as `attca` when the entry lists `attca` and not `basic_full`, as `anonca` when it
///   lists `anonca` and neither of those (§6.5.3: they cannot be told apart without metadata);
/// - when the entry decides the attestation's trust (tied to it, with a trust path that reached an anchor), the
///   registration fails with `untrustedAttestation` when its attestation type is not among the statement's
///   `attestationTypes`, or a `packed` statement's `alg` is not among its `authenticationAlgorithms`
///   (Docs/Decisions.md "Metadata statement consistency");
/// - the registration fails with `authenticatorStatusRejected` when any report in force at the verification
///   instant has one of ``rejectedStatuses`` and no later certification cleared it
///   (``MetadataBLOBPayloadEntry/unclearedStatusReport(among:at:)``);
/// - with a ``minimumCertificationLevel``, it fails with `uncertifiedAuthenticator` unless the attestation is
///   trusted and the entry's certification at the instant is at least that level.
///
/// An authenticator without an entry is verified as without metadata (its format's anchors only).
public struct MetadataTrustPolicy: AttestationTrustPolicy {
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

    /// What the BLOB says about the authenticator that made a statement of `format` (`statementValue` as decoded)
    /// for a credential with `aaguid`: its entry's roots when the attestation is tied to it, then the decisions
    /// described above on its statuses, certification and attestation type (WebAuthn Level 3
    /// §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`; FIDO Metadata Service v3.0 §3.2).
    public func assessment(format: String, aaguid: AAGUID, statementValue: CBORValue) -> any AttestationTrustAssessment
    {
        MetadataTrustAssessment(
            policy: self,
            match: match(format: format, aaguid: aaguid, statementValue: statementValue),
            statements: Self.statements(format: format, statementValue: statementValue)
        )
    }

    /// The entry of the authenticator that made a statement of `format` (`statementValue` as decoded) for a
    /// credential with `aaguid`, and whether the attestation is tied to it (``MetadataMatch``).
    ///
    /// `fido-u2f` (whose signature does not cover the AAGUID), a zero AAGUID and a `compound` statement holding a
    /// `fido-u2f` sub-statement are looked up by the key identifier of that U2F certificate, never by AAGUID.
    func match(format: String, aaguid: AAGUID, statementValue: CBORValue) -> MetadataMatch? {
        let statements = Self.statements(format: format, statementValue: statementValue)
        if let u2f = statements.first(where: { $0.format == "fido-u2f" }) {
            return keyIdentifierMatch(statement: u2f.map)
        }
        guard !aaguid.isZero else {
            return statements.first.flatMap { keyIdentifierMatch(statement: $0.map) }
        }
        let skipped = blob.payload.skippedEntryStatuses(aaguid: aaguid)
        guard let entry = blob.entry(aaguid: aaguid) else {
            return skipped.isEmpty
                ? nil : MetadataMatch(entry: nil, isTiedToAttestation: false, skippedEntries: skipped)
        }
        let tied = statements.allSatisfy { statement in
            guard statement.format == "packed" || statement.format == "tpm",
                let leaf = Self.leafCertificate(of: statement.map)
            else { return true }
            if let value = leaf.extension(oid: CertificateExtensionValues.fidoAAGUIDOID)?.value,
                (try? CertificateExtensionValues.aaguid(from: value)) == aaguid.bytes
            {
                return true
            }
            guard let identifier = try? CertificateBuilder.keyIdentifier(of: leaf.publicKey) else { return false }
            return entry.attestationCertificateKeyIdentifiers.contains(Hexadecimal.encode(identifier))
        }
        return MetadataMatch(entry: entry, isTiedToAttestation: tied, skippedEntries: skipped)
    }

    /// The entry listing the key identifier of `statement`'s first `x5c` certificate.
    private func keyIdentifierMatch(statement: CBORMap) -> MetadataMatch? {
        guard let certificate = Self.leafCertificate(of: statement),
            let identifier = try? CertificateBuilder.keyIdentifier(of: certificate.publicKey)
        else { return nil }
        let hexadecimal = Hexadecimal.encode(identifier)
        let entry = blob.entry(attestationCertificateKeyIdentifier: hexadecimal)
        let skipped = blob.payload.skippedEntryStatuses(attestationCertificateKeyIdentifier: hexadecimal)
        guard entry != nil || !skipped.isEmpty else { return nil }
        return MetadataMatch(entry: entry, isTiedToAttestation: entry != nil, skippedEntries: skipped)
    }

    /// The (format, statement) pairs of an attestation: the sub-statements of `compound` (at most
    /// `CompoundAttestation/maximumStatementCount`), the statement itself otherwise.
    static func statements(format: String, statementValue: CBORValue) -> [(format: String, map: CBORMap)] {
        guard format == "compound" else {
            return [(format, statementValue.mapValue ?? CBORMap(entries: []))]
        }
        let elements = (statementValue.arrayValue ?? []).prefix(CompoundAttestation.maximumStatementCount)
        return elements.compactMap { element in
            guard let map = element.mapValue, let subFormat = map[textKey: "fmt"]?.textStringValue,
                let statement = map[textKey: "attStmt"]?.mapValue
            else { return nil }
            return (subFormat, statement)
        }
    }

    /// The first `x5c` certificate of a statement (repaired as `fido-u2f` does), `nil` when there is none.
    private static func leafCertificate(of statement: CBORMap) -> Certificate? {
        guard let certificates = statement[textKey: "x5c"]?.arrayValue,
            let der = certificates.first?.byteStringValue
        else { return nil }
        return try? Certificate.parsed(derEncoded: FIDOU2FAttestation.repairedCertificate(der))
    }

    /// The attestation type with metadata's knowledge (§6.5.3: an x5c statement looks the same whether its
    /// certificate is a batch's, an attestation CA's or an anonymization CA's): `basic` becomes `attca` when the
    /// entry lists `attca` and not `basic_full`, and `anonca` when it lists `anonca` and neither of those.
    func attestationType(_ type: AttestationType, entry: MetadataBLOBPayloadEntry?) -> AttestationType {
        guard type == .basic, let types = entry?.metadataStatement?.attestationTypes, !types.contains("basic_full")
        else { return type }
        if types.contains("attca") { return .attCA }
        if types.contains("anonca") { return .anonCA }
        return type
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
        _ match: MetadataMatch?,
        aaguid: AAGUID,
        trust: AttestationTrust,
        at instant: Date
    ) throws(WebAuthnError) {
        let entry = match?.entry
        let name = entry?.description.map { "\"\($0)\"" } ?? "authenticator \(aaguid)"
        for skipped in match?.skippedEntries ?? [] {
            guard let reports = skipped.statusReports else {
                throw WebAuthnError(
                    .invalidMetadata,
                    "the metadata BLOB has a malformed entry for \(name) (\(skipped.reason)) whose status reports "
                        + "cannot be read; it might report a compromise"
                )
            }
            if let report = MetadataBLOBPayloadEntry.unclearedStatusReport(
                in: reports, among: rejectedStatuses, at: instant)
            {
                throw WebAuthnError(
                    .authenticatorStatusRejected,
                    "a skipped metadata entry for \(name) (\(skipped.reason)) reports \(report.status)"
                        + (report.effectiveDate.map { " since \(MetadataDate.format($0))" } ?? "")
                )
            }
        }
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
        guard match?.isTiedToAttestation == true else {
            throw WebAuthnError(
                .uncertifiedAuthenticator,
                "the attestation certificate of \(name) neither names its AAGUID (extension "
                    + "1.3.6.1.4.1.45724.1.1.4) nor is listed in its metadata entry, so the entry's certification "
                    + "cannot be relied on; \(minimumCertificationLevel) is required"
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
