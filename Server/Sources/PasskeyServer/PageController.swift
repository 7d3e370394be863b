import Hummingbird
import NIOCore

/// `GET /`: the demonstration page (``DemonstrationPage``) to register, sign in, and sign in through autofill
/// (WebAuthn Level 3 §5.1.3, §5.1.4, conditional mediation §5.1.4.1) against this server's routes.
public struct PageController<Context: RequestContext>: Sendable {
    /// Creates the controller.
    public init() {}

    /// Adds the route.
    public func addRoutes(to router: Router<Context>) {
        router.get("/", use: page)
    }

    /// `GET /`: the page, `text/html`.
    @Sendable func page(request: Request, context: Context) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: DemonstrationPage.html))
        )
    }
}
