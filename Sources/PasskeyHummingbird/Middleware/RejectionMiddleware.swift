#if Hummingbird
import Hummingbird
import Logging
import PasskeyHTTP
import PasskeyVerifier

/// Turns the errors of the routes into ``CommonResponse`` failures (``Rejection``), logs each with its error code
/// (a rejected client at `debug`, since any client can cause as many as it likes, a failing store at `error`; the
/// request's logger carries its identifier; the metrics count every refusal) and
/// counts it (``ServerMetrics``, in the metrics factory of the request's task).
struct RejectionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The RP ID an `unknownCredential` answer names for `PublicKeyCredential.signalUnknownCredential()`
    /// (WebAuthn Level 3 §5.1.10.1), or `nil` for routes that verify no assertion.
    var relyingPartyID: String?

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let rejection = Rejection(error)
            let route = RequestObservationMiddleware<Context>.route(of: context)
            let metrics = ServerMetrics()
            metrics.recordRefusal(route: route, status: rejection.status, code: rejection.code)
            if rejection.code == Rejection.storeUnavailableCode {
                metrics.recordStoreError(operation: route)
            }
            let metadata: Logger.Metadata = [
                "code": "\(rejection.code)",
                "path": "\(LogText.escaped(request.uri.path))",
                "error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))",
            ]
            if rejection.isServerFailure {
                context.logger.error("passkey request failed", metadata: metadata)
            } else {
                context.logger.debug("passkey request rejected", metadata: metadata)
            }
            guard let relyingPartyID, let error = error as? WebAuthnError, let credentialID = error.unknownCredentialID
            else {
                return rejection.response()
            }
            return rejection.response(
                unknownCredential: UnknownCredentialOptionsJSON(
                    relyingPartyID: relyingPartyID,
                    credentialID: credentialID
                )
            )
        }
    }
}
#endif
