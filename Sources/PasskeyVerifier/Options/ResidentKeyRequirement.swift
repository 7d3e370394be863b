/// Whether the relying party wants a client-side discoverable credential, a passkey that can sign in
/// without a user name first (WebAuthn Level 3 §5.4.6 `ResidentKeyRequirement`).
public enum ResidentKeyRequirement: String, Sendable, Hashable, Codable {
    /// A server-side credential is preferred; a discoverable one is acceptable.
    case discouraged
    /// A discoverable credential is preferred; a server-side one is acceptable.
    case preferred
    /// A discoverable credential is required; the ceremony fails on authenticators that cannot create one.
    case required
}
