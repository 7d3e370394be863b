#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import PasskeyAccounts
import PasskeyVerifier

/// The ceremony routes of the FIDO Alliance conformance-test server API over a
/// ``PasskeyVerifier/RelyingParty`` (WebAuthn Level 3 §7.1 registration, §7.2 authentication), with accounts that
/// only their owner can extend:
///
/// - `POST /attestation/options` (`ServerPublicKeyCredentialCreationOptionsRequest`) → `status`, `errorMessage`
///   and the `PublicKeyCredentialCreationOptionsJSON` members (§5.4): for a new username (sign-up), or for the
///   account of the request's session (adding a passkey); an existing username without its session is
///   `accountExists`, except in the conformance mode (``ServerConfiguration/conformance``);
/// - `POST /attestation/result` (a `RegistrationResponseJSON`, §5.1, or an iOS app's native body) → `status`,
///   `username`, and for a sign-up a new session (``SessionIssuer``): the account is created only here, once its
///   first passkey is stored;
/// - `POST /assertion/options` (`ServerPublicKeyCredentialGetOptionsRequest`) → `status`, `errorMessage` and the
///   `PublicKeyCredentialRequestOptionsJSON` members (§5.5);
/// - `POST /assertion/result` (an `AuthenticationResponseJSON` or a native body) → `status`, `username` and a new
///   session.
///
/// Every failure is a ``CommonResponse`` with the library's stable error code (``RejectionMiddleware``).
public struct PasskeyController<Context: AuthRequestContext>: Sendable
where Context.Identity == AuthenticatedSession {
    /// The relying party that issues the options and verifies the results.
    public let relyingParty: RelyingParty
    /// The accounts and their user handles.
    public let userStore: any UserStore
    /// Starts the sessions.
    public let sessions: SessionIssuer
    /// The conformance mode, the passkey limit and the username concealment.
    public let configuration: ServerConfiguration
    /// The relying party that verifies a registration, when it is not ``relyingParty``: with FIDO metadata, one
    /// under the trust policy of the current BLOB, made per registration (FIDO Metadata Service v3.0 §3.2).
    public let registrationRelyingParty: (@Sendable () async throws -> RelyingParty)?
    /// The per-username rate limit of the options routes; `nil` for none.
    public let rateLimiter: RequestRateLimiter?
    /// Which extension inputs a client may ask for.
    public let extensionPolicy: ClientExtensionPolicy
    /// The key of the made-up credential IDs and user handles of concealed unknown usernames: SHA-256 of the
    /// configuration's ``ServerConfiguration/concealmentKey`` (so a name costs one short hash whatever the key's
    /// length), else random for each process.
    let concealmentKey: [UInt8]

    /// Creates the controller; `registrationRelyingParty` makes the relying party that verifies each
    /// registration, ``relyingParty`` when `nil`; `rateLimiter` limits the options requests per username.
    public init(
        relyingParty: RelyingParty,
        userStore: any UserStore,
        sessions: SessionIssuer,
        configuration: ServerConfiguration,
        registrationRelyingParty: (@Sendable () async throws -> RelyingParty)? = nil,
        rateLimiter: RequestRateLimiter? = nil
    ) {
        self.rateLimiter = rateLimiter
        self.extensionPolicy = ClientExtensionPolicy(appID: configuration.appID)
        self.relyingParty = relyingParty
        self.registrationRelyingParty = registrationRelyingParty
        self.userStore = userStore
        self.sessions = sessions
        self.configuration = configuration
        var generator = SystemRandomNumberGenerator()
        self.concealmentKey =
            configuration.concealmentKey.map { HashAlgorithm.sha256.hash($0) }
            ?? (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Adds the four routes, behind ``RejectionMiddleware`` and counted by ``CeremonyMetricsMiddleware``.
    public func addRoutes(to router: some RouterMethods<Context>) {
        router.group()
            .add(middleware: RejectionMiddleware<Context>(relyingPartyID: relyingParty.configuration.relyingPartyID))
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
        overrides.userVerification = configuration.userVerification(askedFor: overrides.userVerification)
        if !body.username.isEmpty {
            try rateLimiter?.admit(username: try AccountText.username(body.username))
        }
        let displayName = try AccountText.name(body.displayName ?? "", member: "displayName")
        let user = try await registeringUser(body, displayName: displayName, session: context.identity)
        if let existing = user.existing {
            try await requireRoom(in: existing.userHandle)
        }
        let options = try await relyingParty.beginRegistration(
            for: user.entity,
            overrides: overrides,
            hostBinding: user.session.map { Base64URL.encode($0.record.tokenHash) }
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

    /// `POST /attestation/result`: verifies and stores the new credential (§7.1), creates the account of a
    /// sign-up (`accountExists` when another sign-up of the name finished first: the credential is removed again),
    /// and starts a session for a new account or an `apple:` account admitted by its registration ticket. A passkey
    /// added to an existing account with its session is refused (`401 sessionRequired`, before anything is
    /// verified or stored) when that session has ended since the options, and starts no session: a stolen token
    /// revoked by signing out everywhere cannot finish a registration it began.
    @Sendable func attestationResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let sessionStore = sessions.sessionStore
        let now = AppleSignInSecret.seconds(sessions.clock())
        let logger = context.logger
        let registration = try await (registrationRelyingParty?() ?? relyingParty).finishRegistration(
            json: body,
            admitting: { issued in
                try await Self.requireBoundSession(of: issued, in: sessionStore, at: now, logger: logger)
            }
        )
        let account: Account
        let startsSession: Bool
        if let existing = try await userStore.account(forUserHandle: registration.userHandle) {
            let count = try await relyingParty.credentialStore.credentials(forUserHandle: existing.userHandle).count
            guard count <= configuration.maximumPasskeysPerAccount else {
                _ = try await relyingParty.credentialStore.remove(credentialID: registration.credentialID)
                throw Self.limitReached(configuration.maximumPasskeysPerAccount)
            }
            account = existing
            startsSession =
                registration.hostBinding == nil && AppleAccountUsername.isReserved(existing.username)
                && !configuration.conformance
        } else {
            guard let user = registration.user else {
                _ = try await relyingParty.credentialStore.remove(credentialID: registration.credentialID)
                throw WebAuthnError(.challengeNotFound, "the registration was begun before this server version")
            }
            let created = Account(
                username: user.name,
                userHandle: registration.userHandle,
                displayName: user.displayName == user.name ? nil : user.displayName
            )
            guard try await userStore.createAccount(created) else {
                _ = try await relyingParty.credentialStore.remove(credentialID: registration.credentialID)
                throw AccountError(.accountExists, "another registration of this username finished first")
            }
            account = created
            startsSession = true
        }
        context.logger.info(
            "passkey registered",
            metadata: [
                "credentialID": "\(Base64URL.encode(registration.credentialID))",
                "attestationFormat": "\(registration.verifiedRegistration.format)",
            ]
        )
        context.logger.debug("passkey registered for", metadata: ["username": "\(LogText.escaped(account.username))"])
        guard startsSession, context.identity?.userHandle != account.userHandle else {
            return JSONResponse.make(bytes: SignedInResponse(username: account.username, sessionToken: nil).json)
        }
        let token = try await sessions.start(
            userHandle: account.userHandle,
            credentialID: registration.credentialID,
            request: request
        )
        return signedIn(account, token: token, request: request)
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
        overrides.userVerification = configuration.userVerification(askedFor: overrides.userVerification)
        guard let given = body.username, !given.isEmpty else {
            let options = try await relyingParty.beginAuthentication(for: nil, overrides: overrides)
            return try requestOptionsResponse(options, echoing: echoed)
        }
        let username = try AccountText.username(given)
        try rateLimiter?.admit(username: username)
        let userHandle = try await userStore.existingUserHandle(forUsername: username)
        guard userHandle != nil || configuration.concealsUnknownUsernames else { throw Self.noPasskeyRegistered }
        // The credentials are read once, and read for an unknown username too (under a made-up handle, which has
        // none), so that it costs the stores what a known one costs.
        let handle = userHandle ?? concealedUserHandle(for: username)
        let credentials = try await relyingParty.credentialStore.credentials(forUserHandle: handle)
        if userHandle != nil, !credentials.isEmpty {
            let options = try await relyingParty.beginAuthentication(
                for: handle, allowing: credentials, overrides: overrides)
            return try requestOptionsResponse(options, echoing: echoed)
        }
        guard configuration.concealsUnknownUsernames else { throw Self.noPasskeyRegistered }
        var options = try await relyingParty.beginAuthentication(for: handle, allowing: [], overrides: overrides)
        options.allowCredentials = concealedDescriptors(for: username)
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

    /// The refusal of options for a username without a passkey when unknown usernames are not concealed.
    private static var noPasskeyRegistered: WebAuthnError {
        WebAuthnError(.unknownCredential, "no passkey is registered for this username")
    }

    /// `POST /assertion/result`: verifies the assertion (§7.2), starts a session and answers with the username. A
    /// session whose credential was deleted while it started (a concurrent `DELETE /credentials/{id}` ends only the
    /// sessions it finds) is ended again and the sign-in refused. The account's sessions beyond the limit are ended
    /// only once that check passed, and the new session is ended on any failure after it was stored.
    @Sendable func assertionResult(request: Request, context: Context) async throws -> Response {
        let body = try CredentialBody.normalized(try await RequestBodyReader.bytes(of: request))
        let authentication = try await relyingParty.finishAuthentication(
            json: body,
            concealingAccounts: configuration.concealsUnknownUsernames
        )
        let token = try await sessions.insert(
            userHandle: authentication.userHandle,
            credentialID: authentication.credentialID,
            request: request
        )
        let account: Account
        do {
            guard
                let found = try await userStore.account(
                    forUserHandle: authentication.userHandle,
                    holding: authentication.credentialID,
                    in: relyingParty.credentialStore
                )
            else {
                throw WebAuthnError(.unknownCredential, "the passkey was deleted while signing in, or has no account")
            }
            account = found
            try await sessions.endOldest(userHandle: authentication.userHandle, sparing: token)
        } catch {
            await sessions.discard(token)
            throw error
        }
        context.logger.info(
            "passkey sign-in",
            metadata: ["credentialID": "\(Base64URL.encode(authentication.credentialID))"]
        )
        context.logger.debug("passkey sign-in of", metadata: ["username": "\(LogText.escaped(account.username))"])
        return signedIn(account, token: token, request: request)
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

    /// Who a registration is for: the session's account (`session` is the session it is bound to), the `apple:`
    /// account of a registration ticket, an existing account in the conformance mode, or a new account (`existing`
    /// is `nil`).
    private func registeringUser(
        _ body: AttestationOptionsRequest,
        displayName: String?,
        session: AuthenticatedSession?
    ) async throws -> (entity: PublicKeyCredentialUserEntity, existing: Account?, session: AuthenticatedSession?) {
        let requested = body.username.isEmpty ? nil : try AccountText.username(body.username)
        let existing: Account
        var boundSession: AuthenticatedSession?
        if let requested, AppleAccountUsername.isReserved(requested) {
            existing = try await appleAccount(requested, ticket: body.appleRegistrationTicket)
        } else if let session, let account = try await userStore.account(forUserHandle: session.userHandle),
            requested == nil || requested == account.username
        {
            existing = account
            boundSession = session
        } else if let requested {
            if configuration.conformance {
                let handle = try await userStore.userHandle(
                    forUsername: requested,
                    proposing: try relyingParty.generateUserHandle()
                )
                existing =
                    try await userStore.account(forUserHandle: handle)
                    ?? Account(username: requested, userHandle: handle)
            } else if try await userStore.existingUserHandle(forUsername: requested) != nil {
                throw AccountError(
                    .accountExists,
                    "this username is taken: sign in to add a passkey to it, or choose another username"
                )
            } else {
                let entity = PublicKeyCredentialUserEntity(
                    id: try relyingParty.generateUserHandle(),
                    name: requested,
                    displayName: displayName ?? requested
                )
                return (entity, nil, nil)
            }
        } else {
            throw WebAuthnError(.malformedInput, "username is empty (an empty username needs a session)")
        }
        let entity = PublicKeyCredentialUserEntity(
            id: existing.userHandle,
            name: existing.username,
            displayName: displayName ?? existing.shownName
        )
        return (entity, existing, boundSession)
    }

    /// Refuses a registration bound to a session (``PasskeyVerifier/CeremonyParameters/hostBinding``, the hash of
    /// the token that began it) when that session has ended, was revoked, or is not the account's. The refusal is
    /// logged at `notice`: only a client that held a session of the account can cause it, and a revoked stolen token
    /// finishing what it began is what it looks like.
    static func requireBoundSession(
        of issued: IssuedChallenge,
        in store: any SessionStore,
        at now: Int64,
        logger: Logger
    ) async throws {
        guard let binding = issued.parameters.hostBinding else { return }
        guard let tokenHash = Base64URL.decode(binding),
            let session = try await store.session(tokenHash: tokenHash),
            session.isValid(at: now),
            session.userHandle == issued.userHandle
        else {
            logger.notice("a passkey's registration outlived the session that began it, and is refused")
            throw AccountError(
                .sessionRequired,
                "the session that began adding this passkey has ended; sign in and add the passkey again"
            )
        }
    }

    /// The `apple:` account a registration ticket of `POST /auth/apple` names, taking the ticket.
    private func appleAccount(_ username: String, ticket: String?) async throws -> Account {
        guard let ticket, SessionToken.isWellFormed(Substring(ticket)),
            let taken = try await userStore.takeAppleSignInSecret(ticket, purpose: .registrationTicket, at: Date()),
            AccountText.normalize(taken.username) == username,
            let handle = try await userStore.existingUserHandle(forUsername: taken.username)
        else {
            throw WebAuthnError(
                .challengeNotFound,
                "a passkey is added to an account starting with \(AppleAccountUsername.prefix) only with the "
                    + "appleRegistrationTicket POST /auth/apple just returned for it; this one is missing, "
                    + "unknown, used, expired or for another account"
            )
        }
        return try await userStore.account(forUserHandle: handle)
            ?? Account(username: taken.username, userHandle: handle)
    }

    /// Throws `credentialLimitReached` when the account holds the most passkeys allowed.
    private func requireRoom(in userHandle: [UInt8]) async throws {
        let count = try await relyingParty.credentialStore.credentials(forUserHandle: userHandle).count
        guard count < configuration.maximumPasskeysPerAccount else {
            throw Self.limitReached(configuration.maximumPasskeysPerAccount)
        }
    }

    private static func limitReached(_ maximum: Int) -> AccountError {
        AccountError(
            .credentialLimitReached,
            "the account holds \(maximum) passkeys, the most allowed: delete one before adding another"
        )
    }

    /// Made-up credential descriptors for `username`, derived from the name and ``concealmentKey``: the same for
    /// every request to every process with one ``ServerConfiguration/concealmentKey`` (to this process when there
    /// is none), and shaped as real accounts' are, in a way the name picks: one or two passkeys, IDs of 16, 20, 32
    /// or 64 bytes, the transports of a platform passkey or of a security key. So an unknown username looks like
    /// some account, and the shape of the options alone does not tell it from one (§14.6.2).
    private func concealedDescriptors(for username: String) -> [PublicKeyCredentialDescriptorJSON] {
        let name = Array(username.utf8)
        let shape = HashAlgorithm.sha256.hash(concealmentKey + [0x01] + name)
        let lengths = [16, 20, 32, 64]
        let transports = [["hybrid", "internal"], ["internal"], ["usb", "nfc"], ["hybrid", "internal"]]
        return (0..<(1 + Int(shape[0] % 2))).map { index in
            let position = UInt8(index)
            let material =
                HashAlgorithm.sha256.hash(concealmentKey + [0x02, position] + name)
                + HashAlgorithm.sha256.hash(concealmentKey + [0x03, position] + name)
            return PublicKeyCredentialDescriptorJSON(
                id: Array(material.prefix(lengths[Int(shape[1 + index] % 4)])),
                transports: transports[Int(shape[3 + index] % 4)]
            )
        }
    }

    /// A made-up user handle for an unknown `username`, bound to its challenge as an account's would be: a
    /// discoverable passkey of another account then fails on it exactly as on a real account's challenge, so the
    /// answer does not tell whether the username exists (§7.2 `#sctn-verifying-assertion` step "identify the user" ties
    /// the credential to the user).
    private func concealedUserHandle(for username: String) -> [UInt8] {
        HashAlgorithm.sha256.hash(concealmentKey + [0x00] + Array(username.utf8))
    }

    /// Options are single-use: never cached.
    static var noStore: HTTPFields { [.cacheControl: "no-store"] }
}
#endif
