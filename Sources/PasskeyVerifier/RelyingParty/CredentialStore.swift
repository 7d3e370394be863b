#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a ``RelyingParty`` keeps credential records (WebAuthn Level 3 §4 "credential record",
/// §7.1 `#reg-ceremony-store-credential-record`, §7.2 `#rp-op-verifying-assertion-step-update-credential-record`).
///
/// Implement it over the database every server instance shares, or use ``InMemoryCredentialStore`` in a
/// single process. The relying party stores every record with its owner's ``CredentialRecord/userHandle``
/// set. For several instances sharing one database to stay correct, the methods must keep these
/// guarantees:
///
/// - ``insert(_:registeredAt:)`` is **atomic with the uniqueness check**: a credential ID is stored at
///   most once across all users (§7.1 `#reg-ceremony-verify-credential-id`), so of two concurrent inserts
///   of one ID at most one returns `true`. In SQL: a primary key or unique index on the credential ID,
///   `INSERT ... ON CONFLICT (credential_id) DO NOTHING` and "1 row inserted"; never a `SELECT` followed
///   by an `INSERT`.
/// - ``update(_:)`` is a **compare-and-set** on the signature counter: it writes the counter, the
///   flags and the last-use time only if the stored counter still equals
///   ``CredentialRecordUpdate/expectedSignCount``, and says whether it wrote. In SQL:
///   `UPDATE credentials SET sign_count = $new, ... WHERE credential_id = $id AND sign_count = $read`
///   and "1 row updated". Two assertions verified against the same stored counter cannot then both be
///   recorded; the relying party re-reads the record and re-checks the counter of the one that lost.
/// - ``credential(withID:)`` and ``credentials(forUserHandle:)`` return what the latest completed
///   ``insert(_:registeredAt:)`` and ``update(_:)`` wrote (read-your-writes across instances: read the
///   primary, not a lagging replica, or a counter regression may go unnoticed). Every field of
///   ``CredentialRecord`` round-trips exactly; store the public key as `COSEKey.encoded`
///   and rebuild it with `COSEKey(encoded:)`, and the counter in a column that holds any `UInt32`.
///
/// Errors thrown by a store are passed to the caller of the ``RelyingParty`` method unchanged.
/// `StoreConformanceTests` (in `PasskeyVerifierTesting`) checks an implementation.
public protocol CredentialStore: Sendable {
    /// The record whose credential ID is `id` (compared as bytes), or `nil`.
    func credential(withID id: [UInt8]) async throws -> CredentialRecord?

    /// The records whose ``CredentialRecord/userHandle`` is `userHandle`, in registration order; empty
    /// for an unknown user. The relying party lists them in `excludeCredentials` and `allowCredentials`.
    func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord]

    /// Stores `record` unless a record with the same credential ID exists for any user.
    ///
    /// - Returns: `true` when stored, `false` when the credential ID was already taken.
    func insert(_ record: CredentialRecord, registeredAt: Date) async throws -> Bool

    /// Writes `update` if the stored counter of its credential still equals
    /// ``CredentialRecordUpdate/expectedSignCount``.
    ///
    /// - Returns: `true` when written, `false` when the counter changed or the credential is gone.
    func update(_ update: CredentialRecordUpdate) async throws -> Bool
}
