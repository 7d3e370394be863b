#if Hummingbird
/// Apple's key set could not be fetched or read, and no earlier copy is cached: the server cannot verify identity
/// tokens now. Answered as a 503 with the code `appleKeysUnavailable`.
public struct AppleKeySetUnavailable: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the log.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
#endif
