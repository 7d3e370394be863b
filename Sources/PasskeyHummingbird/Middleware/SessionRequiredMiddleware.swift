#if Hummingbird
import Hummingbird
import HummingbirdAuth
import PasskeyAccounts
import PasskeyHTTP

/// Guards a group of routes: a request without a valid session (no ``AuthenticatedSession`` in the context) is
/// `401 sessionRequired` with the usual JSON body. hummingbird-auth's `IsAuthenticatedMiddleware` answers an empty
/// `401`; clients of this server switch on the stable code.
public struct SessionRequiredMiddleware<Context: AuthRequestContext>: RouterMiddleware
where Context.Identity == AuthenticatedSession {
    /// Creates the middleware.
    public init() {}

    /// Passes the request on when it has a session.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.identity != nil else { throw AccountError.sessionRequired }
        return try await next(request, context)
    }
}
#endif
