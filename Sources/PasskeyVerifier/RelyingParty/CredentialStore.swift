#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a ``RelyingParty`` keeps credential records (WebAuthn Level 3 §4 "credential record",
/// §7.1 `#reg-ceremony-create-credential-record`, §7.2 `#authn-ceremony-update-credential-record`).
///
/// Implement it over the database every server instance shares, or use ``InMemoryCredentialStore`` in a
/// single process. The relying party stores every record with its owner's ``CredentialRecord/userHandle``
/// set. For several instances sharing one database to stay correct, the methods must keep these
/// guarantees:
///
/// - ``insert(_:)`` writes the whole record, registration details and nickname included, in **one atomic
///   write together with the uniqueness check**: a credential ID is stored at most once across all users
///   (§7.1 `#sctn-registering-a-new-credential` step "credentialId not yet registered"), so of two concurrent inserts
///   of one ID at most one returns `true`. In SQL: a primary key or unique index on the credential ID, `INSERT ... ON
///   CONFLICT (credential_id) DO NOTHING RETURNING credential_id` and "1 row returned"; never a `SELECT` followed by an
///   `INSERT`.
/// - ``update(_:)`` is a **compare-and-set on the record's ``CredentialRecord/version``**: it writes the counter,
///   the flags and the last-use time, and the version one higher, only if the stored version still equals
///   ``CredentialRecordUpdate/expectedVersion``, and says whether it wrote. In SQL:
///   `UPDATE credentials SET sign_count = $new, ..., version = version + 1 WHERE credential_id = $id AND
///   version = $read RETURNING version`. Two sign-ins verified against the same stored record cannot then
///   both be recorded, even when the counter stays 0 as with synced passkeys; the relying party re-reads the
///   record and re-verifies the one that lost.
/// - ``rename(credentialID:nickname:)`` sets the nickname and adds one to the version, so an update prepared
///   against the record before the rename is refused and retried rather than written over it.
/// - ``credential(withID:)`` and ``credentials(forUserHandle:)`` return what the latest completed writes
///   wrote (read-your-writes across instances: read the primary, not a lagging replica, or a counter
///   regression may go unnoticed). Every field of ``CredentialRecord`` round-trips exactly; store the public
///   key as `COSEKey.encoded` and rebuild it with `COSEKey(encoded:)`, the counter in a column that holds
///   any `UInt32`, and instants at least to the second. ``credentials(forUserHandle:)`` lists in insertion
///   order, kept by a sequence (an auto-incremented row number), never by a timestamp, which ties.
///
/// Errors thrown by a store are passed to the caller of the ``RelyingParty`` method unchanged.
/// `StoreConformanceTests` (in `PasskeyVerifierTesting`) checks an implementation.
public protocol CredentialStore: Sendable {
    /// The record whose credential ID is `id` (compared as bytes), or `nil`.
    func credential(withID id: [UInt8]) async throws -> CredentialRecord?

    /// The records whose ``CredentialRecord/userHandle`` is `userHandle`, in insertion order; empty for an
    /// unknown user. The relying party lists them in `excludeCredentials` and `allowCredentials`, and a
    /// management page shows them.
    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord]

    /// Stores `record`, every field as given (its ``CredentialRecord/version`` included, 0 for a new record),
    /// unless a record with the same credential ID exists for any user.
    ///
    /// - Returns: `true` when stored, `false` when the credential ID was already taken.
    func insert(_ record: CredentialRecord) async throws -> Bool

    /// Writes `update` and ``CredentialRecordUpdate/newVersion`` if the stored record's version still equals
    /// ``CredentialRecordUpdate/expectedVersion``.
    ///
    /// - Returns: `true` when written, `false` when the record changed or is gone.
    func update(_ update: CredentialRecordUpdate) async throws -> Bool

    /// Sets the ``CredentialRecord/nickname`` of the record whose credential ID is `credentialID` (`nil`
    /// clears it) and adds one to its version.
    ///
    /// - Returns: `true` when the record exists, `false` otherwise.
    func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool

    /// Deletes the record whose credential ID is `credentialID` (a user removing a passkey, or the host
    /// acting on §5.1.10's `signalUnknownCredential`).
    ///
    /// - Returns: `true` when a record was deleted, `false` when there was none.
    func remove(credentialID: [UInt8]) async throws -> Bool

    /// Deletes the record whose credential ID is `credentialID` when `userHandle` owns it and owns another
    /// credential too, as one atomic step: of concurrent removals of one user's credentials, at least one
    /// credential always stays, on every server of a shared database (a user deleting passkeys from two devices
    /// must not lock themselves out).
    ///
    /// The default implementation reads, then removes, and is not atomic; the shipped stores override it with one
    /// statement (SQLite) or one statement that locks the owner's rows (PostgreSQL).
    func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws -> CredentialRemoval
}

extension CredentialStore {
    /// Reads the owner's credentials, then removes: correct for one caller at a time only.
    public func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws
        -> CredentialRemoval
    {
        let owned = try await credentials(forUserHandle: userHandle)
        guard owned.contains(where: { $0.id == credentialID }) else { return .notFound }
        guard owned.count > 1 else { return .lastCredential }
        return try await remove(credentialID: credentialID) ? .removed : .notFound
    }
}
