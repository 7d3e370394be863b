import Foundation
import Hummingbird
import Logging
import PasskeyVerifier

/// `POST /auth/apple` `{identityToken, rawNonce}`: verifies a Sign in with Apple identity token
/// (``PasskeyVerifier/AppleIdentityTokenVerifier``, for the configured client IDs, with Apple's keys from an
/// ``AppleKeySetSource``) and links or creates the account of its `sub` (``UserStore/username(forAppleSubject:proposing:)``),
/// answering `{"status": "ok", "errorMessage": "", "username": …}`. The app can then register a passkey for that
/// username with `POST /attestation/options`, so an account created with Sign in with Apple gains a passkey.
///
/// A rejected token is a 400 with its stable code (``RejectionMiddleware``); with no client ID configured the route
/// answers 404.
public struct AppleSignInController<Context: RequestContext>: Sendable {
    /// The bundle IDs and Services IDs tokens may be for; empty disables the route.
    public let clientIDs: [String]
    /// Apple's keys.
    public let keySetSource: any AppleKeySetSource
    /// The accounts.
    public let userStore: any UserStore
    /// Makes the handles of new accounts.
    public let relyingParty: RelyingParty

    /// Creates the controller.
    public init(
        clientIDs: [String],
        keySetSource: any AppleKeySetSource,
        userStore: any UserStore,
        relyingParty: RelyingParty
    ) {
        self.clientIDs = clientIDs
        self.keySetSource = keySetSource
        self.userStore = userStore
        self.relyingParty = relyingParty
    }

    /// Adds `POST /auth/apple`, behind ``RejectionMiddleware``.
    public func addRoutes(to router: Router<Context>) {
        router.group()
            .add(middleware: RejectionMiddleware<Context>())
            .post("auth/apple", use: signIn)
    }

    @Sendable func signIn(request: Request, context: Context) async throws -> Response {
        guard !clientIDs.isEmpty else {
            throw HTTPError(
                .notFound,
                message: "Sign in with Apple is not configured: start the server with --apple-client-id"
            )
        }
        let body = try await RequestBodyReader.decode(AppleSignInRequest.self, from: request)
        let token = try await verify(body)
        let username = AppleAccountUsername.username(forSubject: token.subject)
        guard username.count <= AttestationOptionsRequest.maximumNameLength else {
            throw WebAuthnError(
                .malformedInput,
                "the identity token's sub is too long for a username of \(AttestationOptionsRequest.maximumNameLength)"
            )
        }
        let linked = try await userStore.username(
            forAppleSubject: token.subject,
            proposing: try relyingParty.generateUserHandle()
        )
        context.logger.info(
            "Sign in with Apple",
            metadata: ["username": "\(linked)", "audience": "\(token.audience)", "kid": "\(token.keyIdentifier)"]
        )
        return try JSONResponse.make(AssertionResultResponse(username: linked))
    }

    /// Verifies with the cached keys, and once more with refreshed keys when the token names a `kid` they lack.
    private func verify(_ body: AppleSignInRequest) async throws -> AppleIdentityToken {
        let token = Array(body.identityToken.utf8)
        let now = Date()
        do {
            let verifier = AppleIdentityTokenVerifier(
                clientIDs: clientIDs,
                keySet: try await keySetSource.keySet(refresh: false)
            )
            return try verifier.verify(token, rawNonce: body.rawNonce, at: now)
        } catch let error as WebAuthnError where error.code == .identityTokenKeyNotFound {
            let verifier = AppleIdentityTokenVerifier(
                clientIDs: clientIDs,
                keySet: try await keySetSource.keySet(refresh: true)
            )
            return try verifier.verify(token, rawNonce: body.rawNonce, at: now)
        }
    }
}
