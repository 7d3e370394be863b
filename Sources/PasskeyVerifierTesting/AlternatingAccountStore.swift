import PasskeyAccounts
import PasskeyVerifier

/// An account store that sends each call to the next of several stores in turn, for running
/// ``AccountStoreConformanceTests`` as several server instances sharing one database would (WebAuthn Level 3
/// §5.4.3): give it one store per connection or pool, all over the same database.
public struct AlternatingAccountStore: AccountStore {
    let stores: [any AccountStore]
    let turns = Turns()

    /// Creates the alternating store over `stores`, which must not be empty.
    public init(stores: [any AccountStore]) {
        precondition(!stores.isEmpty, "AlternatingAccountStore needs stores")
        self.stores = stores
    }

    func next() async -> any AccountStore {
        stores[await turns.take() % stores.count]
    }

    /// Creates `account` through the next store.
    public func createAccount(_ account: Account) async throws -> Bool {
        try await next().createAccount(account)
    }

    /// Asks the next store for the handle of `username`, proposing `proposed`.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
        try await next().userHandle(forUsername: username, proposing: proposed)
    }

    /// Asks the next store for the handle of `username`.
    public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
        try await next().existingUserHandle(forUsername: username)
    }

    /// Asks the next store for the account of `userHandle`.
    public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
        try await next().account(forUserHandle: userHandle)
    }

    /// Sets the display name through the next store.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
        try await next().setDisplayName(displayName, forUserHandle: userHandle)
    }
}
