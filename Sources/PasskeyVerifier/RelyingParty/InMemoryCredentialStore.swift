#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``CredentialStore`` in the memory of one process (WebAuthn Level 3 §4 "credential record"): for
/// tests, demos and single-process tools.
///
/// An actor, so inserts and compare-and-set updates are atomic for every task in the process. Records
/// live as long as the store; nothing is persisted or shared between processes (see ``CredentialStore``
/// for what a shared database must guarantee). It holds what the host registers, so its size is the
/// host's to bound, for instance by limiting how many passkeys an account may have.
public actor InMemoryCredentialStore: CredentialStore {
    private struct Entry {
        var record: CredentialRecord
        let registeredAt: Date
        var lastUsedAt: Date?
    }

    private var entries: [[UInt8]: Entry] = [:]
    private var credentialIDsByUserHandle: [[UInt8]: [[UInt8]]] = [:]

    /// Creates an empty store.
    public init() {}

    /// The number of stored records.
    public var count: Int { entries.count }

    /// The record whose credential ID is `id`, or `nil`.
    public func credential(withID id: [UInt8]) -> CredentialRecord? {
        entries[id]?.record
    }

    /// The records of `userHandle`, in registration order.
    public func credentials(forUserHandle userHandle: [UInt8]) -> [CredentialRecord] {
        (credentialIDsByUserHandle[userHandle] ?? []).compactMap { entries[$0]?.record }
    }

    /// Stores `record` unless its credential ID is already stored, for any user.
    public func insert(_ record: CredentialRecord, registeredAt: Date) -> Bool {
        guard entries[record.id] == nil else { return false }
        entries[record.id] = Entry(record: record, registeredAt: registeredAt, lastUsedAt: nil)
        if let userHandle = record.userHandle {
            credentialIDsByUserHandle[userHandle, default: []].append(record.id)
        }
        return true
    }

    /// Writes `update` if the stored counter still equals its expected counter.
    public func update(_ update: CredentialRecordUpdate) -> Bool {
        guard var entry = entries[update.credentialID], entry.record.signCount == update.expectedSignCount else {
            return false
        }
        entry.record = update.applied(to: entry.record)
        entry.lastUsedAt = update.lastUsedAt
        entries[update.credentialID] = entry
        return true
    }

    /// Deletes the record whose credential ID is `id` (a user removing a passkey); returns whether one was.
    @discardableResult
    public func remove(credentialID id: [UInt8]) -> Bool {
        guard let entry = entries.removeValue(forKey: id) else { return false }
        if let userHandle = entry.record.userHandle {
            credentialIDsByUserHandle[userHandle]?.removeAll { $0 == id }
            if credentialIDsByUserHandle[userHandle]?.isEmpty == true {
                credentialIDsByUserHandle[userHandle] = nil
            }
        }
        return true
    }

    /// When the credential was registered, or `nil` for an unknown credential.
    public func registeredAt(credentialID id: [UInt8]) -> Date? {
        entries[id]?.registeredAt
    }

    /// When the credential was last used to sign in, or `nil` when never or unknown.
    public func lastUsedAt(credentialID id: [UInt8]) -> Date? {
        entries[id]?.lastUsedAt
    }
}
