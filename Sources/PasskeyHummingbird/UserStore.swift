#if Hummingbird
import Foundation

/// The server's accounts: one user handle (WebAuthn Level 3 §5.4.3 `user.id`) per username, created when the first
/// passkey of a new username is stored (``createAccount(_:)``) and kept for every later ceremony, so that a user's
/// credentials share one handle.
///
/// A user handle is random and reveals nothing about the user (§14.6.1); the username is only the name the
/// client shows (§5.4.3 `user.name`). Implementations must make ``createAccount(_:)`` and
/// ``userHandle(forUsername:proposing:)`` atomic: of two creations of one username at the same moment, on any
/// server, one wins.
public protocol UserStore: Sendable {
    /// Creates `account` unless its username or user handle is taken.
    ///
    /// - Returns: `true` when this call created it, `false` when the username or handle existed.
    func createAccount(_ account: Account) async throws -> Bool

    /// The user handle of `username`, stored as `proposed` when the username has none yet: the FIDO
    /// conformance mode's open registration, which creates the account when the options are asked for.
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
