#if Hummingbird
/// A refusal of the HTTP layer that is neither a ceremony's ``PasskeyVerifier/WebAuthnError`` nor an account rule's
/// ``PasskeyAccounts/AccountError``: a cross-site request (`403 crossOriginRequest`), another account's or an
/// unknown credential (`404 unknownCredential`), a body that is not JSON (`415 unsupportedMediaType`), a feature
/// that is not configured (`404 notFound`). An adapter answers it with its status and code.
public struct RouteRefusal: Error, Sendable, CustomStringConvertible {
    /// The HTTP status code (RFC 9110 §15), from 400 to 499 (``statusCodes``): a refusal with another is a mistake
    /// of the code that made it, answered `500 serverFailure`.
    public let statusCode: Int
    /// The stable code.
    public let code: String
    /// What was wrong.
    public let message: String

    /// Creates a refusal with the status code `statusCode` (RFC 9110 §15).
    public init(statusCode: Int, _ code: String, _ message: String) {
        self.statusCode = statusCode
        self.code = code
        self.message = message
    }

    /// The status codes of a client's error (RFC 9110 §15.5).
    public static let statusCodes = 400...499

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
#endif
