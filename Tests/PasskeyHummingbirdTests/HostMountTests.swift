#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyVerifier
import Prometheus
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// A host application that mounts the passkey routes with `PasskeyServerApplication.addRoutes` (issue 31 §5): its
/// own `GET /` no longer stops it at start, the routes go under a prefix while the well-known documents stay at the
/// root, and a route the host already serves is refused with an error, not a crash.
@Suite struct HostMountTests {
    /// Runs `body` with a client of `router`'s application.
    private func test(
        _ router: Router<PasskeyRequestContext>,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    /// A host's router with `GET /` and `GET /account` of its own, the passkey routes mounted without a prefix.
    private func hostRouter(storage: PasskeyStorage) throws -> Router<PasskeyRequestContext> {
        try ServerHarness.hostRouter(prefix: "", storage: storage)
    }

    /// The crash a new user found: a host serving its own `GET /` died in `addRoutes` ("GET already has a handler",
    /// the page's route). It starts now, and serves its pages beside the passkey routes.
    @Test func aHostThatServesItsOwnRootStartsAndServesBoth() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await test(try hostRouter(storage: storage)) { client in
                let home = try await client.execute(uri: "/", method: .get)
                #expect(home.status == .ok)
                #expect(String(buffer: home.body) == ServerHarness.hostHome)
                #expect(try await client.execute(uri: "/account", method: .get).status == .unauthorized)
                let options = try await client.execute(
                    uri: "/attestation/options", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"username": "host-user"}"#))
                try ServerHarness.expectOK(options)
            }
        }
    }

    /// The passkey routes under `/passkeys` of a host that serves `/` and `/account`: a sign-up, a sign-in, the
    /// list, a delete and a sign-out through the prefix; the host's `/account` sees the session of the cookie
    /// (`Path=/`); the well-known documents stay at the root; nothing of the passkey routes is at the root.
    @Test func theRoutesUnderAPrefixServeAWholeAccount() async throws {
        try await ServerHarness.$hostPrefix.withValue("/passkeys") {
            try await ServerHarness.run { server in
                #expect(server.prefix == "/passkeys")
                var authenticator = ServerHarness.authenticator()
                let (first, answer) = try await server.signUp("prefixed", with: &authenticator)
                let token = try #require(answer.sessionToken)
                let signedIn = server.signedIn(token)
                var second = ServerHarness.authenticator()
                try await signedIn.register("prefixed", with: &second)
                let signIn = try await server.signIn("prefixed", with: &second)
                #expect(signIn.username == "prefixed")

                let list = try await signedIn.get("/credentials")
                try ServerHarness.expectOK(list)
                let listed = try ServerHarness.decode(CredentialListResponse.self, list)
                #expect(listed.credentials.count == 2)
                let current = server.signedIn(signIn.sessionToken)
                let deleted = try await current.delete("/credentials/\(Base64URL.encode(first.credentialID))")
                try ServerHarness.expectOK(deleted)
                #expect(
                    try await signedIn.get("/session").status == .unauthorized, "the deleted passkey's session ended")
                let remaining = try ServerHarness.decode(
                    CredentialListResponse.self, try await current.get("/credentials"))
                #expect(remaining.credentials.count == 1)

                let account = try await server.client.execute(
                    uri: "/account", method: .get, headers: [.authorization: "Bearer \(signIn.sessionToken ?? "")"])
                #expect(account.status == .ok)
                #expect(String(buffer: account.body).hasPrefix(ServerHarness.hostAccount))
                let home = try await server.client.execute(uri: "/", method: .get)
                #expect(String(buffer: home.body) == ServerHarness.hostHome)

                try ServerHarness.expectOK(try await current.post("/session/logout", bytes: Array("{}".utf8)))
                #expect(try await current.get("/session").status == .unauthorized)

                for path in ["/.well-known/apple-app-site-association", "/.well-known/webauthn"] {
                    #expect(try await server.get(path).status == .ok, "\(path) at the root")
                }
                for (path, method) in [
                    ("/attestation/options", HTTPRequest.Method.post), ("/session", .get), ("/credentials", .get),
                    ("/passkeys/.well-known/webauthn", .get), ("/health/live", .get),
                ] {
                    let response = try await server.client.execute(
                        uri: path, method: method, headers: [.contentType: "application/json"],
                        body: method == .post ? ByteBuffer(string: "{}") : nil)
                    #expect(response.status == .notFound, "\(method) \(path) is the host's 404")
                }
            }
        }
    }

    /// The session cookie of a sign-up under a prefix keeps `Path=/` (a `__Host-` cookie must), so that the host's
    /// own routes receive it.
    @Test func theCookieOfAPrefixedSignUpIsForTheWholeSite() async throws {
        try await ServerHarness.$hostPrefix.withValue("/passkeys") {
            try await ServerHarness.run { server in
                var authenticator = ServerHarness.authenticator()
                let options = try await server.creationOptions(AttestationOptionsRequest(username: "cookie"))
                let registration = try authenticator.register(options: options)
                let response = try await server.post(
                    "/attestation/result", bytes: registration.jsonBytes,
                    headers: [.origin: ServerHarness.origin])
                try ServerHarness.expectOK(response)
                let cookie = try #require(response.headers[.setCookie])
                #expect(cookie.split(separator: "; ").contains("Path=/"), "\(cookie)")
                let value = try #require(cookie.split(separator: ";").first)
                let account = try await server.client.execute(
                    uri: "/account", method: .get, headers: [.cookie: String(value)])
                #expect(account.status == .ok)
            }
        }
    }

    /// The ceremonies of routes under a prefix are counted as on the server, by kind and step.
    @Test func theCeremoniesUnderAPrefixAreCounted() async throws {
        let registry = PrometheusCollectorRegistry()
        let metrics = ServerMetrics(factory: PrometheusMetricsFactory(registry: registry))
        try await ServerHarness.$hostPrefix.withValue("/passkeys") {
            try await ServerHarness.run(metrics: metrics) { server in
                var authenticator = ServerHarness.authenticator()
                try await server.register("counted", with: &authenticator)
                _ = try await server.signIn(with: &authenticator)
            }
        }
        let text = registry.emitToString()
        for (kind, step) in [
            ("registration", "begin"), ("registration", "finish"), ("authentication", "begin"),
            ("authentication", "finish"),
        ] {
            #expect(
                MetricsText.value(
                    in: text, "passkey_ceremonies_total", ["kind": kind, "step": step, "outcome": "ok"]) == 1,
                "\(kind) \(step)")
        }
        #expect(
            MetricsText.value(
                in: text, "passkey_http_requests_total",
                ["method": "POST", "route": "/passkeys/assertion/result", "status": "200"]) == 1)
    }

    /// A prefix is normalised to `/segment/…`; one that is not a plain path is refused.
    @Test func thePrefixIsAPlainPath() throws {
        for (given, expected) in [
            ("", ""), ("/", ""), ("passkeys", "/passkeys"), ("/passkeys/", "/passkeys"),
            ("/api/v1/pass_keys", "/api/v1/pass_keys"),
        ] {
            #expect(try PasskeyServerApplication.routePrefix(given) == expected, "\(given)")
        }
        for given in [
            "//passkeys", "/a//b", "/:tenant", "/*", "/**", "/a/../b", "/./a", "/pässkeys", "/a b", "/a?b", "/{x}",
        ] {
            #expect(throws: ServerConfigurationError.self, "\(given)") {
                try PasskeyServerApplication.routePrefix(given)
            }
        }
    }

    /// A route the host already serves is refused with a ServerConfigurationError that names it, before anything is
    /// added (Hummingbird would stop the process instead); under a prefix the same host mounts the routes.
    @Test(arguments: [
        ("/session", HTTPRequest.Method.get), ("/credentials/:credentialID", .delete), ("/auth/apple", .post),
        ("/account/display-name", .post),
    ])
    func aRouteTheHostServesIsRefused(path: String, method: HTTPRequest.Method) async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let router = Router(context: PasskeyRequestContext.self)
            router.on(RouterPath(path), method: method) { _, _ in "the host's" }
            let error = #expect(throws: ServerConfigurationError.self) {
                try PasskeyServerApplication.addRoutes(
                    to: router, configuration: ServerHarness.configuration, storage: storage)
            }
            #expect(
                error?.message.contains("\(method.rawValue) \(RouterPath(path))") == true,
                "\(String(describing: error))")
            #expect(error?.message.contains("prefix") == true)
            #expect(router.routes.count == 1, "nothing was added")
            try PasskeyServerApplication.addRoutes(
                to: router, prefix: "/passkeys", configuration: ServerHarness.configuration, storage: storage)
        }
    }

    /// A host with its own apple-app-site-association (for universal links, say) keeps it: the passkey routes mount
    /// the document only with `appleAppIDs`, and with them refuse to replace the host's.
    @Test func aHostKeepsItsOwnAppleAppSiteAssociation() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            var configuration = ServerHarness.configuration
            let router = Router(context: PasskeyRequestContext.self)
            router.get(".well-known/apple-app-site-association") { _, _ in #"{"applinks": {}}"# }
            let error = #expect(throws: ServerConfigurationError.self) {
                try PasskeyServerApplication.addRoutes(to: router, configuration: configuration, storage: storage)
            }
            #expect(error?.message.contains("GET /.well-known/apple-app-site-association") == true)
            configuration.appleAppIDs = []
            configuration.relatedOrigins = []
            try PasskeyServerApplication.addRoutes(
                to: router, prefix: "/passkeys", configuration: configuration, storage: storage)
            try await test(router) { client in
                let document = try await client.execute(uri: "/.well-known/apple-app-site-association", method: .get)
                #expect(String(buffer: document.body) == #"{"applinks": {}}"#)
                #expect(try await client.execute(uri: "/.well-known/webauthn", method: .get).status == .notFound)
            }
        }
    }

    /// `addRoutes` mounts no page: `GET /` of a host that serves none is the host's 404.
    @Test func theHostGetsNoPage() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let router = Router(context: PasskeyRequestContext.self)
            try PasskeyServerApplication.addRoutes(
                to: router, configuration: ServerHarness.configuration, storage: storage)
            #expect(!router.routes.contains { $0.path == "/" })
            try await test(router) { client in
                let response = try await client.execute(uri: "/", method: .get)
                #expect(response.status == .notFound)
            }
        }
    }
}
#endif
