/// A deliberate flaw in a ``VirtualAttestation/androidKey(notValidBefore:notValidAfter:issuesThroughIntermediate:defects:statementDefects:)``
/// attestation certificate's KeyDescription or key that only the generated CA could issue, for the negative cases
/// of WebAuthn Level 3 §8.4.2 ("Verification procedure"). The statement stays signed by the leaf's key, so the
/// verifier reaches the named check. This library answers every one with `invalidAttestationStatement` (pinned
/// by `VirtualAttestationStatementDefectTests`).
public enum AndroidKeyStatementDefect: Sendable, Hashable, CaseIterable {
    /// `attestationChallenge` is not the `clientDataHash`.
    case wrongAttestationChallenge
    /// `softwareEnforced` holds `[600] allApplications`: the key is not scoped to the relying party.
    case allApplications
    /// `teeEnforced` `origin` is `KM_ORIGIN_IMPORTED` (2), not `KM_ORIGIN_GENERATED`.
    case originNotGenerated
    /// `teeEnforced` `purpose` is `{KM_PURPOSE_ENCRYPT}` (0), without `KM_PURPOSE_SIGN`.
    case purposeNotSign
    /// The leaf certifies another key than the credential public key (which signs the statement).
    case leafKeyNotCredentialKey
}
