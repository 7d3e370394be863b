#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``MetadataService``'s state at an instant, for logs, health checks and tests (FIDO Metadata Service v3.0
/// §3.2 step 6: a relying party fetches a newer BLOB once `nextUpdate` is past).
public struct MetadataServiceStatus: Sendable, Hashable {
    /// The `no` of the current BLOB, `nil` when none was loaded.
    public var serialNumber: Int?
    /// The current BLOB's `nextUpdate`, `nil` when none was loaded.
    public var nextUpdate: Date?
    /// Whether the current BLOB's `nextUpdate` has passed (``MetadataBLOB/isStale(at:)``); `false` without one.
    public var isStale: Bool
    /// When the host should download again.
    public var nextRefresh: Date
    /// How many refreshes in a row brought no newer BLOB (failed, or the same `no`) since the current one was due.
    public var consecutiveFailures: Int
    /// Why the last load failed, `nil` after a success.
    public var lastFailure: String?

    /// Creates a status.
    public init(
        serialNumber: Int?,
        nextUpdate: Date?,
        isStale: Bool,
        nextRefresh: Date,
        consecutiveFailures: Int,
        lastFailure: String?
    ) {
        self.serialNumber = serialNumber
        self.nextUpdate = nextUpdate
        self.isStale = isStale
        self.nextRefresh = nextRefresh
        self.consecutiveFailures = consecutiveFailures
        self.lastFailure = lastFailure
    }
}
