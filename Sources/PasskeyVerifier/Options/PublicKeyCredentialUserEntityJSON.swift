/// The user account as the options name it, in JSON form (WebAuthn Level 3 §5.1
/// `PublicKeyCredentialUserEntityJSON`, §5.4.3).
public struct PublicKeyCredentialUserEntityJSON: Codable, Sendable, Hashable {
    /// `id`: the user handle, base64url (§5.4.3: 1 to 64 bytes, no personally identifying information).
    public var id: String
    /// `name`: the account identifier the user recognizes, such as an email address (§5.4.1).
    public var name: String
    /// `displayName`: the user's name for display (§5.4.3).
    public var displayName: String

    /// Creates the entity.
    public init(id: String, name: String, displayName: String) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }
}
