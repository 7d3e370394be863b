/// What a metadata BLOB whose `nextUpdate` has passed means (FIDO Metadata Service v3.0 §3.2 step 6: a relying
/// party should fetch a newer BLOB once `nextUpdate` is past).
public enum MetadataStalePolicy: String, Sendable, Hashable, CaseIterable {
    /// Fail with `staleMetadata` (the default): a host that stopped refreshing its BLOB finds out.
    case reject
    /// Load the BLOB and report it as stale (`MetadataBLOB.isStale`).
    case acceptStale
}
