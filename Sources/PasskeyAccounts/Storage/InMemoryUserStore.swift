import Foundation
import PasskeyVerifier

/// A ``UserStore`` in the memory of one process: the accounts (WebAuthn Level 3 §5.4.3 `user.id`), their Sign in
/// with Apple links and the single-use Apple secrets, for a single instance and for tests.
///
/// An actor whose every call runs without suspending (the Sign in with Apple calls are `async` only so that a call
/// on the actor's own type picks them rather than the protocol's defaults), so each is atomic for every task of the
/// process: of two first
/// Sign in with Apple sign-ins of one subject one creates the account and the link and the other reads them, and of
/// two takes of one secret one gets it. It shares nothing between processes and holds every account and secret it
/// is given: the host bounds them (the periodic ``removeExpiredAppleSignInSecrets(at:)`` and
/// ``removeOldestAppleSignInSecrets(purpose:keeping:)``, accounts made only by stored passkeys).
public actor InMemoryUserStore: UserStore {
    private var accounts = InMemoryAccountTable()
    /// The username of each linked Apple subject.
    private var usernamesBySubject: [String: String] = [:]
    /// The usernames that have a link.
    private var linkedUsernames: Set<String> = []
    private var secrets: [String: Secret] = [:]
    private var nextSequence: UInt64 = 0

    /// A secret and the order it was stored in, which breaks ties of ``AppleSignInSecret/expiresAt``.
    fileprivate struct Secret {
        let secret: AppleSignInSecret
        let sequence: UInt64
    }

    /// Creates an empty store.
    public init() {}

    /// The number of accounts held.
    public var accountCount: Int { accounts.count }

    /// The number of Sign in with Apple secrets held, expired ones not removed yet included.
    public var appleSignInSecretCount: Int { secrets.count }

    /// Creates `account` unless its username or user handle is taken.
    public func createAccount(_ account: Account) -> Bool {
        accounts.createAccount(account)
    }

    /// The handle of `username`, creating the account with `proposed` when there is none.
    ///
    /// - Throws: `StoreError/Code/corruptedRow` when the name is free but `proposed` belongs to another account.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) throws -> [UInt8] {
        try accounts.userHandle(forUsername: username, proposing: proposed)
    }

    /// The handle of `username`, or `nil`.
    public func existingUserHandle(forUsername username: String) -> [UInt8]? {
        accounts.existingUserHandle(forUsername: username)
    }

    /// The account of `userHandle`, or `nil`.
    public func account(forUserHandle userHandle: [UInt8]) -> Account? {
        accounts.account(forUserHandle: userHandle)
    }

    /// Sets the display name of the account of `userHandle`.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) -> Bool {
        accounts.setDisplayName(displayName, forUserHandle: userHandle)
    }

    /// Whether the account of `userHandle` is linked to a Sign in with Apple user.
    public func hasAppleSignIn(userHandle: [UInt8]) async -> Bool {
        guard let account = accounts.account(forUserHandle: userHandle) else { return false }
        return linkedUsernames.contains(account.username)
    }

    /// The username linked to `subject`; on the first sign-in, creates the account
    /// ``AppleAccountUsername/username(forSubject:)`` with the handle `proposed` and the link, together.
    ///
    /// - Throws: ``AppleAccountConflict`` when that account exists without the link;
    ///   `StoreError/Code/corruptedRow` when `proposed` belongs to another account (nothing is created).
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        if let linked = usernamesBySubject[subject] {
            return linked
        }
        let username = AppleAccountUsername.username(forSubject: subject)
        guard accounts.existingUserHandle(forUsername: username) == nil else {
            throw AppleAccountConflict(username: username)
        }
        guard accounts.createAccount(Account(username: username, userHandle: proposed)) else {
            throw StoreError(.corruptedRow, "the proposed user handle belongs to another account")
        }
        usernamesBySubject[subject] = username
        linkedUsernames.insert(username)
        return username
    }

    /// Keeps `secret` until it is taken or removed.
    ///
    /// - Throws: ``InMemoryStoreError`` when a secret with the same value is kept already.
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        guard secrets[secret.value] == nil else {
            throw InMemoryStoreError("a Sign in with Apple secret with this value is kept already")
        }
        secrets[secret.value] = Secret(secret: secret, sequence: nextSequence)
        nextSequence &+= 1
    }

    /// Removes the secret `value` kept for `purpose` and returns it, unless it expired before `now` (then it is
    /// removed and `nil` is returned).
    public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async
        -> AppleSignInSecret?
    {
        guard let kept = secrets[value], kept.secret.purpose == purpose else { return nil }
        secrets[value] = nil
        guard AppleSignInSecret.seconds(now) <= kept.secret.expiresAt else { return nil }
        return kept.secret
    }

    /// Removes the secrets that expired before `now`; how many.
    public func removeExpiredAppleSignInSecrets(at now: Date) async -> Int {
        let present = AppleSignInSecret.seconds(now)
        let before = secrets.count
        secrets = secrets.filter { present <= $0.value.secret.expiresAt }
        return before - secrets.count
    }

    /// Removes the secrets of `purpose` that expire first (of those expiring together, the first stored) until at
    /// most `maximumCount` of that purpose are left; how many.
    public func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int) async
        -> Int
    {
        let removed = secrets.values
            .filter { $0.secret.purpose == purpose }
            .sorted { ($0.secret.expiresAt, $0.sequence) > ($1.secret.expiresAt, $1.sequence) }
            .dropFirst(max(0, maximumCount))
        for secret in removed {
            secrets[secret.secret.value] = nil
        }
        return removed.count
    }

    /// The store's whole content at one instant, for ``InMemoryAccountStorage``'s rollback: taking it copies
    /// nothing until the store changes.
    package struct Snapshot: Sendable {
        fileprivate let accounts: InMemoryAccountTable
        fileprivate let usernamesBySubject: [String: String]
        fileprivate let linkedUsernames: Set<String>
        fileprivate let secrets: [String: Secret]
        fileprivate let nextSequence: UInt64
    }

    /// The content now.
    package func snapshot() -> Snapshot {
        Snapshot(
            accounts: accounts,
            usernamesBySubject: usernamesBySubject,
            linkedUsernames: linkedUsernames,
            secrets: secrets,
            nextSequence: nextSequence
        )
    }

    /// Puts back the content of `snapshot`, discarding every write since.
    package func restore(_ snapshot: Snapshot) {
        accounts = snapshot.accounts
        usernamesBySubject = snapshot.usernamesBySubject
        linkedUsernames = snapshot.linkedUsernames
        secrets = snapshot.secrets
        nextSequence = snapshot.nextSequence
    }
}
