/// What ``MetadataService/load(jws:at:)`` did with a BLOB that verified (FIDO Metadata Service v3.0 §3.2).
public enum MetadataRefreshOutcome: Sendable, Hashable {
    /// The BLOB had a larger `no` than the current one (or there was none): it is the current BLOB now.
    case replaced(serialNumber: Int)
    /// The BLOB had the current `no`: nothing changed, and the next refresh backs off until a newer `no`.
    case unchanged(serialNumber: Int)
}
