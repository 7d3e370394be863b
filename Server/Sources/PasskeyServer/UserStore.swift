import Foundation

/// The server's accounts: one user handle (WebAuthn Level 3 §5.4.3 `user.id`) per username, created the first
/// time a username registers and kept for every later ceremony, so that a user's credentials share one handle.
///
/// A user handle is random and reveals nothing about the user (§14.6.1); the username is only the name the
/// client shows (§5.4.3 `user.name`). Implementations must make ``userHandle(forUsername:proposing:)`` atomic:
/// two registrations of a new username at the same moment get the same handle.
public protocol UserStore: Sendable {
    /// The user handle of `username`, stored as `proposed` when the username has none yet.
    ///
    /// - Returns: the handle stored for `username`: the existing one, or `proposed` when this call created it.
    func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8]

    /// The user handle of `username`, or `nil` when the username never registered.
    func existingUserHandle(forUsername username: String) async throws -> [UInt8]?

    /// The username that owns `userHandle`, or `nil` when no account has it.
    func username(forUserHandle userHandle: [UInt8]) async throws -> String?

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
}

extension UserStore {
    /// Stores that keep no Sign in with Apple links fail ``username(forAppleSubject:proposing:)`` as a store failure.
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        throw UserStoreError("this user store does not link Sign in with Apple accounts")
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
