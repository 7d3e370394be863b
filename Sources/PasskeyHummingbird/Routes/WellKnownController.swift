#if Hummingbird
import Hummingbird
import PasskeyHTTP
import PasskeyVerifier

/// The documents clients fetch from the RP ID's site before they use its passkeys elsewhere:
/// `GET /.well-known/apple-app-site-association` (the iOS apps of ``ServerConfiguration/appleAppIDs``) and
/// `GET /.well-known/webauthn` (the related origins, WebAuthn Level 3 §5.11), both `application/json`. A
/// document with nothing to list is not mounted, so that a host may serve its own (a 404 on `passkey-server`).
public struct WellKnownController<Context: RequestContext>: Sendable {
    /// The apps listed under `webcredentials`.
    public let appleAppIDs: [String]
    /// The related origins, or `nil` when there are none.
    public let relatedOrigins: RelatedOrigins?

    /// Creates the controller.
    public init(appleAppIDs: [String], relatedOrigins: RelatedOrigins?) {
        self.appleAppIDs = appleAppIDs
        self.relatedOrigins = relatedOrigins
    }

    /// Adds the routes of the documents that have something to list.
    public func addRoutes(to router: some RouterMethods<Context>) {
        if !appleAppIDs.isEmpty {
            router.get(RouterPath(AppleAppSiteAssociation.wellKnownPath), use: appleAppSiteAssociation)
        }
        if relatedOrigins != nil {
            router.get(RouterPath(RelatedOrigins.wellKnownPath), use: webAuthn)
        }
    }

    /// `GET /.well-known/apple-app-site-association`.
    @Sendable func appleAppSiteAssociation(request: Request, context: Context) async throws -> Response {
        guard !appleAppIDs.isEmpty else { throw HTTPError(.notFound) }
        return try JSONResponse.make(AppleAppSiteAssociation(appIDs: appleAppIDs))
    }

    /// `GET /.well-known/webauthn` (§5.11).
    @Sendable func webAuthn(request: Request, context: Context) async throws -> Response {
        guard let relatedOrigins else { throw HTTPError(.notFound) }
        return JSONResponse.make(bytes: relatedOrigins.wellKnownDocument)
    }
}
#endif
