import Hummingbird
import PasskeyVerifier
import PostgresNIO

/// What the client is told when a request fails, and how loud the log is about it: a
/// ``PasskeyVerifier/WebAuthnError`` is a 400 with its stable code (WebAuthn Level 3 §7.1, §7.2), a
/// ``RouteRefusal`` its own status and code, a ``RateLimitExceeded`` a 429 with `rateLimited` and `Retry-After`, a
/// database failure (or a store call past its ``StoreDeadline``) a 503 with `storeUnavailable`, a misconfiguration
/// a 500.
struct Rejection: Sendable {
    /// The HTTP status.
    let status: HTTPResponse.Status
    /// The stable code put first in `errorMessage`.
    let code: String
    /// What the client is told after the code.
    let message: String
    /// Whether the server, not the client, is at fault.
    let isServerFailure: Bool
    /// Seconds the client should wait before trying again (`Retry-After`), when it should.
    var retryAfter: Int?

    /// The code sent when a store fails.
    static let storeUnavailableCode = "storeUnavailable"

    /// Classifies `error`.
    init(_ error: any Error) {
        switch error {
        case let error as WebAuthnError:
            self.init(status: .badRequest, code: error.code.name, message: error.message, isServerFailure: false)
        case let error as RouteRefusal:
            self.init(status: error.status, code: error.code, message: error.message, isServerFailure: false)
        case let error as RateLimitExceeded:
            self.init(
                status: .tooManyRequests,
                code: WebAuthnError.Code.rateLimited.name,
                message: error.description,
                isServerFailure: false
            )
            self.retryAfter = error.retryAfter
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
        case let error as PSQLError where error.serverInfo?[.sqlState]?.hasPrefix("22") == true:
            _ = error
            self.init(
                status: .badRequest,
                code: WebAuthnError.Code.malformedInput.name,
                message: "the request holds a value the database cannot store",
                isServerFailure: false
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
                status: .serviceUnavailable,
                code: Self.storeUnavailableCode,
                message: "the database cannot be used now; try again later",
                isServerFailure: true
            )
        }
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
    func response(unknownCredential: UnknownCredentialOptionsJSON? = nil) throws -> Response {
        var headers: HTTPFields = [:]
        if let retryAfter {
            headers[.retryAfter] = String(retryAfter)
        }
        return try JSONResponse.make(
            FailureResponse(
                common: CommonResponse.failed(code: code, message: message),
                unknownCredential: unknownCredential
            ),
            status: status,
            headers: headers
        )
    }
}
