/// Where a ``MetadataService`` keeps its last good BLOB, so that a restart or a second process starts from it
/// (FIDO Metadata Service v3.0 §3.2 steps 4–6: a relying party keeps the BLOB it verified and its `no`, and refuses
/// a BLOB whose `no` is smaller). The host implements it; the SQLite and PostgreSQL storages of the library do.
///
/// One BLOB is kept: ``saveMetadataBLOB(_:)`` replaces the kept one only when the new one's `no` is not smaller,
/// in one atomic statement, so two processes saving at once keep the newer.
public protocol MetadataBLOBStore: Sendable {
    /// The kept BLOB, `nil` when none was saved.
    func loadMetadataBLOB() async throws -> StoredMetadataBLOB?

    /// Keeps `blob` unless the kept one has a larger `no`; returns whether `blob` is now the kept one.
    @discardableResult
    func saveMetadataBLOB(_ blob: StoredMetadataBLOB) async throws -> Bool
}
