/// A deliberate flaw in a ``VirtualAttestation/androidSafetyNet(notValidBefore:notValidAfter:issuesThroughIntermediate:defects:statementDefects:clock:)``
/// statement or its SafetyNet response that only the generated `attest.android.com` key could sign, for the
/// negative cases of WebAuthn Level 3 §8.5.2 ("Verification procedure") and the SafetyNet Attestation API's
/// offline checks. The JWS stays signed by the leaf's key, so the verifier reaches the named check. This library
/// answers every one with `invalidAttestationStatement` (pinned by `VirtualAttestationStatementDefectTests`).
public enum SafetyNetStatementDefect: Sendable, Hashable, CaseIterable {
    /// `ver` is the empty string.
    case emptyVersion
    /// `response` is an empty byte string (no JWS at all).
    case emptyResponse
    /// The payload's `nonce` is the base64 of the SHA-256 of other data than `authenticatorData || clientDataHash`.
    case wrongNonce
    /// The JWS header's `x5c` is an empty array.
    case emptyCertificateChain
    /// The payload's `ctsProfileMatch` is false (`basicIntegrity` stays true).
    case ctsProfileMismatch
    /// The payload's `timestampMs` is two minutes after the statement's creation.
    case timestampInTheFuture
    /// The payload's `timestampMs` is two minutes before the statement's creation: more than a minute old.
    case staleTimestamp
}
