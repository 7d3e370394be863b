#if Hummingbird
/// A configuration or `serve` argument the server cannot start with, such as a database URL without a host or a zero
/// session lifetime (``ServerConfiguration/validate()``, whose messages name the member and its option).
public struct ServerConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and how to write it.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
#endif
