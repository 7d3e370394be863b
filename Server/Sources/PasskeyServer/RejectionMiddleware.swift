import Hummingbird
import Logging

/// Turns the errors of the ceremony routes into ``CommonResponse`` failures (``Rejection``) and logs each
/// with its error code: a rejected client at `info`, a failing store at `error`.
struct RejectionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            throw error
        } catch {
            let rejection = Rejection(error)
            let metadata: Logger.Metadata = [
                "code": "\(rejection.code)",
                "path": "\(request.uri.path)",
                "error": "\(error)",
            ]
            if rejection.isServerFailure {
                context.logger.error("passkey request failed", metadata: metadata)
            } else {
                context.logger.info("passkey request rejected", metadata: metadata)
            }
            return try rejection.response()
        }
    }
}
