/// A mistake in how the host uses a ``RelyingParty``: an unusable configuration, a user handle outside
/// 1 to 64 bytes (WebAuthn Level 3 §5.4.3), or a random source that returned too few bytes (§13.4.3).
///
/// Never caused by what a client sends; a client's response that fails is a ``WebAuthnError``.
public struct RelyingPartyUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
