import PasskeyVerifier

/// The accounts of an in-memory store as one value: one user handle per username (WebAuthn Level 3 §5.4.3
/// `user.id`), the logic ``InMemoryAccountStore`` and ``InMemoryUserStore`` share. Every method runs without
/// suspending, so an actor holding the table makes each call atomic.
package struct InMemoryAccountTable: Sendable {
    private var handlesByUsername: [String: [UInt8]] = [:]
    private var accountsByHandle: [[UInt8]: Account] = [:]

    /// An empty table.
    package init() {}

    /// The number of accounts.
    package var count: Int { accountsByHandle.count }

    /// Adds `account` unless its username or user handle is taken; whether it did.
    package mutating func createAccount(_ account: Account) -> Bool {
        guard handlesByUsername[account.username] == nil, accountsByHandle[account.userHandle] == nil else {
            return false
        }
        handlesByUsername[account.username] = account.userHandle
        accountsByHandle[account.userHandle] = account
        return true
    }

    /// The handle of `username`, adding the account with `proposed` when there is none.
    ///
    /// - Throws: `StoreError/Code/corruptedRow` when the name is free but `proposed` belongs to another account.
    package mutating func userHandle(forUsername username: String, proposing proposed: [UInt8]) throws -> [UInt8] {
        if let existing = handlesByUsername[username] {
            return existing
        }
        guard createAccount(Account(username: username, userHandle: proposed)) else {
            throw StoreError(.corruptedRow, "the proposed user handle belongs to another account")
        }
        return proposed
    }

    /// The handle of `username`, or `nil`.
    package func existingUserHandle(forUsername username: String) -> [UInt8]? {
        handlesByUsername[username]
    }

    /// The account of `userHandle`, or `nil`.
    package func account(forUserHandle userHandle: [UInt8]) -> Account? {
        accountsByHandle[userHandle]
    }

    /// Sets the display name of the account of `userHandle`; whether there is one.
    package mutating func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) -> Bool {
        guard accountsByHandle[userHandle] != nil else { return false }
        accountsByHandle[userHandle]?.displayName = displayName
        return true
    }
}
