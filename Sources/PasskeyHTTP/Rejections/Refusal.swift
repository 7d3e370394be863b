#if Hummingbird
import PasskeyAccounts
import PasskeySignInWithApple
import PasskeyVerifier

/// What the client is told when a request fails, and how loud the log is about it, the same for every adapter: a
/// ``PasskeyVerifier/WebAuthnError`` is a 400 with its stable code (WebAuthn Level 3 §7.1, §7.2), an account rule's
/// ``PasskeyAccounts/AccountError`` its status (``statusCode(of:)``), a ``RouteRefusal`` its own status and code, a
/// ``RateLimitExceeded`` a 429 with `rateLimited` and `Retry-After`, a database failure (``StoreFailure``, or a store
/// call past its ``StoreDeadline``) a 503 with `storeUnavailable`, a misconfiguration a 500 with
/// `serverMisconfigured`, and any other error, a mistake of the server's own code, a 500 with `serverFailure`.
package struct Refusal: Sendable {
    /// The HTTP status code (RFC 9110 §15).
    package let statusCode: Int
    /// The stable code put first in `errorMessage`.
    package let code: String
    /// What the client is told after the code.
    package let message: String
    /// Whether the server, not the client, is at fault.
    package let isServerFailure: Bool
    /// The seconds of a 429's `Retry-After` (RFC 9110 §10.2.3).
    package private(set) var retryAfterSeconds: Int?

    /// The code sent when a store fails.
    package static let storeUnavailableCode = "storeUnavailable"

    /// Classifies `error`.
    package init(_ error: any Error) {
        switch error {
        case let error as WebAuthnError:
            self.init(statusCode: 400, code: error.code.name, message: error.message, isServerFailure: false)
        case let error as AccountError:
            self.init(
                statusCode: Self.statusCode(of: error.code), code: error.code.name, message: error.message,
                isServerFailure: false)
        case let error as RouteRefusal where RouteRefusal.statusCodes.contains(error.statusCode):
            self.init(statusCode: error.statusCode, code: error.code, message: error.message, isServerFailure: false)
        case let error as RateLimitExceeded:
            self.init(
                statusCode: 429, code: AccountError.Code.rateLimited.name, message: error.description,
                isServerFailure: false)
            retryAfterSeconds = error.retryAfter
        case is AppleKeySetUnavailable:
            self.init(
                statusCode: 503, code: "appleKeysUnavailable",
                message: "Apple's keys cannot be fetched now; try again later", isServerFailure: true)
        case is MetadataUnavailable:
            self.init(
                statusCode: 503, code: "metadataUnavailable",
                message: "no FIDO metadata BLOB is loaded; try again later", isServerFailure: true)
        case let error as AppleAccountConflict:
            self.init(statusCode: 409, code: "appleAccountConflict", message: "\(error)", isServerFailure: false)
        case _ where DatabaseValueRejection.contains((error as? StoreFailure)?.underlying ?? error):
            self.init(
                statusCode: 400, code: WebAuthnError.Code.malformedInput.name,
                message: "the request holds a value the database cannot store", isServerFailure: false)
        case _ where Self.isStoreFailure(error):
            self.init(
                statusCode: 503, code: Self.storeUnavailableCode,
                message: "the database cannot be used now; try again later", isServerFailure: true)
        case let error as RelyingPartyUsageError:
            self.init(statusCode: 500, code: "serverMisconfigured", message: "\(error)", isServerFailure: true)
        default:
            self.init(
                statusCode: 500, code: "serverFailure", message: "the server cannot answer now; try again later",
                isServerFailure: true)
        }
    }

    /// A refusal of the given parts (an adapter's own, such as its framework's routing errors).
    package init(statusCode: Int, code: String, message: String, isServerFailure: Bool) {
        self.statusCode = statusCode
        self.code = code
        self.message = message
        self.isServerFailure = isServerFailure
    }

    /// Whether `error` says by its own type what a client is told (a ceremony's, an account rule's or a route's
    /// refusal, a Sign in with Apple conflict): a store call passes it through unmarked (``StoreFailure/marking(_:)``),
    /// so that it keeps its code.
    package static func speaksToTheClient(_ error: any Error) -> Bool {
        switch error {
        case is WebAuthnError, is AccountError, is RouteRefusal, is AppleAccountConflict: true
        default: false
        }
    }

    /// Whether `error` says the database failed: a store call's ``StoreFailure`` or ``StoreTimeout``, the readiness
    /// probe's timeout, a store's own error, a cancelled call, or a driver's error from a store used without its
    /// deadline.
    package static func isStoreFailure(_ error: any Error) -> Bool {
        switch error {
        case is StoreFailure, is StoreTimeout, is DatabaseProbe.Timeout, is UserStoreError, is StoreError,
            is CancellationError:
            true
        default:
            DatabaseValueRejection.isDriverError(error)
        }
    }

    /// The HTTP status code of an account rule's refusal: `401` without a live session, `409` for the last passkey,
    /// `429` when rate-limited, else `400` (a taken name, a full account).
    package static func statusCode(of code: AccountError.Code) -> Int {
        switch code {
        case .sessionRequired: 401
        case .lastCredential: 409
        case .rateLimited: 429
        default: 400
        }
    }
}
#endif
