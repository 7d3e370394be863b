/// A ``SessionStore`` in the memory of one process: for a single instance and for tests (the server's sessions,
/// kept by the SHA-256 of their tokens, ``SessionRecord``).
///
/// An actor, so every call is atomic for every task of the process. It holds every session it is given until they
/// are removed: the host bounds them, as ``AccountService`` does by ending an account's oldest sessions and a periodic
/// ``removeExpired(at:)``. Each call costs time in the sessions of the account it names, except
/// ``removeAll(credentialID:)``, ``removeExpired(at:)`` and ``activeSessionCount(at:)``, which scan every session.
public actor InMemorySessionStore: SessionStore {
    private var entries: [[UInt8]: Entry] = [:]
    private var tokenHashesByUserHandle: [[UInt8]: Set<[UInt8]>] = [:]
    private var nextSequence: UInt64 = 0

    /// A session and the order it was inserted in, which breaks ties of ``SessionRecord/createdAt``.
    fileprivate struct Entry {
        var record: SessionRecord
        let sequence: UInt64
    }

    /// Creates an empty store.
    public init() {}

    /// The number of sessions held, expired ones not removed yet included.
    public var count: Int { entries.count }

    /// Stores `session`.
    ///
    /// - Throws: ``InMemoryStoreError`` when a session with the same token hash is stored.
    public func insert(_ session: SessionRecord) throws {
        guard entries[session.tokenHash] == nil else {
            throw InMemoryStoreError("a session with this token hash is stored already")
        }
        entries[session.tokenHash] = Entry(record: session, sequence: nextSequence)
        nextSequence &+= 1
        tokenHashesByUserHandle[session.userHandle, default: []].insert(session.tokenHash)
    }

    /// The session whose token hashes to `tokenHash`, or `nil`.
    public func session(tokenHash: [UInt8]) -> SessionRecord? {
        entries[tokenHash]?.record
    }

    /// Records a use of the session, if it is stored.
    public func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) {
        entries[tokenHash]?.record.lastSeenAt = lastSeenAt
        entries[tokenHash]?.record.idleExpiresAt = idleExpiresAt
    }

    /// Ends one session; whether it existed.
    @discardableResult
    public func remove(tokenHash: [UInt8]) -> Bool {
        guard let entry = entries.removeValue(forKey: tokenHash) else { return false }
        let userHandle = entry.record.userHandle
        tokenHashesByUserHandle[userHandle]?.remove(tokenHash)
        if tokenHashesByUserHandle[userHandle]?.isEmpty == true {
            tokenHashesByUserHandle[userHandle] = nil
        }
        return true
    }

    /// Ends every session of the account; how many.
    @discardableResult
    public func removeAll(userHandle: [UInt8]) -> Int {
        let tokenHashes = tokenHashesByUserHandle.removeValue(forKey: userHandle) ?? []
        for tokenHash in tokenHashes {
            entries[tokenHash] = nil
        }
        return tokenHashes.count
    }

    /// Ends every session started with the credential; how many.
    @discardableResult
    public func removeAll(credentialID: [UInt8]) -> Int {
        removeEach { $0.credentialID == credentialID }
    }

    /// Ends the account's sessions but `kept` and the newest others (by ``SessionRecord/createdAt``, then by
    /// insertion), so that with `kept` among them the newest `count` are left; how many it ended.
    @discardableResult
    public func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) -> Int {
        let others = (tokenHashesByUserHandle[userHandle] ?? [])
            .filter { $0 != kept }
            .compactMap { entries[$0] }
            .sorted { ($0.record.createdAt, $0.sequence) > ($1.record.createdAt, $1.sequence) }
        let ended = others.dropFirst(max(0, count - 1))
        for entry in ended {
            remove(tokenHash: entry.record.tokenHash)
        }
        return ended.count
    }

    /// Deletes the sessions no longer valid at `now`; how many.
    public func removeExpired(at now: Int64) -> Int {
        removeEach { !$0.isValid(at: now) }
    }

    /// How many sessions are valid at `now`.
    public func activeSessionCount(at now: Int64) -> Int {
        entries.values.reduce(0) { count, entry in entry.record.isValid(at: now) ? count + 1 : count }
    }

    /// Removes the sessions `condition` holds for; how many.
    private func removeEach(where condition: (SessionRecord) -> Bool) -> Int {
        let ended = entries.values.filter { condition($0.record) }
        for entry in ended {
            remove(tokenHash: entry.record.tokenHash)
        }
        return ended.count
    }

    /// The store's whole content at one instant, for ``InMemoryAccountStorage``'s rollback: taking it copies
    /// nothing until the store changes.
    package struct Snapshot: Sendable {
        fileprivate let entries: [[UInt8]: Entry]
        fileprivate let tokenHashesByUserHandle: [[UInt8]: Set<[UInt8]>]
        fileprivate let nextSequence: UInt64
    }

    /// The content now.
    package func snapshot() -> Snapshot {
        Snapshot(entries: entries, tokenHashesByUserHandle: tokenHashesByUserHandle, nextSequence: nextSequence)
    }

    /// Puts back the content of `snapshot`, discarding every write since.
    package func restore(_ snapshot: Snapshot) {
        entries = snapshot.entries
        tokenHashesByUserHandle = snapshot.tokenHashesByUserHandle
        nextSequence = snapshot.nextSequence
    }
}
