#if Hummingbird
import Hummingbird
import PasskeyHTTP

/// Counts the steps of the ceremonies (``ServerMetrics/recordCeremony(kind:step:outcome:)``) by the route that
/// answered: `begin` and `finish` of a `registration` (WebAuthn Level 3 §7.1), an `authentication` (§7.2) and an
/// `appleSignIn`, with the outcome `ok` or the refusal's stable code. The template is matched at its end, so that a
/// host's mount under a prefix is counted too. It sits inside the routes' ``RejectionMiddleware`` and passes every
/// error on unchanged.
struct CeremonyMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The ceremony and step of each route template.
    static var steps: [String: (kind: String, step: String)] {
        [
            "/attestation/options": ("registration", "begin"),
            "/attestation/result": ("registration", "finish"),
            "/assertion/options": ("authentication", "begin"),
            "/assertion/result": ("authentication", "finish"),
            "/auth/apple/nonce": ("appleSignIn", "begin"),
            "/auth/apple": ("appleSignIn", "finish"),
        ]
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let path = context.endpointPath, let ceremony = Self.steps.first(where: { path.hasSuffix($0.key) })?.value
        else {
            return try await next(request, context)
        }
        do {
            let response = try await next(request, context)
            ServerMetrics().recordCeremony(kind: ceremony.kind, step: ceremony.step, outcome: "ok")
            return response
        } catch {
            ServerMetrics().recordCeremony(kind: ceremony.kind, step: ceremony.step, outcome: Rejection(error).code)
            throw error
        }
    }
}
#endif
