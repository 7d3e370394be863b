#if Hummingbird
import Hummingbird
import PasskeyAccounts
import PasskeyHTTP
import PasskeyMetadata

/// The health routes on the server's main port, for load balancers and orchestrators:
///
/// - `GET /health/live` → `200 {"status": "ok", "errorMessage": ""}` whenever the process answers;
/// - `GET /health/ready` → `200` when the database answers a trivial question (a look-up of a session by a key no
///   token hashes to) within ``readinessBound`` and, when the server uses FIDO metadata, a BLOB is loaded; else
///   `503` with the usual JSON failure body: `storeUnavailable` or `metadataUnavailable`.
///
/// Neither says more than that (no database name, error or version): they are public like every route of the
/// main port.
public struct HealthController<Context: RequestContext>: Sendable {
    /// The time the database has to answer the readiness question: 2 seconds.
    public static var readinessBound: Duration { .seconds(2) }

    /// The sessions, whose table answers the readiness question.
    public let sessionStore: any SessionStore
    /// The metadata, when the server needs it: ready only once a BLOB is loaded.
    public let metadataService: MetadataService?
    let probe = DatabaseProbe()

    /// Creates the controller; `metadataService` is given when the server verifies registrations with metadata.
    public init(sessionStore: any SessionStore, metadataService: MetadataService?) {
        self.sessionStore = sessionStore
        self.metadataService = metadataService
    }

    /// Adds `GET /health/live` and `GET /health/ready`, inside the router's ``RejectionMiddleware``.
    func addRoutes(to router: Router<Context>) {
        router.group("health")
            .get("live", use: live)
            .get("ready", use: ready)
    }

    @Sendable func live(request: Request, context: Context) async throws -> Response {
        try JSONResponse.make(CommonResponse.ok)
    }

    @Sendable func ready(request: Request, context: Context) async throws -> Response {
        if let metadataService, await metadataService.current == nil {
            throw MetadataUnavailable("no metadata BLOB is loaded yet")
        }
        let sessionStore = sessionStore
        let outcome = await probe.check(within: Self.readinessBound) {
            _ = try await sessionStore.session(tokenHash: [UInt8](repeating: 0, count: 32))
        }
        switch outcome {
        case .answered:
            return try JSONResponse.make(CommonResponse.ok)
        case .failed(let error):
            throw StoreFailure.marking(error)
        case .timedOut:
            throw DatabaseProbe.Timeout()
        }
    }
}
#endif
