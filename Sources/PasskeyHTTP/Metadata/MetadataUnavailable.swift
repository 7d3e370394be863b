#if Hummingbird
/// The metadata BLOB could not be read or downloaded (FIDO Metadata Service v3.0 §3.2 step 1); the server keeps
/// its last good BLOB and tries again after a backoff.
public struct MetadataUnavailable: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
#endif
