/// The `response` member of an authentication response in JSON form
/// (WebAuthn Level 3 §5.1 `AuthenticatorAssertionResponseJSON`, §5.2.2).
public struct AuthenticatorAssertionResponseJSON: Codable, Sendable, Hashable {
    /// `clientDataJSON`, base64url (§5.2).
    public var clientDataJSON: String
    /// `authenticatorData`, base64url (§5.2.2, §6.1).
    public var authenticatorData: String
    /// `signature`, base64url (§5.2.2, §6.3.3).
    public var signature: String
    /// `userHandle`, base64url; absent, `null` or empty when the authenticator returned none (§5.2.2).
    public var userHandle: String?

    /// Creates the response.
    public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String? = nil) {
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
