#if Hummingbird
import Hummingbird
import PasskeyHTTP
import PasskeyVerifier

/// What the client is told when a request fails: the shared ``PasskeyHTTP/Refusal`` of the error, in Hummingbird's
/// types, and Hummingbird's own `HTTPError` (no route: `404 notFound`, a method the route does not answer:
/// `405 methodNotAllowed`) with its status and headers, a code and a fixed message.
struct Rejection: Sendable {
    /// The HTTP status.
    let status: HTTPResponse.Status
    /// The stable code put first in `errorMessage`.
    let code: String
    /// What the client is told after the code.
    let message: String
    /// Whether the server, not the client, is at fault.
    let isServerFailure: Bool
    /// Headers the answer carries besides the JSON ones (`Allow` of a 405, `Retry-After` of a 429).
    var headers: HTTPFields = [:]

    /// The code sent when a store fails.
    static let storeUnavailableCode = Refusal.storeUnavailableCode

    /// Classifies `error`.
    init(_ error: any Error) {
        if let error = error as? HTTPError {
            self.init(httpError: error)
        } else {
            self.init(refusal: Refusal(error))
        }
    }

    private init(refusal: Refusal) {
        status = HTTPResponse.Status(code: refusal.statusCode)
        code = refusal.code
        message = refusal.message
        isServerFailure = refusal.isServerFailure
        if let seconds = refusal.retryAfterSeconds {
            headers[.retryAfter] = String(seconds)
        }
    }

    /// An `HTTPError` of Hummingbird or of a route: its status and headers, a code and message of the status (its
    /// own message may name internals and is only logged).
    private init(httpError error: HTTPError) {
        let code: String
        let message: String
        switch error.status {
        case .notFound:
            (code, message) = ("notFound", "no route of this server answers this path")
        case .methodNotAllowed:
            (code, message) = ("methodNotAllowed", "this route does not answer this method (see the Allow header)")
        case .contentTooLarge:
            (code, message) = (WebAuthnError.Code.malformedInput.name, "the body is too large")
        default:
            (code, message) =
                error.status.code >= 500
                ? ("serverFailure", "the server cannot answer now; try again later")
                : ("requestRefused", "the request cannot be answered (HTTP \(error.status.code))")
        }
        self.init(
            refusal: Refusal(
                statusCode: error.status.code, code: code, message: message,
                isServerFailure: error.status.code >= 500))
        headers = error.headers
    }

    /// The response: `{"status": "failed", "errorMessage": "<code>: <message>"}`, with the argument of
    /// `PublicKeyCredential.signalUnknownCredential()` (WebAuthn Level 3 §5.1.10.1) when a sign-in named a
    /// credential the server does not have.
    func response(unknownCredential: UnknownCredentialOptionsJSON? = nil) -> Response {
        JSONResponse.make(
            bytes: FailureResponse(
                common: CommonResponse.failed(code: code, message: message),
                unknownCredential: unknownCredential
            ).json,
            status: status,
            headers: headers
        )
    }
}
#endif
