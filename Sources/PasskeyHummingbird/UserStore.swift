#if Hummingbird
import Foundation
import PasskeyVerifier

/// The server's accounts: the library's ``PasskeyVerifier/AccountStore`` (one user handle, WebAuthn Level 3
/// §5.4.3 `user.id`, per username, created when the first passkey of a new username is stored and kept for every
/// later ceremony), plus the links and single-use secrets of Sign in with Apple.
///
/// A host that mounts the routes without Sign in with Apple implements only the ``PasskeyVerifier/AccountStore``
/// requirements: the Apple ones have defaults that keep nothing. ``SQLiteUserStore`` and ``PostgresUserStore`` keep
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
    /// (``ExpiredRowsCleanup``), and returns how many.
    func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int
}

extension UserStore {
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
#endif
