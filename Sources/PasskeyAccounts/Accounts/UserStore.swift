import Foundation
import PasskeyVerifier

/// The server's accounts: the library's ``AccountStore`` (one user handle, WebAuthn Level 3
/// §5.4.3 `user.id`, per username, created when the first passkey of a new username is stored and kept for every
/// later ceremony), plus the links and single-use secrets of Sign in with Apple.
///
/// A host that mounts the routes without Sign in with Apple implements only the ``AccountStore``
/// requirements: the Apple ones have defaults that keep nothing. `SQLiteUserStore` and `PostgresUserStore` keep
/// the accounts in the library's `passkey_accounts` table, on the storage's own connection, and the Apple links
/// beside it.
public protocol UserStore: AccountStore {
    /// Whether the account of `userHandle` is linked to a Sign in with Apple user, so that it can be signed in to
    /// without a passkey.
    func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool

    /// The username of the account linked to the Sign in with Apple user `subject` (the identity token's `sub`):
    /// on the first sign-in, the account ``AppleAccountUsername/username(forSubject:)`` is created with the handle
    /// `proposed` and linked; afterwards the link is returned. An account of that name that exists without the
    /// link (made before the prefix was reserved) is never linked: the call throws ``AppleAccountConflict``. Must be atomic: two first sign-ins of one subject
    /// at the same moment end with one account and one link.
    func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String

    /// Keeps `secret` until ``takeAppleSignInSecret(_:purpose:at:)`` takes it or it expires.
    func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws

    /// Removes and returns the secret `value` kept for `purpose`, or `nil` when there is none, it was taken
    /// already, or it expired before `now`. Must be atomic: of two takes of one secret at the same moment, on any
    /// server, one gets it.
    func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?

    /// Deletes the Sign in with Apple secrets that expired before `now`, as the periodic cleanup does
    /// (`ExpiredRowsCleanup` (PasskeyHummingbird)), and returns how many.
    func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int

    /// Deletes the Sign in with Apple secrets of `purpose` that expire first until at most `maximumCount` of that
    /// purpose are left, and returns how many were deleted: the periodic cleanup's cap (`ExpiredRowsCleanup` (PasskeyHummingbird)), so
    /// that a flood of unauthenticated `POST /auth/apple/nonce` cannot grow the table without bound, and cannot push
    /// out the registration tickets of people who signed in.
    func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int) async throws
        -> Int

    /// Inside a transaction of an ``AccountStorage``, holds the account of `userHandle` until the transaction ends,
    /// so that another transaction that holds it waits: ``AccountService`` calls it first in every step that changes
    /// an account (a passkey added or deleted, a sign-in's session), so the passkey limit, the last-passkey rule and
    /// the session trim decide on rows no concurrent step is changing. An account that does not exist yet is not
    /// held. PostgreSQL: `SELECT … FOR UPDATE` of the account's row. The default does nothing, for stores whose
    /// transactions already run one at a time (SQLite's `BEGIN IMMEDIATE`, ``InMemoryAccountStorage``).
    func lockAccount(userHandle: [UInt8]) async throws
}

extension UserStore {
    /// Does nothing: the store's transactions run one at a time.
    public func lockAccount(userHandle: [UInt8]) async throws {}

    /// Stores that keep no Sign in with Apple links have none.
    public func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
        false
    }

    /// Stores that keep no Sign in with Apple links fail ``username(forAppleSubject:proposing:)`` as a store failure.
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        throw UserStoreError("this user store does not link Sign in with Apple accounts")
    }

    /// Stores that keep no Sign in with Apple secrets have none to remove.
    public func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
        0
    }

    /// Stores that keep no Sign in with Apple secrets have none to remove.
    public func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int)
        async throws -> Int
    {
        0
    }

    /// Stores that keep no Sign in with Apple secrets fail as a store failure.
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        throw UserStoreError("this user store does not keep Sign in with Apple secrets")
    }

    /// Stores that keep no Sign in with Apple secrets fail as a store failure.
    public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?
    {
        throw UserStoreError("this user store does not keep Sign in with Apple secrets")
    }
}
