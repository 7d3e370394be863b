/// An entry of a metadata BLOB that could not be read and was skipped, or a root certificate or informational
/// member left out of an entry that was read (FIDO Metadata Service v3.0 §3.1.1; FIDO Metadata Statement v3.0
/// §4): one defect is reported here, the rest of the BLOB is used.
public struct MetadataEntryIssue: Sendable, Hashable {
    /// The entry's position in the payload's `entries` array, from 0.
    public let index: Int
    /// The entry's `aaguid`, `aaid` or first key identifier when it could be read, for logs.
    public let identifier: String?
    /// What was wrong.
    public let reason: String

    /// Creates an issue.
    public init(index: Int, identifier: String?, reason: String) {
        self.index = index
        self.identifier = identifier
        self.reason = reason
    }
}
