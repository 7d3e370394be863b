/// A pair of PRF values in JSON form (WebAuthn Level 3 §10.1.4 `AuthenticationExtensionsPRFValues`): the
/// salts of an evaluation request, or the secrets the client returns in `results`.
///
/// The values are secrets (a host derives encryption keys from the results): the description, debug
/// description and mirror show neither, so logging a result or an error that holds one leaks nothing.
public struct AuthenticationExtensionsPRFValuesJSON: Codable, Sendable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// `first`, base64url.
    public var first: String
    /// `second`, base64url; absent when only one value was asked for.
    public var second: String?

    /// Creates the values from bytes.
    public init(first: [UInt8], second: [UInt8]? = nil) {
        self.first = Base64URL.encode(first)
        self.second = second.map { Base64URL.encode($0) }
    }

    /// `first` decoded, or `nil` when it is not base64url.
    public var firstBytes: [UInt8]? { Base64URL.decode(first) }
    /// `second` decoded, or `nil` when absent or not base64url.
    public var secondBytes: [UInt8]? { second.flatMap { Base64URL.decode($0) } }

    /// Says that values are present, never what they are.
    public var description: String { second == nil ? "PRF values (first: redacted)" : "PRF values (redacted)" }
    /// As ``description``.
    public var debugDescription: String { description }
    /// A mirror without children, so `dump` and reflection-based loggers print no secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
