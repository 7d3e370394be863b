/// What is known of the status of an entry that was skipped (FIDO Metadata Service v3.0 §3.1.1, §3.1.3): a
/// malformed entry, or a second entry for an AAGUID already listed. Its `statusReports` are read leniently so
/// that a compromise it reports still rejects the model (Docs/Decisions.md "Malformed entries").
struct SkippedEntryStatus: Sendable {
    /// Why the entry was skipped.
    let reason: String
    /// The entry's status reports read leniently (a report whose `effectiveDate` cannot be read is taken as
    /// undated: always in force, never cleared); `nil` when even that failed.
    let statusReports: [StatusReport]?
}
