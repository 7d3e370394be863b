#if Hummingbird
import Hummingbird
import PasskeyHTTP

/// Applies the per-client-address rate limit (``RequestRateLimiter``) to the `POST` routes that write without a
/// session (``limitedPaths``), and the generous one of ``AbuseLimits/anyRouteRateLimit`` to every other route of the
/// group, before anything is read, looked up (a session) or stored. It runs inside the routes' group, after
/// the router matched the request, and matches the route's template (`endpointPath`), not the request's path: the
/// router ignores empty segments and may ignore case, so `//assertion//options` reaches the route and must be
/// counted; the template is matched at its end so that a host's mount under a prefix is limited too; the peer comes from a context that knows
/// it (`RemoteAddressRequestContext`, such as ``PasskeyRequestContext``). A refusal is thrown as
/// ``RateLimitExceeded`` for ``RejectionMiddleware`` to answer.
struct RateLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The limits.
    let limiter: RequestRateLimiter

    /// The ceremony routes (their native iOS bodies included) and the Sign in with Apple routes.
    static var limitedPaths: Set<String> {
        [
            "/attestation/options", "/attestation/result", "/assertion/options", "/assertion/result",
            "/auth/apple/nonce", "/auth/apple",
        ]
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let template = Self.normalized(context.endpointPath ?? request.uri.path)
        let peer = (context as? any RemoteAddressRequestContext)?.remoteAddress
        if request.method == .post, Self.limitedPaths.contains(where: { template.hasSuffix($0) }) {
            try limiter.admit(request, peer: peer)
        } else {
            try limiter.admitOnAnyRoute(request, peer: peer)
        }
        return try await next(request, context)
    }

    /// `path` without a trailing slash, which the router ignores too.
    static func normalized(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
#endif
