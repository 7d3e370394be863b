#if Server
import Foundation
import Hummingbird

/// `GET /` of `passkey-server`: the page (``DemonstrationPage``), a small app that signs up, signs in (also through
/// autofill, conditional mediation, WebAuthn Level 3 §5.1.4.1) and manages the signed-in account's passkeys through
/// this server's routes (§5.1.3, §5.1.4). Only the executable serves it, beside the passkey routes
/// (`PasskeyServerService`'s `additionalRoutes`); `PasskeyServerApplication.addRoutes` never mounts it on a host.
///
/// Every answer carries a fresh script and style nonce in its `Content-Security-Policy` (CSP Level 3 §2.3.1
/// `nonce-source`, unique per response as §7.1 asks): nothing else runs or styles the page, it cannot be framed
/// (`frame-ancestors 'none'`) and it connects to its own origin only. `Strict-Transport-Security` (RFC 6797 §6.1)
/// is added when an origin is https.
struct PageController<Context: RequestContext>: Sendable {
    /// Whether a configured origin is https, so that the page is served with `Strict-Transport-Security`.
    let sendsStrictTransportSecurity: Bool
    /// The page, its origins filled in: the page opened at another address says where to open it.
    let page: DemonstrationPage

    /// Creates the controller for the server's configured origins (WebAuthn Level 3 §5.8.1 `origin`, such as
    /// `https://example.com` or `http://localhost:8080`).
    ///
    /// - Throws: as ``DemonstrationPage/init(origins:)``.
    init(origins: [String]) throws {
        sendsStrictTransportSecurity = origins.contains { $0.lowercased().hasPrefix("https://") }
        page = try DemonstrationPage(origins: origins)
    }

    /// Adds the route.
    func addRoutes(to router: some RouterMethods<Context>) {
        router.get("/", use: serve)
    }

    /// `GET /`: the page, `text/html`, with its security headers.
    @Sendable func serve(request: Request, context: Context) async throws -> Response {
        let nonce = Self.makeNonce()
        return Response(
            status: .ok,
            headers: headers(nonce: nonce),
            body: ResponseBody(byteBuffer: ByteBuffer(string: page.html(nonce: nonce)))
        )
    }

    /// The page's headers for a response whose script and style carry `nonce`.
    func headers(nonce: String) -> HTTPFields {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: Self.contentSecurityPolicy(nonce: nonce),
            .xContentTypeOptions: "nosniff",
            .cacheControl: "no-store",
        ]
        if let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy") {
            headers[referrerPolicy] = "same-origin"
        }
        if sendsStrictTransportSecurity {
            headers[.strictTransportSecurity] = "max-age=31536000"
        }
        return headers
    }

    /// The policy (CSP Level 3 §6): the one script and the one style carrying `nonce`, images from the page's
    /// origin and `data:` URIs (the providers' icons), requests to the page's origin, no form submissions, no
    /// `<base>`, no framing; nothing else.
    static func contentSecurityPolicy(nonce: String) -> String {
        [
            "default-src 'none'",
            "script-src 'nonce-\(nonce)'",
            "style-src 'nonce-\(nonce)'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "form-action 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// A fresh nonce: 16 random bytes (CSP Level 3 §7.1 asks for at least 128 bits from a secure generator),
    /// base64.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }
}
#endif
