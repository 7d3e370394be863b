#if Hummingbird
import Foundation
import Hummingbird
import Logging
import PasskeyAccounts
import PasskeyHTTP
import PasskeySignInWithApple
import PasskeyVerifier

/// Sign in with Apple:
///
/// - `POST /auth/apple/nonce` → `{"status": "ok", "errorMessage": "", "nonce": …}`: a single-use nonce the server
///   keeps for ``nonceLifetime`` seconds (``AppleNonceResponse``);
/// - `POST /auth/apple` `{identityToken, rawNonce, nonceIsUnhashed?}`: takes the nonce (one that was never issued,
///   was used or expired is `challengeNotFound`), verifies the identity token
///   (``PasskeyVerifier/AppleIdentityTokenVerifier``, for the configured client IDs, with Apple's keys from an
///   ``AppleKeySetSource``, its `nonce` the SHA-256 of the raw nonce or, with `nonceIsUnhashed`, the nonce itself)
///   and links or creates the account of its `sub` (``UserStore/username(forAppleSubject:proposing:)``), answering
///   ``AppleSignInResponse``: the username and a single-use registration ticket, valid ``registrationTicketLifetime``
///   seconds, without which `POST /attestation/options` adds no passkey to an `apple:` account.
///
/// A rejected token is a 400 with its stable code (``RejectionMiddleware``); with no client ID configured both routes
/// answer `404 notFound`.
public struct AppleSignInController<Context: RequestContext>: Sendable {
    /// How long an issued nonce is accepted, 600 seconds.
    public static var nonceLifetime: Int64 { AccountService.appleNonceLifetime }
    /// How long a registration ticket is accepted, 300 seconds.
    public static var registrationTicketLifetime: Int64 { AccountService.appleRegistrationTicketLifetime }

    /// The bundle IDs and Services IDs tokens may be for; empty disables the route.
    public let clientIDs: [String]
    /// Apple's keys.
    public let keySetSource: any AppleKeySetSource
    /// The accounts and their links.
    public let service: AccountService

    /// Creates the controller.
    public init(clientIDs: [String], keySetSource: any AppleKeySetSource, service: AccountService) {
        self.clientIDs = clientIDs
        self.keySetSource = keySetSource
        self.service = service
    }

    /// Adds `POST /auth/apple/nonce` and `POST /auth/apple`, counted by ``CeremonyMetricsMiddleware``, inside the
    /// ``RejectionMiddleware`` of ``PasskeyServerApplication``.
    func addRoutes(to router: some RouterMethods<Context>) {
        router.group()
            .add(middleware: CeremonyMetricsMiddleware<Context>())
            .post("auth/apple/nonce", use: issueNonce)
            .post("auth/apple", use: signIn)
    }

    @Sendable func issueNonce(request: Request, context: Context) async throws -> Response {
        try requireConfiguration()
        let nonce = try await service.issueAppleNonce()
        return try JSONResponse.make(AppleNonceResponse(nonce: nonce.value))
    }

    @Sendable func signIn(request: Request, context: Context) async throws -> Response {
        try requireConfiguration()
        let body = try await RequestBodyReader.decode(AppleSignInRequest.self, from: request)
        let verified = VerifiedToken()
        let signIn = try await service.signInWithApple(rawNonce: body.rawNonce) {
            let token = try await verify(body)
            verified.token = token
            return token.subject
        }
        if let token = verified.token {
            let subjectHash = HashAlgorithm.sha256.hash(Array(token.subject.utf8)).prefix(8)
                .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            context.logger.info(
                "Sign in with Apple",
                metadata: [
                    "subjectSHA256": "\(subjectHash)", "audience": "\(LogText.escaped(token.audience))",
                    "kid": "\(LogText.escaped(token.keyIdentifier))",
                ]
            )
        }
        context.logger.debug(
            "Sign in with Apple account", metadata: ["username": "\(LogText.escaped(signIn.username))"])
        return try JSONResponse.make(
            AppleSignInResponse(username: signIn.username, appleRegistrationTicket: signIn.registrationTicket.value)
        )
    }

    /// The token the service had verified, for the log.
    private final class VerifiedToken {
        var token: AppleIdentityToken?
    }

    /// Both routes answer `404 notFound`, with the usual JSON body, while no client ID is configured.
    private func requireConfiguration() throws {
        guard !clientIDs.isEmpty else {
            throw RouteRefusal(.notFound, "notFound", "Sign in with Apple is not configured on this server")
        }
    }

    /// Verifies with the cached keys, and once more with refreshed keys when the token names a `kid` they lack.
    private func verify(_ body: AppleSignInRequest) async throws -> AppleIdentityToken {
        let token = Array(body.identityToken.utf8)
        let now = Date()
        let nonce: AppleIdentityTokenVerifier.NonceExpectation =
            body.nonceIsUnhashed == true ? .exact(body.rawNonce) : .sha256Hex(body.rawNonce)
        do {
            let verifier = AppleIdentityTokenVerifier(
                clientIDs: clientIDs,
                keySet: try await keySetSource.keySet(refresh: false)
            )
            return try verifier.verify(token, nonce: nonce, at: now)
        } catch let error as WebAuthnError where error.code == .identityTokenKeyNotFound {
            let verifier = AppleIdentityTokenVerifier(
                clientIDs: clientIDs,
                keySet: try await keySetSource.keySet(refresh: true)
            )
            return try verifier.verify(token, nonce: nonce, at: now)
        }
    }
}
#endif
