#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import PasskeyAccounts
import PasskeyHTTP
import PasskeyVerifier

/// The ceremony routes of the FIDO Alliance conformance-test server API over an ``PasskeyAccounts/AccountService``
/// (WebAuthn Level 3 §7.1 registration, §7.2 authentication), with accounts that only their owner can extend:
///
/// - `POST /attestation/options` (`ServerPublicKeyCredentialCreationOptionsRequest`) → `status`, `errorMessage`
///   and the `PublicKeyCredentialCreationOptionsJSON` members (§5.4): for a new username (sign-up), or for the
///   account of the request's session (adding a passkey); an existing username without its session is
///   `accountExists`, except in the conformance mode (``ServerConfiguration/conformance``);
/// - `POST /attestation/result` (a `RegistrationResponseJSON`, §5.1, or an iOS app's native body) → `status`,
///   `username`, and for a sign-up a new session: the account, the credential and the session commit together;
/// - `POST /assertion/options` (`ServerPublicKeyCredentialGetOptionsRequest`) → `status`, `errorMessage` and the
///   `PublicKeyCredentialRequestOptionsJSON` members (§5.5);
/// - `POST /assertion/result` (an `AuthenticationResponseJSON` or a native body) → `status`, `username` and a new
///   session.
///
/// Each handler reads the body, calls the service, and writes the answer; every failure is a ``CommonResponse``
/// with the library's stable error code (``RejectionMiddleware``).
public struct PasskeyController<Context: AuthRequestContext>: Sendable
where Context.Identity == AuthenticatedSession {
    /// The accounts, ceremonies and sessions.
    public let service: AccountService
    /// The session cookie.
    public let sessions: SessionIssuer
    /// The conformance mode.
    public let configuration: ServerConfiguration
    /// The per-username rate limit of the options routes; `nil` for none.
    public let rateLimiter: RequestRateLimiter?
    /// Which extension inputs a client may ask for.
    public let extensionPolicy: ClientExtensionPolicy

    /// Creates the controller; `rateLimiter` limits the options requests per username.
    public init(
        service: AccountService,
        sessions: SessionIssuer,
        configuration: ServerConfiguration,
        rateLimiter: RequestRateLimiter? = nil
    ) {
        self.service = service
        self.sessions = sessions
        self.configuration = configuration
        self.rateLimiter = rateLimiter
        self.extensionPolicy = ClientExtensionPolicy(appID: configuration.appID)
    }

    /// Adds the four routes, counted by ``CeremonyMetricsMiddleware``, inside the ``RejectionMiddleware`` of
    /// ``PasskeyServerApplication``.
    func addRoutes(to router: some RouterMethods<Context>) {
        router.group()
            .add(middleware: CeremonyMetricsMiddleware<Context>())
            .post("attestation/options", use: attestationOptions)
            .post("attestation/result", use: attestationResult)
            .post("assertion/options", use: assertionOptions)
            .post("assertion/result", use: assertionResult)
    }

    /// `POST /attestation/options`: creation options (§5.4) for a new account, or for the session's account, whose
    /// `excludeCredentials` lists its passkeys.
    @Sendable func attestationOptions(request: Request, context: Context) async throws -> Response {
        let bytes = try await RequestBodyReader.bytes(of: request)
        let body = try RequestBodyReader.decode(AttestationOptionsRequest.self, from: bytes)
        let echoed = configuration.conformance ? try ConformanceExtensionEcho.requested(in: bytes) : nil
        var overrides = body.overrides
        overrides.extensions = try extensionPolicy.registration(body.extensions)
        if !body.username.isEmpty {
            try rateLimiter?.admit(username: try AccountText.username(body.username))
        }
        let options = try await service.beginRegistration(
            AccountService.RegistrationRequest(
                username: body.username,
                displayName: body.displayName,
                overrides: overrides,
                appleRegistrationTicket: body.appleRegistrationTicket
            ),
            session: context.identity?.record
        )
        return try optionsResponse(OptionsResponse(options: options), echoing: echoed)
    }

    /// The options answer, with the requested extensions echoed in the conformance mode.
    private func optionsResponse(
        _ options: some Encodable & Sendable,
        echoing echoed: [String: JSONValue]?
    ) throws -> Response {
        guard let echoed else { return try JSONResponse.make(options, headers: Self.noStore) }
        let encoded = Array(try JSONEncoder().encode(options))
        return JSONResponse.make(
            bytes: try ConformanceExtensionEcho.echo(echoed, into: encoded),
            headers: Self.noStore
        )
    }

    /// `POST /attestation/result`: the service's registration (one commit: the credential, the account of a
    /// sign-up, the session of a new or `apple:` account). A passkey added to an existing account with its session
    /// is refused (`401 sessionRequired`, logged at `notice`) when that session has ended since the options.
    @Sendable func attestationResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let registration: AccountService.Registration
        do {
            registration = try await service.finishRegistration(
                json: body,
                session: context.identity?.record,
                userAgent: userAgent(of: request)
            )
        } catch let refusal as AccountError where refusal.code == .sessionRequired {
            context.logger.notice("a passkey's registration outlived the session that began it, and is refused")
            throw refusal
        }
        let account = registration.account
        context.logger.info(
            "passkey registered",
            metadata: [
                "credentialID": "\(Base64URL.encode(registration.completed.credentialID))",
                "attestationFormat": "\(registration.completed.verifiedRegistration.format)",
            ]
        )
        context.logger.debug("passkey registered for", metadata: ["username": "\(LogText.escaped(account.username))"])
        guard let session = registration.session else {
            return JSONResponse.make(bytes: SignedInResponse(username: account.username, sessionToken: nil).json)
        }
        return signedIn(account, token: session.token, request: request)
    }

    /// `POST /assertion/options`: request options listing the user's credentials, or none for a
    /// discoverable-credential sign-in when no username is given (§5.5 `allowCredentials`). An unknown username,
    /// or one without passkeys, is `unknownCredential`, refused before a challenge is stored, or made-up options
    /// when ``ServerConfiguration/concealsUnknownUsernames``. The account's credentials are read once.
    @Sendable func assertionOptions(request: Request, context: Context) async throws -> Response {
        let bytes = try await RequestBodyReader.bytes(of: request)
        let body = try RequestBodyReader.decode(AssertionOptionsRequest.self, from: bytes)
        let echoed = configuration.conformance ? try ConformanceExtensionEcho.requested(in: bytes) : nil
        var overrides = body.overrides
        overrides.extensions = try extensionPolicy.authentication(body.extensions)
        if let given = body.username, !given.isEmpty {
            try rateLimiter?.admit(username: try AccountText.username(given))
        }
        let options = try await service.beginSignIn(username: body.username, overrides: overrides)
        return try requestOptionsResponse(options, echoing: echoed)
    }

    /// The answer of `POST /assertion/options`: written by ``RequestOptionsAnswer`` when nothing is echoed and no
    /// extension is requested (every sign-in of a browser or app), else by ``optionsResponse(_:echoing:)``.
    private func requestOptionsResponse(
        _ options: PublicKeyCredentialRequestOptionsJSON,
        echoing echoed: [String: JSONValue]?
    ) throws -> Response {
        guard echoed == nil, let bytes = RequestOptionsAnswer.json(options) else {
            return try optionsResponse(OptionsResponse(options: options), echoing: echoed)
        }
        return JSONResponse.make(bytes: bytes, headers: Self.noStore)
    }

    /// `POST /assertion/result`: the service's sign-in (one commit: the challenge, the counter, the session).
    @Sendable func assertionResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let signIn = try await service.finishSignIn(json: body, userAgent: userAgent(of: request))
        context.logger.info(
            "passkey sign-in",
            metadata: ["credentialID": "\(Base64URL.encode(signIn.completed.credentialID))"]
        )
        context.logger.debug(
            "passkey sign-in of", metadata: ["username": "\(LogText.escaped(signIn.account.username))"])
        return signedIn(signIn.account, token: signIn.session.token, request: request)
    }

    /// The request's `User-Agent` as a session keeps it: escaped and cut.
    private func userAgent(of request: Request) -> String {
        LogText.escaped(request.headers[.userAgent] ?? "", maximumBytes: SessionPolicy.maximumUserAgentBytes)
    }

    /// The answer of a sign-up or sign-in: the session's token in the cookie and, for a client that sent no
    /// `Origin` (a native app), in the body; a page's script never sees it, so an injected script cannot carry it
    /// away.
    private func signedIn(_ account: Account, token: String, request: Request) -> Response {
        let shown = request.headers[.origin] == nil ? token : nil
        var response = JSONResponse.make(bytes: SignedInResponse(username: account.username, sessionToken: shown).json)
        response.setCookie(sessions.cookie(carrying: token))
        return response
    }

    /// Options are single-use: never cached.
    static var noStore: HTTPFields { [.cacheControl: "no-store"] }
}
#endif
