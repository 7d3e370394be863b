#if Hummingbird
/// The body of `POST /credentials/{id}/rename` (`nickname`) and `POST /account/display-name` (`displayName`,
/// WebAuthn Level 3 §5.4.3): the new name, empty to clear it.
public struct NameChangeRequest: Codable, Sendable, Hashable {
    /// A passkey's new nickname.
    public var nickname: String?
    /// The account's new display name.
    public var displayName: String?

    /// Creates a request.
    public init(nickname: String? = nil, displayName: String? = nil) {
        self.nickname = nickname
        self.displayName = displayName
    }
}
#endif
