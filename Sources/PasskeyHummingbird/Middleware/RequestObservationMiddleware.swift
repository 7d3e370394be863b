#if Hummingbird
import CoreMetrics
import Hummingbird
import Logging
import PasskeyHTTP

/// The outermost middleware of the server: it gives the request its identifier (``RequestIdentifier``), puts it
/// on every line the request's logger writes and in the response's `X-Request-ID`, and records the answer's
/// status and duration per route (``ServerMetrics``); at `debug` it logs the answer (method, route template,
/// status, milliseconds: no client text). The rest of the chain runs with ``ServerMetrics/factory`` as the task's
/// metrics factory (swift-metrics' `withMetricsFactory`), so what the routes count goes where this middleware's
/// metrics go.
public struct RequestObservationMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where the metrics go.
    public let metrics: ServerMetrics

    /// Creates the middleware.
    public init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    /// Tags the request, passes it on, then tags and counts the answer.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let identifier =
            RequestIdentifier.accepted(RequestIdentifier.headerName.flatMap { request.headers[$0] })
            ?? context.logger[metadataKey: RequestIdentifier.metadataKey]?.description ?? RequestID().description
        context.logger[metadataKey: RequestIdentifier.metadataKey] = "\(identifier)"
        let clock = ContinuousClock()
        let start = clock.now
        do {
            var response = try await withMetricsFactory(metrics.factory) {
                try await next(request, context)
            }
            if let name = RequestIdentifier.headerName {
                response.headers[name] = identifier
            }
            record(request, context: context, status: response.status, duration: start.duration(to: clock.now))
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            record(request, context: context, status: status, duration: start.duration(to: clock.now))
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: HTTPResponse.Status, duration: Duration) {
        let route = Self.route(of: context)
        metrics.recordResponse(method: request.method, route: route, status: status, duration: duration)
        context.logger.debug(
            "request answered",
            metadata: [
                "method": "\(ServerMetrics.methodLabel(request.method))", "route": "\(route)",
                "status": "\(status.code)", "milliseconds": "\(ServerMetrics.nanoseconds(duration) / 1_000_000)",
            ]
        )
    }

    /// The template of the route that answered, or ``ServerMetrics/unmatchedRoute``.
    static func route(of context: Context) -> String {
        guard let path = context.endpointPath, path != "NotFound" else { return ServerMetrics.unmatchedRoute }
        return path
    }
}
#endif
