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
    private var records: [[UInt8]: CredentialRecord] = [:]
    private var credentialIDsByUserHandle: [[UInt8]: [[UInt8]]] = [:]

    /// Creates an empty store.
    public init() {}

    /// The number of stored records.
    public var count: Int { records.count }

    /// The record whose credential ID is `id`, or `nil`.
    public func credential(withID id: [UInt8]) -> CredentialRecord? {
        records[id]
    }

    /// The records of `userHandle`, in insertion order.
    public func credentials(forUserHandle userHandle: [UInt8]) -> [CredentialRecord] {
        (credentialIDsByUserHandle[userHandle] ?? []).compactMap { records[$0] }
    }

    /// Stores `record` unless its credential ID is already stored, for any user.
    public func insert(_ record: CredentialRecord) -> Bool {
        guard records[record.id] == nil else { return false }
        records[record.id] = record
        if let userHandle = record.userHandle {
            credentialIDsByUserHandle[userHandle, default: []].append(record.id)
        }
        return true
    }

    /// Writes `update` if the stored version still equals its expected version.
    public func update(_ update: CredentialRecordUpdate) -> Bool {
        guard let record = records[update.credentialID], record.version == update.expectedVersion else {
            return false
        }
        records[update.credentialID] = update.applied(to: record)
        return true
    }

    /// Sets the nickname of the record whose credential ID is `credentialID` and adds one to its version.
    public func rename(credentialID: [UInt8], nickname: String?) -> Bool {
        guard var record = records[credentialID] else { return false }
        record.nickname = nickname
        record.version &+= 1
        records[credentialID] = record
        return true
    }

    /// Deletes the record whose credential ID is `credentialID`; returns whether one was.
    @discardableResult
    public func remove(credentialID: [UInt8]) -> Bool {
        guard let record = records.removeValue(forKey: credentialID) else { return false }
        if let userHandle = record.userHandle {
            credentialIDsByUserHandle[userHandle]?.removeAll { $0 == credentialID }
            if credentialIDsByUserHandle[userHandle]?.isEmpty == true {
                credentialIDsByUserHandle[userHandle] = nil
            }
        }
        return true
    }

    /// Removes the record unless it is its owner's only one; atomic, as every method of this actor.
    public func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) -> CredentialRemoval {
        guard records[credentialID]?.userHandle == userHandle else { return .notFound }
        guard (credentialIDsByUserHandle[userHandle]?.count ?? 0) > 1 else { return .lastCredential }
        return remove(credentialID: credentialID) ? .removed : .notFound
    }

    /// The store's whole content at one instant, for a unit of work that may have to undo its writes
    /// (`InMemoryAccountStorage`): taking it copies nothing until the store changes.
    package struct Snapshot: Sendable {
        fileprivate let records: [[UInt8]: CredentialRecord]
        fileprivate let credentialIDsByUserHandle: [[UInt8]: [[UInt8]]]
    }

    /// The content now.
    package func snapshot() -> Snapshot {
        Snapshot(records: records, credentialIDsByUserHandle: credentialIDsByUserHandle)
    }

    /// Puts back the content of `snapshot`, discarding every write since.
    package func restore(_ snapshot: Snapshot) {
        records = snapshot.records
        credentialIDsByUserHandle = snapshot.credentialIDsByUserHandle
    }
}
