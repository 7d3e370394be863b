/// A call the in-memory stores refuse instead of trapping: a session or a Sign in with Apple secret whose key is
/// stored already (a database's primary key would refuse it too), or a store of an ``InMemoryAccountStorage``
/// transaction used after the transaction ended, or its storage's own ``InMemoryAccountStorage/stores`` called from
/// inside its transaction, which would wait for itself. Reported as a store failure.
public struct InMemoryStoreError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, for the log.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
