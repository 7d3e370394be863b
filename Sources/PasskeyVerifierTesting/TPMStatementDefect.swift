/// A deliberate flaw in a ``VirtualAttestation/tpm(notValidBefore:notValidAfter:algorithm:issuesThroughIntermediate:includesAAGUIDExtension:manufacturer:model:version:defects:statementDefects:)``
/// statement or its AIK certificate that only the AIK's and the CA's keys could produce, for the negative cases of
/// WebAuthn Level 3 §8.3.2 ("Verification procedure") and §8.3.1 (AIK certificate requirements). The statement is
/// still signed by the AIK, so the verifier reaches the named check. This library answers every one with
/// `invalidAttestationStatement` (pinned by `VirtualAttestationStatementDefectTests`).
public enum TPMStatementDefect: Sendable, Hashable, CaseIterable {
    /// `ver` is `"1.0"`, not `"2.0"`.
    case wrongVersion
    /// `certInfo.magic` is not `TPM_GENERATED_VALUE` (0xFF544347).
    case wrongMagic
    /// `certInfo.type` is `TPM_ST_ATTEST_QUOTE` (0x8018), not `TPM_ST_ATTEST_CERTIFY`.
    case wrongType
    /// `certInfo.extraData` is the hash of other data than `authenticatorData || clientDataHash`.
    case wrongExtraData
    /// `certInfo.attested.name` is not the Name of `pubArea`.
    case wrongAttestedName
    /// `pubArea` holds another key of the credential key's type (its `unique` is not the credential key), and
    /// `certInfo` certifies that `pubArea`.
    case pubAreaForAnotherKey
    /// The AIK certificate's subject is not empty.
    case nonEmptySubject
    /// The AIK certificate has no subject alternative name extension.
    case missingSubjectAlternativeName
    /// The AIK certificate's subject alternative name is not critical.
    case nonCriticalSubjectAlternativeName
    /// The AIK certificate's extended key usage lists `serverAuth` instead of `tcg-kp-AIKCertificate`
    /// (2.23.133.8.3).
    case missingAIKKeyPurpose
}
