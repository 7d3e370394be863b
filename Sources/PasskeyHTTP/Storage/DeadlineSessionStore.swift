#if Hummingbird
import PasskeyAccounts

/// A ``SessionStore`` whose every call has a ``StoreDeadline``.
public struct DeadlineSessionStore: SessionStore {
    /// The store that answers.
    public let base: any SessionStore
    /// The deadline of each call.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any SessionStore, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// Calls the same method of ``base`` under the deadline.
    public func insert(_ session: SessionRecord) async throws {
        try await deadline.run { [base] in try await base.insert(session) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
        try await deadline.run { [base] in try await base.session(tokenHash: tokenHash) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
        try await deadline.run { [base] in
            try await base.touch(tokenHash: tokenHash, lastSeenAt: lastSeenAt, idleExpiresAt: idleExpiresAt)
        }
    }

    /// Calls the same method of ``base`` under the deadline.
    @discardableResult
    public func remove(tokenHash: [UInt8]) async throws -> Bool {
        try await deadline.run { [base] in try await base.remove(tokenHash: tokenHash) }
    }

    /// Calls the same method of ``base`` under the deadline.
    @discardableResult
    public func removeAll(userHandle: [UInt8]) async throws -> Int {
        try await deadline.run { [base] in try await base.removeAll(userHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    @discardableResult
    public func removeAll(credentialID: [UInt8]) async throws -> Int {
        try await deadline.run { [base] in try await base.removeAll(credentialID: credentialID) }
    }

    /// Calls the same method of ``base`` under the deadline.
    @discardableResult
    public func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
        try await deadline.run { [base] in
            try await base.removeOldest(userHandle: userHandle, keeping: count, sparing: kept)
        }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeExpired(at now: Int64) async throws -> Int {
        try await deadline.run { [base] in try await base.removeExpired(at: now) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func activeSessionCount(at now: Int64) async throws -> Int {
        try await deadline.run { [base] in try await base.activeSessionCount(at: now) }
    }
}
#endif
