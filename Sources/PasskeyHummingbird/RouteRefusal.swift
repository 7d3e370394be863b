#if Hummingbird
import Hummingbird

/// A refusal of the server's own routes that is not a ceremony's ``PasskeyVerifier/WebAuthnError``: no session
/// (`401 sessionRequired`), a cross-site request (`403 crossOriginRequest`), another account's or an unknown
/// credential (`404 unknownCredential`), the last passkey (`409 lastCredential`), a body that is not JSON
/// (`415 unsupportedMediaType`). ``Rejection`` answers it with its status and code.
public struct RouteRefusal: Error, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// The stable code.
    public let code: String
    /// What was wrong.
    public let message: String

    /// Creates a refusal.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// `401 sessionRequired`.
    public static let sessionRequired = RouteRefusal(
        .unauthorized,
        "sessionRequired",
        "sign in first: this route needs a session (the session cookie, or Authorization: Bearer)"
    )

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
#endif
