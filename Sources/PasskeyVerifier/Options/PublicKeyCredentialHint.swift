/// A hint to the client about which authenticator to offer first (WebAuthn Level 3 §5.8.7
/// `PublicKeyCredentialHint`).
public enum PublicKeyCredentialHint: String, Sendable, Hashable, Codable {
    /// A removable security key.
    case securityKey = "security-key"
    /// An authenticator built into the device the user is on.
    case clientDevice = "client-device"
    /// A phone or other device reached over hybrid transport.
    case hybrid
}
