/// The user account a credential is registered for (WebAuthn Level 3 §5.4.3 `PublicKeyCredentialUserEntity`).
public struct PublicKeyCredentialUserEntity: Sendable, Hashable {
    /// The user handle (§5.4.3 `id`): 1 to 64 bytes that identify the account and say nothing about the
    /// person (§14.6.1). Keep it in your user table; assertions of discoverable credentials return it as
    /// `userHandle`, and the relying party stores it in ``CredentialRecord/userHandle``.
    public var id: [UInt8]
    /// The account identifier the user recognizes, such as an email address or user name (§5.4.1 `name`).
    public var name: String
    /// The name to show for the account, such as the person's full name (§5.4.3 `displayName`).
    public var displayName: String

    /// The shortest user handle, in bytes (§5.4.3).
    public static let minimumIDLength = 1
    /// The longest user handle, in bytes (§5.4.3).
    public static let maximumIDLength = 64

    /// Creates the entity.
    public init(id: [UInt8], name: String, displayName: String) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }
}
