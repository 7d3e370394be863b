#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import passkey_server
@testable import PasskeyHTTP
@testable import PasskeyHummingbird
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Prometheus
import Testing

/// The metrics the routes record (into a Prometheus registry of each test's own: nothing is bootstrapped), the
/// request identifier on every log line and answer, and what the log holds and never holds.
@Suite struct ObservabilityTests {
    /// `X-Request-ID`.
    static let requestIDHeader = HTTPFields.Element.Name("X-Request-ID")

    /// A registry and the metrics recorder over it.
    static func metrics() -> (PrometheusCollectorRegistry, ServerMetrics) {
        let registry = PrometheusCollectorRegistry()
        return (registry, ServerMetrics(factory: PrometheusMetricsFactory(registry: registry)))
    }

    @Test func aCeremonyIsCountedByKindStepAndOutcomeWithTheLatencyOfItsRoute() async throws {
        let (registry, metrics) = Self.metrics()
        try await ServerHarness.run(metrics: metrics) { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("alice", with: &authenticator)
            let options = try await server.requestOptions(AssertionOptionsRequest())
            let assertion = try authenticator.authenticate(options: options)
            try ServerHarness.expectOK(try await server.post("/assertion/result", bytes: assertion.jsonBytes))
            let replay = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(replay.status == .badRequest)
        }
        let text = registry.emitToString()
        let ceremonies = "passkey_ceremonies_total"
        #expect(
            MetricsText.value(in: text, ceremonies, ["kind": "registration", "step": "begin", "outcome": "ok"]) == 1)
        #expect(
            MetricsText.value(in: text, ceremonies, ["kind": "registration", "step": "finish", "outcome": "ok"]) == 1)
        #expect(
            MetricsText.value(in: text, ceremonies, ["kind": "authentication", "step": "finish", "outcome": "ok"]) == 1)
        #expect(
            MetricsText.value(
                in: text, ceremonies, ["kind": "authentication", "step": "finish", "outcome": "challengeNotFound"]) == 1
        )
        #expect(
            MetricsText.value(
                in: text, "passkey_http_requests_total",
                ["method": "POST", "route": "/assertion/result", "status": "200"]) == 1)
        #expect(
            MetricsText.value(
                in: text, "passkey_http_requests_total",
                ["method": "POST", "route": "/assertion/result", "status": "400"]) == 1)
        #expect(
            MetricsText.value(
                in: text, "passkey_refusals_total",
                ["route": "/assertion/result", "status": "400", "code": "challengeNotFound"]) == 1)
        #expect(
            MetricsText.value(
                in: text, "passkey_http_request_duration_seconds_count",
                ["method": "POST", "route": "/assertion/result"]) == 2)
        #expect(text.contains("# TYPE passkey_http_request_duration_seconds histogram"))
    }

    @Test func aRequestNoRouteServesIsCountedWithoutItsPath() async throws {
        let (registry, metrics) = Self.metrics()
        try await ServerHarness.run(metrics: metrics) { server in
            #expect(try await server.get("/no-such-path-\(UUID().uuidString)").status == .notFound)
            let response = try await server.execute("/attestation/options", method: HTTPRequest.Method("BREW")!)
            #expect(response.status == .notFound)
        }
        let text = registry.emitToString()
        #expect(
            MetricsText.value(
                in: text, "passkey_http_requests_total", ["method": "GET", "route": "unmatched", "status": "404"]) == 1)
        #expect(
            MetricsText.value(
                in: text, "passkey_http_requests_total", ["method": "other", "route": "unmatched", "status": "404"])
                == 1)
        #expect(!text.contains("no-such-path"))
        #expect(!text.contains("BREW"))
    }

    @Test func aRateLimitedAnswerIsCountedWhateverMiddlewareGaveIt() async throws {
        let (registry, metrics) = Self.metrics()
        let router = Router()
        router.add(middleware: RequestObservationMiddleware<BasicRequestContext>(metrics: metrics))
        router.add(middleware: RejectionMiddleware<BasicRequestContext>())
        router.post("limited") { _, _ -> Response in
            throw RouteRefusal(.tooManyRequests, "rateLimited", "too many requests; try again later")
        }
        router.post("answered") { _, _ -> Response in Response(status: .tooManyRequests) }
        try await Application(router: router).test(.router) { client in
            let limited = try await client.execute(uri: "/limited", method: .post)
            let answered = try await client.execute(uri: "/answered", method: .post)
            #expect(limited.status == .tooManyRequests)
            #expect(answered.status == .tooManyRequests)
        }
        let text = registry.emitToString()
        #expect(MetricsText.value(in: text, "passkey_rate_limited_requests_total", ["route": "/limited"]) == 1)
        #expect(MetricsText.value(in: text, "passkey_rate_limited_requests_total", ["route": "/answered"]) == 1)
        #expect(
            MetricsText.value(
                in: text, "passkey_refusals_total", ["route": "/limited", "status": "429", "code": "rateLimited"]) == 1)
    }

    @Test func theGaugesCountActiveSessionsAndDescribeTheMetadata() async throws {
        let (registry, metrics) = Self.metrics()
        let metadata = try VirtualMetadataService()
        let service = MetadataService(trustAnchors: [metadata.rootCertificate])
        let loadedAt = MetadataRefresherTests.instant
        try await service.load(
            jws: try MetadataRefresherTests.blob(metadata, 7, nextUpdate: "2026-02-01"), at: loadedAt)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-gauges-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            try await ServerHarness.run(storage: storage) { server in
                var first = ServerHarness.authenticator()
                var second = ServerHarness.authenticator()
                try await server.register("alice", with: &first)
                try await server.register("bob", with: &second)
                _ = try await server.signIn(with: &first)
            }
            let clock = Clock(loadedAt)
            let gauges = MetricsGaugeRefresh(
                sessionStore: storage.sessionStore, metadataService: service, metrics: metrics,
                clock: { clock.now }, logger: Logger(label: "gauges"))
            let sighting = await gauges.runOnce()
            clock.now = loadedAt.addingTimeInterval(90)
            await gauges.runOnce(after: sighting)
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
        let text = registry.emitToString()
        #expect(MetricsText.value(in: text, "passkey_active_sessions") == 3)
        #expect(MetricsText.value(in: text, "passkey_metadata_number") == 7)
        #expect(MetricsText.value(in: text, "passkey_metadata_age_seconds") == 90)
        #expect(MetricsText.value(in: text, "passkey_metadata_stale") == 0)
        #expect(MetricsText.value(in: text, "passkey_metadata_refresh_failures") == 0)
    }

    @Test func aFailingStoreIsCountedAsAStoreError() async throws {
        let (registry, metrics) = Self.metrics()
        let storage = PasskeyStorage(
            credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(),
            userStore: StoreFailureTests.UnreachableUserStore(),
            sessionStore: StoreFailureTests.UnreachableSessionStore()
        )
        try await ServerHarness.run(storage: storage, metrics: metrics) { server in
            let response = try await server.post("/attestation/options", json: AttestationOptionsRequest(username: "a"))
            #expect(response.status == .serviceUnavailable)
        }
        await MetricsGaugeRefresh(
            sessionStore: storage.sessionStore, metrics: metrics, logger: Logger(label: "gauges")
        ).runOnce()
        let text = registry.emitToString()
        #expect(
            MetricsText.value(in: text, "passkey_store_errors_total", ["operation": "/attestation/options"]) == 1)
        #expect(MetricsText.value(in: text, "passkey_store_errors_total", ["operation": "activeSessionCount"]) == 1)
        #expect(MetricsText.value(in: text, "passkey_active_sessions") == nil)
    }

    @Test func aWellFormedRequestIDIsEchoedAndUsedInTheLog() async throws {
        let log = CapturedLog()
        try await ServerHarness.run(logger: log.logger()) { server in
            let name = try #require(Self.requestIDHeader)
            let response = try await server.post(
                "/assertion/options", json: AssertionOptionsRequest(username: "nobody"), headers: [name: "proxy-7.a_B"])
            #expect(response.status == .badRequest)
            #expect(response.headers[name] == "proxy-7.a_B")
        }
        let refusal = try #require(log.lines.first { $0.message == "passkey request rejected" })
        #expect(refusal.metadata["hb.request.id"] == "proxy-7.a_B")
        #expect(refusal.metadata["code"] == "unknownCredential")
        #expect(refusal.level == .debug)
    }

    @Test func aRequestWithoutAnIDGetsAGeneratedOne() async throws {
        let log = CapturedLog()
        try await ServerHarness.run(logger: log.logger()) { server in
            let name = try #require(Self.requestIDHeader)
            let first = try await server.get("/health/live")
            let second = try await server.get("/health/live")
            let firstID = try #require(first.headers[name])
            let secondID = try #require(second.headers[name])
            #expect(RequestIdentifier.accepted(firstID) == firstID)
            #expect(firstID != secondID)
            let answered = log.lines.filter { $0.message == "request answered" }
            #expect(answered.map { $0.metadata["hb.request.id"] } == [firstID, secondID])
        }
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 65), "a b", "a\nb", "a/b", "é", "x\"y", "<script>",
    ])
    func aMalformedRequestIDIsReplaced(given: String) async throws {
        let log = CapturedLog()
        try await ServerHarness.run(logger: log.logger()) { server in
            let name = try #require(Self.requestIDHeader)
            var headers = HTTPFields()
            headers.append(HTTPFields.Element(name: name, value: given))
            let response = try await server.get("/health/live", headers: headers)
            let echoed = try #require(response.headers[name])
            #expect(echoed != given)
            #expect(RequestIdentifier.accepted(echoed) == echoed)
            #expect(log.lines.allSatisfy { $0.metadata["hb.request.id"].map { $0 == echoed } ?? true })
        }
    }

    @Test func theLogHoldsNoSecretAndNamesUsersOnlyAtDebug() async throws {
        let log = CapturedLog()
        let tokens = Tokens()
        var configuration = ServerHarness.configuration
        configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
        let keySet = try #require(AppleSignInRouteTests.issuer).keySet()
        try await ServerHarness.run(
            configuration: configuration,
            appleKeySetSource: AppleSignInRouteTests.FixedKeySet(keySet),
            logger: log.logger()
        ) { server in
            var authenticator = ServerHarness.authenticator()
            let creation = try await server.creationOptions(
                AttestationOptionsRequest(username: "alice", displayName: "Alice"))
            let registration = try authenticator.register(options: creation)
            let signUp = try await server.post("/attestation/result", bytes: registration.jsonBytes)
            try ServerHarness.expectOK(signUp)
            let request = try await server.requestOptions(AssertionOptionsRequest(username: "alice"))
            let assertion = try authenticator.authenticate(options: request)
            let signIn = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            let answer = try ServerHarness.decode(SignedInResponse.self, signIn)
            let apple = try await AppleSignInRouteTests.signIn(server, subject: "001234.secret.0001")
            await tokens.add([
                creation.challenge, request.challenge, try #require(answer.sessionToken),
                apple.appleRegistrationTicket, Base64URL.encode(assertion.signature),
            ])
        }
        let lines = log.lines
        #expect(!lines.isEmpty)
        for secret in await tokens.values {
            #expect(!lines.contains { $0.text.contains(secret) }, "a secret reached the log")
        }
        let aboveDebug = lines.filter { $0.level > .debug }
        #expect(!aboveDebug.contains { $0.text.contains("alice") || $0.text.contains("001234.secret.0001") })
        #expect(aboveDebug.contains { $0.message == "Sign in with Apple" && $0.metadata["subjectSHA256"] != nil })
        #expect(lines.contains { $0.level == .debug && $0.text.contains("apple:001234.secret.0001") })
        #expect(lines.contains { $0.level == .debug && $0.metadata["username"] == "alice" })
    }

    @Test func appleKeysUnavailableTellsTheClientNeitherTheURLNorTheTransportError() async throws {
        let log = CapturedLog()
        var configuration = ServerHarness.configuration
        configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
        let keysURL = try #require(URL(string: "http://127.0.0.1:1/internal-keys-path"))
        try await ServerHarness.run(
            configuration: configuration,
            appleKeySetSource: AppleKeySetFetcher(url: keysURL, logger: log.logger()),
            logger: log.logger()
        ) { server in
            let nonce = try await AppleSignInRouteTests.nonce(server)
            let token = try AppleSignInRouteTests.token(subject: "s", rawNonce: nonce)
            let response = try await server.post(
                "/auth/apple", json: AppleSignInRequest(identityToken: token, rawNonce: nonce))
            #expect(response.status == .serviceUnavailable)
            let message = try ServerHarness.decode(CommonResponse.self, response).errorMessage
            #expect(message == "appleKeysUnavailable: Apple's keys cannot be fetched now; try again later")
        }
        let failure = try #require(log.lines.first { $0.message == "passkey request failed" })
        #expect(failure.metadata["code"] == "appleKeysUnavailable")
        #expect(failure.metadata["error"]?.contains("internal-keys-path") == true)
    }

    @Test func clientTextInALogLineIsEscaped() async throws {
        let log = CapturedLog()
        try await ServerHarness.run(logger: log.logger()) { server in
            let response = try await server.post(
                "/attestation/options?x=1", bytes: Array(#"{"username": "a\nb error forged"}"#.utf8))
            #expect(response.status == .badRequest)
            let path = "/no\u{1b}[31mred\nerror forged"
            #expect(
                try await server.get(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "/").status
                    == .notFound)
        }
        for line in log.lines {
            #expect(!line.text.contains("\n"), "a log line holds a raw newline: \(line.text)")
            #expect(!line.text.contains("\u{1b}"))
        }
    }
}

/// Values the test collects across the server's task.
actor Tokens {
    private(set) var values: [String] = []

    func add(_ more: [String]) {
        values += more
    }
}

/// A settable instant for a job's clock.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ instant: Date) {
        self.instant = instant
    }

    var now: Date {
        get { lock.withLock { instant } }
        set { lock.withLock { instant = newValue } }
    }
}
#endif
