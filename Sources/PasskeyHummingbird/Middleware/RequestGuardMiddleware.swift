#if Hummingbird
import Foundation
import Hummingbird
import PasskeyHTTP

/// Refuses the requests another site could make a browser send (cross-site request forgery, OWASP): a
/// state-changing request (`POST`, `PUT`, `PATCH`, `DELETE`) that carries the session cookie, or any `Origin`,
/// must come from one of the configured origins (`403 crossOriginRequest`), and a `POST`, `PUT` or `PATCH` must
/// say `Content-Type: application/json` (`415 unsupportedMediaType`): a form or a `text/plain` fetch, which a
/// browser sends cross-site without asking, is never processed. A native app sends neither the cookie nor an
/// `Origin` and is not affected.
///
/// In the FIDO conformance mode a request without the cookie is not checked for its `Origin`: the conformance
/// tools run on their own origin.
public struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The origins the server serves (WebAuthn Level 3 §5.8.1 `origin`); related origins (§5.11) are other sites and
    /// not among them.
    public let origins: Set<String>
    /// The session cookie's name.
    public let cookieName: String
    /// Whether requests without the cookie may come from any origin.
    public let conformance: Bool

    /// Creates the middleware.
    public init(origins: Set<String>, cookieName: String, conformance: Bool) {
        self.origins = origins
        self.cookieName = cookieName
        self.conformance = conformance
    }

    /// Checks the request, then passes it on.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let method = request.method
        guard method == .post || method == .put || method == .patch || method == .delete else {
            return try await next(request, context)
        }
        let origin = request.headers[.origin]
        let carriesCookie = request.cookies[cookieName] != nil
        if carriesCookie || (origin != nil && !conformance) {
            guard let origin, origins.contains(origin) else {
                throw RouteRefusal(
                    .forbidden,
                    "crossOriginRequest",
                    origin == nil
                        ? "a request with the session cookie must carry an Origin header"
                        : "the request comes from an origin this server does not serve"
                )
            }
        }
        if method != .delete {
            let mediaType = request.headers[.contentType]?.split(separator: ";").first
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard mediaType == "application/json" else {
                throw RouteRefusal(
                    .unsupportedMediaType,
                    "unsupportedMediaType",
                    "the body must be sent with Content-Type: application/json"
                )
            }
        }
        return try await next(request, context)
    }
}
#endif
