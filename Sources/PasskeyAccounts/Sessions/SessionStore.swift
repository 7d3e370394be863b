import Foundation

/// Where the server keeps its sessions (``SessionRecord``), in the database that holds the accounts, so that
/// every server instance on one database honours them.
///
/// A look-up is one read by the primary key (the token's hash); the expired rows are removed by the periodic
/// cleanup (`ExpiredRowsCleanup` (PasskeyHummingbird)), never on the request path, through indexes on both expiry columns.
public protocol SessionStore: Sendable {
    /// Stores a new session.
    func insert(_ session: SessionRecord) async throws

    /// The session whose token hashes to `tokenHash`, or `nil`; expired rows are returned as stored (the caller
    /// checks ``SessionRecord/isValid(at:)``).
    func session(tokenHash: [UInt8]) async throws -> SessionRecord?

    /// Records a use: the new last-seen instant and idle expiry.
    func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws

    /// Ends one session; whether it existed.
    @discardableResult
    func remove(tokenHash: [UInt8]) async throws -> Bool

    /// Ends every session of an account; how many.
    @discardableResult
    func removeAll(userHandle: [UInt8]) async throws -> Int

    /// Ends every session started with a credential (when it is deleted); how many.
    @discardableResult
    func removeAll(credentialID: [UInt8]) async throws -> Int

    /// Ends the oldest sessions of an account beyond the newest `count`, never the one whose hash is `kept`; how
    /// many.
    @discardableResult
    func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int

    /// Deletes the sessions no longer valid at `now`; how many.
    func removeExpired(at now: Int64) async throws -> Int

    /// How many sessions are valid at `now` (``SessionRecord/isValid(at:)``), for the `passkey_active_sessions`
    /// gauge (`MetricsGaugeRefresh`): one counting statement.
    func activeSessionCount(at now: Int64) async throws -> Int
}

extension SessionStore {
    /// Inserts `session` and ends its account's oldest beyond the newest `count` (at least 1), never `session` itself:
    /// how a sign-up and a sign-in start a session (``SessionIssuing/maximumPerAccount``).
    func insert(_ session: SessionRecord, keeping count: Int) async throws {
        try await insert(session)
        try await removeOldest(userHandle: session.userHandle, keeping: max(count, 1), sparing: session.tokenHash)
    }
}
