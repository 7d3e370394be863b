/// A ``MetadataBLOBStore`` in memory, gone when the process ends: for tests and hosts without a database
/// (FIDO Metadata Service v3.0 §3.2 steps 4–6).
public actor InMemoryMetadataBLOBStore: MetadataBLOBStore {
    private var kept: StoredMetadataBLOB?

    /// Creates a store, holding `blob` when given.
    public init(_ blob: StoredMetadataBLOB? = nil) {
        self.kept = blob
    }

    /// The kept BLOB.
    public func loadMetadataBLOB() async throws -> StoredMetadataBLOB? {
        kept
    }

    /// Keeps `blob` unless the kept one has a larger `no`.
    @discardableResult
    public func saveMetadataBLOB(_ blob: StoredMetadataBLOB) async throws -> Bool {
        if let kept, kept.serialNumber > blob.serialNumber {
            return false
        }
        kept = blob
        return true
    }
}
