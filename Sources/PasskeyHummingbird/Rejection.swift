#if Hummingbird
import Hummingbird
import PasskeyVerifier

/// What the client is told when a request fails, and how loud the log is about it: a
/// ``PasskeyVerifier/WebAuthnError`` is a 400 with its stable code (WebAuthn Level 3 §7.1, §7.2), a
/// ``RouteRefusal`` its own status and code, a database failure a 503 with `storeUnavailable`, a misconfiguration
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

    /// The code sent when a store fails.
    static let storeUnavailableCode = "storeUnavailable"

    /// Classifies `error`.
    init(_ error: any Error) {
        switch error {
        case let error as WebAuthnError:
            self.init(status: .badRequest, code: error.code.name, message: error.message, isServerFailure: false)
        case let error as RouteRefusal:
            self.init(status: error.status, code: error.code, message: error.message, isServerFailure: false)
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
        case let error where DatabaseValueRejection.contains(error):
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
        try JSONResponse.make(
            FailureResponse(
                common: CommonResponse.failed(code: code, message: message),
                unknownCredential: unknownCredential
            ),
            status: status
        )
    }
}
#endif
