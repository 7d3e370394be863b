/// Which kind of authenticator the relying party wants (WebAuthn Level 3 §5.4.5 `AuthenticatorAttachment`).
public enum AuthenticatorAttachment: String, Sendable, Hashable, Codable {
    /// An authenticator built into the client device, such as iCloud Keychain or Windows Hello.
    case platform
    /// A roaming authenticator: a security key or a phone reached over hybrid transport.
    case crossPlatform = "cross-platform"
}
