import PasskeyVerifier

/// An account of a relying party: its username (WebAuthn Level 3 §5.4.3 `user.name`, as the host normalises it),
/// its user handle (§5.4.3 `user.id`) and the display name its owner chose (§5.4.3 `user.displayName`).
///
/// An ``AccountStore`` keeps one per username; every credential of the account carries its user handle.
public struct Account: Sendable, Hashable {
    /// The username.
    public var username: String
    /// The user handle: random, at most 64 bytes, saying nothing about the person (§5.4.3, §14.6.1).
    public var userHandle: [UInt8]
    /// The display name; `nil` shows the username.
    public var displayName: String?

    /// Creates an account value.
    public init(username: String, userHandle: [UInt8], displayName: String? = nil) {
        self.username = username
        self.userHandle = userHandle
        self.displayName = displayName
    }

    /// The display name, or the username when there is none.
    public var shownName: String { displayName ?? username }
}
