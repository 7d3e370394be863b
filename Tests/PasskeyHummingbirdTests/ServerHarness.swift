#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Runs a test against the server's router on a temporary SQLite file, with the JSON helpers the tests share.
///
/// Inside `ServerHarness.$hostPrefix.withValue("/passkeys") { … }` the same tests run against a host's router
/// instead (``hostRouter(prefix:configuration:storage:appleKeySetSource:naming:clock:metrics:)``): the host serves
/// its own `/` and `/account` and mounts the passkey routes with `addRoutes(to:prefix:…)`, and the helpers send every
/// path but a well-known document's under the prefix. The route suites marked `.alsoUnderAHostPrefix` run each test
/// both ways.
struct ServerHarness: Sendable {
    static let relyingPartyID = "localhost"
    static let origin = "http://localhost:8080"

    /// The server's configuration in the tests: sign-in challenges sealed, as `passkey-server` seals them.
    static let configuration: ServerConfiguration = {
        var configuration = ServerConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: "Passkey Server Tests",
            origins: [origin],
            appleAppIDs: ["ABCDE12345.com.example.passkeys"],
            relatedOrigins: ["https://shop.example"],
            abuseLimits: unlimited
        )
        configuration.challengeKeys = [challengeKey]
        return configuration
    }()

    /// The key of the tests' sealed challenges.
    static let challengeKey = try! ChallengeSealer.Key(identifier: 1, secret: Array(repeating: 0x42, count: 32))

    /// The limits of the route tests: no rate limit (every in-process request comes from one unknown address);
    /// `AbuseLimitTests` checks the limits themselves.
    static let unlimited = AbuseLimits(clientAddressRateLimit: nil, usernameRateLimit: nil)

    /// Where the tests of this task mount the passkey routes: `nil`, the server's own router (`makeRouter`); a
    /// prefix, ``hostRouter(prefix:configuration:storage:appleKeySetSource:naming:clock:metrics:)``.
    @TaskLocal static var hostPrefix: String?

    let client: any TestClientProtocol
    /// The prefix the passkey routes are mounted under (`""` on the server's own router).
    var prefix = ""
    /// The session token sent as `Authorization: Bearer`, as a native app does; `nil` for a stranger.
    var sessionToken: String?

    /// Runs `body` with a client of a new server on a new SQLite file, removed afterwards; in process
    /// (`.router`) or over a socket (`.live`). `prepare` runs on the storage first; `clock` is the server's instant;
    /// the server counts into `metrics` and logs to `logger`.
    static func run(
        _ setup: TestingSetup = .router,
        configuration: ServerConfiguration = configuration,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        naming: AuthenticatorNaming = AuthenticatorNaming(),
        clock: @escaping @Sendable () -> Date = { Date() },
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger? = nil,
        prepare: @Sendable (PasskeyStorage) async throws -> Void = { _ in },
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        try await withTemporarySQLiteStorage { storage in
            try await prepare(storage)
            try await run(
                setup,
                configuration: configuration,
                storage: storage,
                appleKeySetSource: appleKeySetSource,
                naming: naming,
                clock: clock,
                metrics: metrics,
                logger: logger,
                body
            )
        }
    }

    /// Runs `body` with the storage of a new SQLite file, closed and removed afterwards.
    static func withTemporarySQLiteStorage(_ body: (PasskeyStorage) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            try await body(storage)
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    /// Runs `body` with a client of a new server on `storage`.
    static func run(
        _ setup: TestingSetup = .router,
        configuration: ServerConfiguration = configuration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        naming: AuthenticatorNaming = AuthenticatorNaming(),
        clock: @escaping @Sendable () -> Date = { Date() },
        metrics: ServerMetrics = ServerMetrics(),
        logger: Logger? = nil,
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let prefix = hostPrefix
        let router: Router<PasskeyRequestContext>
        if let prefix {
            router = try hostRouter(
                prefix: prefix,
                configuration: configuration,
                storage: storage,
                appleKeySetSource: appleKeySetSource,
                naming: naming,
                clock: clock,
                metrics: metrics
            )
        } else {
            router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                appleKeySetSource: appleKeySetSource,
                authenticatorNaming: naming,
                clock: clock,
                metrics: metrics
            )
        }
        try await Application(router: router, logger: logger).test(setup) { client in
            try await body(ServerHarness(client: client, prefix: prefix ?? ""))
        }
    }

    /// The router of a host application that serves `GET /` and `GET /account` itself (`/account` for a signed-in
    /// session only, through `SessionAuthenticator`) and mounts the passkey routes under `prefix`, recording its
    /// requests into `metrics`.
    static func hostRouter(
        prefix: String,
        configuration: ServerConfiguration = configuration,
        storage: PasskeyStorage,
        appleKeySetSource: (any AppleKeySetSource)? = nil,
        naming: AuthenticatorNaming = AuthenticatorNaming(),
        clock: @escaping @Sendable () -> Date = { Date() },
        metrics: ServerMetrics = ServerMetrics()
    ) throws -> Router<PasskeyRequestContext> {
        let sessions = SessionIssuer(
            sessionStore: storage.sessionStore, policy: configuration.sessionPolicy, clock: clock)
        let router = Router(context: PasskeyRequestContext.self)
        router.add(middleware: RequestObservationMiddleware(metrics: metrics))
        router.get("/") { _, _ in hostHome }
        router.group("account").add(middleware: SessionAuthenticator(sessions: sessions))
            .get { _, context -> String in
                guard let session = context.identity else { throw HTTPError(.unauthorized) }
                return "\(hostAccount) \(Base64URL.encode(session.userHandle))"
            }
        try PasskeyServerApplication.addRoutes(
            to: router,
            prefix: prefix,
            configuration: configuration,
            storage: storage,
            appleKeySetSource: appleKeySetSource,
            authenticatorNaming: naming,
            clock: clock
        )
        return router
    }

    /// The body of the host's `GET /`.
    static let hostHome = "the host's own home page"
    /// The start of the body of the host's `GET /account`, which the user handle follows.
    static let hostAccount = "the host's own account page for"

    /// `path` as sent: under ``prefix``, except a well-known document's, which stays at the root.
    func mounted(_ path: String) -> String {
        path.hasPrefix("/.well-known/") ? path : prefix + path
    }

    /// This client with the session `token` (`nil`: none).
    func signedIn(_ token: String?) -> ServerHarness {
        var copy = self
        copy.sessionToken = token
        return copy
    }

    /// A virtual authenticator for the test relying party, with the flags of a synced passkey.
    static func authenticator(flags: AuthenticatorFlags = VirtualAuthenticator.passkeyFlags) -> VirtualAuthenticator {
        VirtualAuthenticator(relyingPartyID: relyingPartyID, origin: origin, flags: flags)
    }

    /// Sends `method` to `path` with `body`, the JSON content type, the session as a bearer token, and `headers`.
    func execute(
        _ path: String,
        method: HTTPRequest.Method,
        bytes body: [UInt8]? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers: HTTPFields = body == nil ? [:] : [.contentType: "application/json"]
        if let sessionToken {
            headers[.authorization] = "Bearer \(sessionToken)"
        }
        headers.append(contentsOf: extra)
        return try await client.execute(
            uri: mounted(path), method: method, headers: headers, body: body.map(ByteBuffer.init(bytes:)))
    }

    /// POSTs `body` to `path`.
    func post(_ path: String, bytes body: [UInt8], headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(path, method: .post, bytes: body, headers: headers)
    }

    /// POSTs `value` as JSON to `path`.
    func post(_ path: String, json value: some Encodable, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await post(path, bytes: Array(try JSONEncoder().encode(value)), headers: headers)
    }

    /// GETs `path`.
    func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(path, method: .get, headers: headers)
    }

    /// DELETEs `path`.
    func delete(_ path: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(path, method: .delete, headers: headers)
    }

    /// The creation options `POST /attestation/options` returns for `request`.
    func creationOptions(_ request: AttestationOptionsRequest) async throws -> PublicKeyCredentialCreationOptionsJSON {
        let response = try await post("/attestation/options", json: request)
        try Self.expectOK(response)
        return try Self.decode(PublicKeyCredentialCreationOptionsJSON.self, response)
    }

    /// The request options `POST /assertion/options` returns for `request`.
    func requestOptions(_ request: AssertionOptionsRequest) async throws -> PublicKeyCredentialRequestOptionsJSON {
        let response = try await post("/assertion/options", json: request)
        try Self.expectOK(response)
        return try Self.decode(PublicKeyCredentialRequestOptionsJSON.self, response)
    }

    /// Registers a passkey for `username` with `authenticator` (an `apple:` account with the ticket
    /// `POST /auth/apple` returned) and returns the registration.
    @discardableResult
    func register(
        _ username: String,
        with authenticator: inout VirtualAuthenticator,
        appleRegistrationTicket: String? = nil
    ) async throws -> VirtualRegistration {
        try await signUp(username, with: &authenticator, appleRegistrationTicket: appleRegistrationTicket).registration
    }

    /// Registers a passkey for `username` and returns the registration and the answer (with the session token of a
    /// sign-up).
    func signUp(
        _ username: String,
        with authenticator: inout VirtualAuthenticator,
        appleRegistrationTicket: String? = nil
    ) async throws -> (registration: VirtualRegistration, answer: SignedInResponse) {
        let options = try await creationOptions(
            AttestationOptionsRequest(
                username: username, displayName: username, appleRegistrationTicket: appleRegistrationTicket))
        let registration = try authenticator.register(options: options)
        let response = try await post("/attestation/result", bytes: registration.jsonBytes)
        try Self.expectOK(response)
        return (registration, try Self.decode(SignedInResponse.self, response))
    }

    /// Signs in with `authenticator` (by `username`, or with a discoverable credential) and returns the answer.
    func signIn(_ username: String? = nil, with authenticator: inout VirtualAuthenticator) async throws
        -> SignedInResponse
    {
        let options = try await requestOptions(AssertionOptionsRequest(username: username))
        let assertion = try authenticator.authenticate(options: options)
        let response = try await post("/assertion/result", bytes: assertion.jsonBytes)
        try Self.expectOK(response)
        return try Self.decode(SignedInResponse.self, response)
    }

    /// `response`'s body decoded as a `Value`.
    static func decode<Value: Decodable>(_ type: Value.Type, _ response: TestResponse) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(response.body.readableBytesView))
    }

    /// Throws unless `response` is `200 {"status": "ok", "errorMessage": ""}`.
    static func expectOK(_ response: TestResponse) throws {
        let common = try decode(CommonResponse.self, response)
        guard response.status == .ok, common == .ok else {
            throw HarnessError("expected 200 ok, got \(response.status): \(common.errorMessage)")
        }
    }

    /// The stable code at the start of a failed response's `errorMessage`.
    static func failureCode(_ response: TestResponse) throws -> String {
        let common = try decode(CommonResponse.self, response)
        guard common.status == "failed" else { throw HarnessError("expected failed, got \(common.status)") }
        return String(common.errorMessage.prefix { $0 != ":" })
    }
}

/// Runs each test of a suite twice: on the server's own router, then against a host's that serves its own `/` and
/// `/account` and mounts the passkey routes under `/passkeys` (``ServerHarness/hostPrefix``; issue 31 §5). A suite
/// gets it when its tests speak to the passkey routes through the harness's helpers only: not the suites of the
/// server's own router (`404`/`405` bodies, health, request identifiers and route labels, the router-wide guard).
struct AlsoUnderAHostPrefix: SuiteTrait, TestTrait, TestScoping {
    /// The prefix of the second run.
    static let prefix = "/passkeys"

    /// The suite's tests get the trait too.
    var isRecursive: Bool { true }

    /// A scope for each test case, never for the suite as a whole.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test case on the server's router, then under the host's prefix.
    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await function()
        try await ServerHarness.$hostPrefix.withValue(Self.prefix) {
            try await function()
        }
    }
}

extension Trait where Self == AlsoUnderAHostPrefix {
    /// Each test runs on the server's router and again under a host's prefix (``AlsoUnderAHostPrefix``).
    static var alsoUnderAHostPrefix: Self { Self() }
}

/// A test expectation that did not hold inside a harness helper.
struct HarnessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
#endif
