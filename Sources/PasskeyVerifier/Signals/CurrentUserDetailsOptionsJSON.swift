/// The argument of `PublicKeyCredential.signalCurrentUserDetails()` (WebAuthn Level 3 §5.1.10.3
/// `CurrentUserDetailsOptions`): the account's current `name` and `displayName`, so the credential manager
/// can update what it shows next to the user's passkeys after a rename.
public struct CurrentUserDetailsOptionsJSON: Codable, Sendable, Hashable {
    /// `rpId`: the relying party.
    public var rpId: String
    /// `userId`: the user handle, base64url.
    public var userId: String
    /// `name`: the account identifier the user recognizes (§5.4.1).
    public var name: String
    /// `displayName`: the name to show for the account (§5.4.3).
    public var displayName: String

    /// Creates the options for `user`.
    public init(relyingPartyID: String, user: PublicKeyCredentialUserEntity) {
        self.rpId = relyingPartyID
        self.userId = Base64URL.encode(user.id)
        self.name = user.name
        self.displayName = user.displayName
    }
}
