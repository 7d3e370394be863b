import PasskeyVerifier

/// A relying party's accounts: one user handle (WebAuthn Level 3 §5.4.3 `user.id`) per username, kept beside the
/// credential records so that every credential of a user carries the same handle (§6.1 "user handle", §14.6.1).
///
/// A user handle is random and reveals nothing about the user; the username is only the name the client shows
/// (§5.4.3 `user.name`). The host decides when an account is created (commonly when its first passkey is stored,
/// see `CompletedRegistration/user`) and how usernames are normalised; the store only keeps them.
///
/// Implementations must make ``createAccount(_:)`` and ``userHandle(forUsername:proposing:)`` atomic: of two
/// creations of one username at the same moment, in any process sharing the store, one wins and both callers see
/// the winner. ``InMemoryAccountStore`` keeps accounts for one process; the `SQLite` and `PostgreSQL` traits ship
/// stores in the same database as the credential records (`SQLiteStorage.accountStore`,
/// `PostgresStorage.accountStore`). `AccountStoreConformanceTests` in the test kit checks an implementation.
public protocol AccountStore: Sendable {
    /// Creates `account` unless its username or its user handle is taken.
    ///
    /// - Returns: `true` when this call created it, `false` when the username or the handle existed (nothing
    ///   changed).
    func createAccount(_ account: Account) async throws -> Bool

    /// The user handle of `username`, stored as `proposed` when the username has none yet (an open registration
    /// that creates the account when the options are asked for, such as the FIDO conformance tools expect).
    ///
    /// - Returns: the handle stored for `username`: the existing one, or `proposed` when this call created it.
    func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8]

    /// The user handle of `username`, or `nil` when there is no such account.
    func existingUserHandle(forUsername username: String) async throws -> [UInt8]?

    /// The account that owns `userHandle`, or `nil` when no account has it.
    func account(forUserHandle userHandle: [UInt8]) async throws -> Account?

    /// Sets the display name of the account that owns `userHandle` (`nil` shows the username).
    ///
    /// - Returns: whether such an account exists.
    func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool
}
