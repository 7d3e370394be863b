#if Hummingbird
import PasskeyAccounts
import PasskeyVerifier

/// A ``PasskeyVerifier/CredentialStore`` whose every call has a ``StoreDeadline``.
public struct DeadlineCredentialStore: CredentialStore {
    /// The store that answers.
    public let base: any CredentialStore
    /// The deadline of each call.
    public let deadline: StoreDeadline

    /// Wraps `base`.
    public init(_ base: any CredentialStore, deadline: StoreDeadline) {
        self.base = base
        self.deadline = deadline
    }

    /// Calls the same method of ``base`` under the deadline.
    public func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
        try await deadline.run { [base] in try await base.credential(withID: id) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
        try await deadline.run { [base] in try await base.credentials(forUserHandle: userHandle) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func insert(_ record: CredentialRecord) async throws -> Bool {
        try await deadline.run { [base] in try await base.insert(record) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func update(_ update: CredentialRecordUpdate) async throws -> Bool {
        try await deadline.run { [base] in try await base.update(update) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
        try await deadline.run { [base] in try await base.rename(credentialID: credentialID, nickname: nickname) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func remove(credentialID: [UInt8]) async throws -> Bool {
        try await deadline.run { [base] in try await base.remove(credentialID: credentialID) }
    }

    /// Calls the same method of ``base`` under the deadline.
    public func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws
        -> CredentialRemoval
    {
        try await deadline.run { [base] in
            try await base.removeUnlessLast(credentialID: credentialID, ownedBy: userHandle)
        }
    }
}
#endif
