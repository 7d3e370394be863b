import PasskeyVerifier

/// An ``AccountStore`` in the memory of one process (WebAuthn Level 3 §5.4.3 `user.id`): for a single instance
/// and for tests.
///
/// An actor, so creation is atomic for every task of the process. It shares nothing between processes and holds
/// every account it is given: a host that serves the open internet bounds account creation (for instance to
/// registrations that stored a passkey) or uses a database store.
public actor InMemoryAccountStore: AccountStore {
    private var table = InMemoryAccountTable()

    /// Creates an empty store.
    public init() {}

    /// The number of accounts held.
    public var count: Int { table.count }

    /// Creates `account` unless its username or user handle is taken.
    public func createAccount(_ account: Account) -> Bool {
        table.createAccount(account)
    }

    /// The handle of `username`, creating the account with `proposed` when there is none.
    ///
    /// - Throws: `StoreError/Code/corruptedRow` when the name is free but `proposed` belongs to another account.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) throws -> [UInt8] {
        try table.userHandle(forUsername: username, proposing: proposed)
    }

    /// The handle of `username`, or `nil`.
    public func existingUserHandle(forUsername username: String) -> [UInt8]? {
        table.existingUserHandle(forUsername: username)
    }

    /// The account of `userHandle`, or `nil`.
    public func account(forUserHandle userHandle: [UInt8]) -> Account? {
        table.account(forUserHandle: userHandle)
    }

    /// Sets the display name of the account of `userHandle`.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) -> Bool {
        table.setDisplayName(displayName, forUserHandle: userHandle)
    }
}
