/// How the client mediates a ceremony (Credential Management Level 1 §2.3.2 `CredentialMediationRequirement`,
/// WebAuthn Level 3 §5.1.3 and §5.1.4).
///
/// Only `conditional` changes verification: a registration made with conditional mediation (an automatic
/// passkey upgrade after a password sign-in, §5.1.3) may have the UP flag clear
/// (§7.1 `#sctn-registering-a-new-credential` step "UP").
public enum CredentialMediationRequirement: String, Codable, Sendable, Hashable, CaseIterable {
    /// The client may not involve the user.
    case silent
    /// The client involves the user if it must (the default).
    case optional
    /// The client offers credentials without a modal dialog: autofill for `get()`, an automatic upgrade for
    /// `create()`.
    case conditional
    /// The client always involves the user.
    case required
}
