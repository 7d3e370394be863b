/// The attestation types of WebAuthn Level 3 §6.5.3, as a verifier reports them.
///
/// `basic` and `attCA` cannot be told apart without authenticator metadata
/// (§6.5.3), so the `packed` format reports `basic` for every x5c statement.
public enum AttestationType: String, Sendable, Hashable, Codable, CaseIterable {
    /// No attestation statement (`none`, §8.7).
    case none = "none"
    /// Self attestation: signed with the credential private key (§6.5.3).
    case `self` = "self"
    /// Basic attestation: signed with an attestation key shared by a batch of authenticators.
    case basic = "basic"
    /// Attestation CA: signed with a key certified by an attestation CA (TPM AIKs).
    case attCA = "attca"
    /// Anonymization CA: a per-credential certificate from an anonymization CA (Apple).
    case anonCA = "anonca"
}
