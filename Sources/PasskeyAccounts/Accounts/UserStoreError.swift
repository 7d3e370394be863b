/// A users table that does not behave as a ``UserStore`` promises: a row inserted and not read back, or a
/// column of the wrong type. Reported as a store failure (503), like the database errors.
public struct UserStoreError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the log.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
