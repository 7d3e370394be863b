#if Hummingbird
import Hummingbird
import PasskeyAccounts
import PasskeyVerifier

/// What the client is told when a request fails, and how loud the log is about it: a
/// ``PasskeyVerifier/WebAuthnError`` is a 400 with its stable code (WebAuthn Level 3 §7.1, §7.2), a
/// ``RouteRefusal`` its own status and code, a ``RateLimitExceeded`` a 429 with `rateLimited` and `Retry-After`,
/// Hummingbird's `HTTPError` (no route: `404 notFound`, a method the route does not answer: `405 methodNotAllowed`)
/// its status and headers with a code and a fixed message, a database failure (``StoreFailure``, or a store call
/// past its ``StoreDeadline``) a 503 with `storeUnavailable`, a misconfiguration a 500 with `serverMisconfigured`,
/// and any other error, a mistake of the server's own code, a 500 with `serverFailure`.
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
    static let storeUnavailableCode = "storeUnavailable"

    /// Classifies `error`.
    init(_ error: any Error) {
        switch error {
        case let error as WebAuthnError:
            self.init(status: .badRequest, code: error.code.name, message: error.message, isServerFailure: false)
        case let error as AccountError:
            self.init(
                status: Self.status(of: error.code), code: error.code.name, message: error.message,
                isServerFailure: false)
        case let error as RouteRefusal:
            self.init(status: error.status, code: error.code, message: error.message, isServerFailure: false)
        case let error as HTTPError:
            self.init(httpError: error)
        case let error as RateLimitExceeded:
            self.init(
                status: .tooManyRequests,
                code: AccountError.Code.rateLimited.name,
                message: error.description,
                isServerFailure: false
            )
            self.headers[.retryAfter] = String(error.retryAfter)
        case is AppleKeySetUnavailable:
            self.init(
                status: .serviceUnavailable,
                code: "appleKeysUnavailable",
                message: "Apple's keys cannot be fetched now; try again later",
                isServerFailure: true
            )
        case is MetadataUnavailable:
            self.init(
                status: .serviceUnavailable,
                code: "metadataUnavailable",
                message: "no FIDO metadata BLOB is loaded; try again later",
                isServerFailure: true
            )
        case let error as AppleAccountConflict:
            self.init(status: .conflict, code: "appleAccountConflict", message: "\(error)", isServerFailure: false)
        case _ where DatabaseValueRejection.contains((error as? StoreFailure)?.underlying ?? error):
            self.init(
                status: .badRequest,
                code: WebAuthnError.Code.malformedInput.name,
                message: "the request holds a value the database cannot store",
                isServerFailure: false
            )
        case _ where Self.isStoreFailure(error):
            self.init(
                status: .serviceUnavailable,
                code: Self.storeUnavailableCode,
                message: "the database cannot be used now; try again later",
                isServerFailure: true
            )
        case let error as RelyingPartyUsageError:
            self.init(
                status: .internalServerError,
                code: "serverMisconfigured",
                message: "\(error)",
                isServerFailure: true
            )
        default:
            self.init(
                status: .internalServerError,
                code: "serverFailure",
                message: "the server cannot answer now; try again later",
                isServerFailure: true
            )
        }
    }

    /// Whether `error` says by its own type what a client is told (a ceremony's, an account rule's or a route's
    /// refusal, a Sign in with Apple conflict): a store call passes it through unmarked (``StoreFailure/marking(_:)``),
    /// so that it keeps its code.
    static func speaksToTheClient(_ error: any Error) -> Bool {
        switch error {
        case is WebAuthnError, is AccountError, is RouteRefusal, is AppleAccountConflict: true
        default: false
        }
    }

    /// Whether `error` says the database failed: a store call's ``StoreFailure`` or ``StoreTimeout``, the readiness
    /// probe's timeout, a store's own error, a cancelled call, or a driver's error from a store used without its
    /// deadline.
    static func isStoreFailure(_ error: any Error) -> Bool {
        switch error {
        case is StoreFailure, is StoreTimeout, is DatabaseProbe.Timeout, is UserStoreError, is StoreError,
            is CancellationError:
            true
        default:
            DatabaseValueRejection.isDriverError(error)
        }
    }

    /// The HTTP status of an account rule's refusal: `401` without a live session, `409` for the last passkey, `429`
    /// when rate-limited, else `400` (a taken name, a full account).
    static func status(of code: AccountError.Code) -> HTTPResponse.Status {
        switch code {
        case .sessionRequired: .unauthorized
        case .lastCredential: .conflict
        case .rateLimited: .tooManyRequests
        default: .badRequest
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
        self.init(status: error.status, code: code, message: message, isServerFailure: error.status.code >= 500)
        headers = error.headers
    }

    private init(status: HTTPResponse.Status, code: String, message: String, isServerFailure: Bool) {
        self.status = status
        self.code = code
        self.message = message
        self.isServerFailure = isServerFailure
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
