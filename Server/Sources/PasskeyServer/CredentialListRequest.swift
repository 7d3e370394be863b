/// The body of `POST /credentials`: whose passkeys to list.
public struct CredentialListRequest: Codable, Sendable, Hashable {
    /// The account (WebAuthn Level 3 §5.4.3 `user.name`).
    public var username: String

    /// Creates a request.
    public init(username: String) {
        self.username = username
    }
}
