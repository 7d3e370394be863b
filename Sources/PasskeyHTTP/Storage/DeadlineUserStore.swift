#if Hummingbird
import Foundation
import PasskeyAccounts
import PasskeyVerifier

/// A ``UserStore`` whose every call has a ``StoreDeadline``.
public struct DeadlineUserStore: UserStore {
    /// The store that answers.
    public let base: any UserStore
    /// The deadline of each call.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any UserStore, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// Calls the same method of ``base`` under the deadline.
    public func createAccount(_ account: Account) async throws -> Bool {
        try await deadline.run { [base] in try await base.createAccount(account) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
        try await deadline.run { [base] in try await base.userHandle(forUsername: username, proposing: proposed) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
        try await deadline.run { [base] in try await base.existingUserHandle(forUsername: username) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
        try await deadline.run { [base] in try await base.account(forUserHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func lockAccount(userHandle: [UInt8]) async throws {
        try await deadline.run { [base] in try await base.lockAccount(userHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
        try await deadline.run { [base] in try await base.setDisplayName(displayName, forUserHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
        try await deadline.run { [base] in try await base.hasAppleSignIn(userHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        try await deadline.run { [base] in try await base.username(forAppleSubject: subject, proposing: proposed) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        try await deadline.run { [base] in try await base.storeAppleSignInSecret(secret) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?
    {
        try await deadline.run { [base] in try await base.takeAppleSignInSecret(value, purpose: purpose, at: now) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
        try await deadline.run { [base] in try await base.removeExpiredAppleSignInSecrets(at: now) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int)
        async throws -> Int
    {
        try await deadline.run { [base] in
            try await base.removeOldestAppleSignInSecrets(purpose: purpose, keeping: maximumCount)
        }
    }
}
#endif
