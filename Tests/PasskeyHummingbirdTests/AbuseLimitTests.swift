#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import NIOCore
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// The rate limits, the client address behind proxies, the extension allow-list, the store deadline and the
/// challenge cap (`AbuseLimits`).
@Suite(.alsoUnderAHostPrefix) struct AbuseLimitTests {
    /// A clock the test moves by hand, in seconds.
    final class TestClock: Sendable {
        private let seconds = NIOLockedValueBox(1000.0)
        var now: Double { seconds.withLockedValue { $0 } }
        func advance(_ delta: Double) { seconds.withLockedValue { $0 += delta } }
    }

    @Test func aBucketAllowsTheBurstThenOneRequestPerRefill() {
        let clock = TestClock()
        let limiter = TokenBucketLimiter(limit: RateLimit(rate: 0.5, burst: 3), now: { clock.now })
        for _ in 0..<3 {
            #expect(limiter.acquire("192.0.2.1") == .allowed)
        }
        #expect(limiter.acquire("192.0.2.1") == .limited(retryAfter: 2))
        #expect(limiter.acquire("192.0.2.2") == .allowed)
        clock.advance(1)
        #expect(limiter.acquire("192.0.2.1") == .limited(retryAfter: 1))
        clock.advance(1)
        #expect(limiter.acquire("192.0.2.1") == .allowed)
        #expect(limiter.acquire("192.0.2.1") == .limited(retryAfter: 2))
        clock.advance(3600)
        for _ in 0..<3 {
            #expect(limiter.acquire("192.0.2.1") == .allowed)
        }
    }

    @Test func theLimiterKeepsAtMostItsMaximumOfKeys() {
        let clock = TestClock()
        let limiter = TokenBucketLimiter(limit: RateLimit(rate: 1, burst: 2), maximumKeys: 100, now: { clock.now })
        for index in 0..<10_000 {
            _ = limiter.acquire("client-\(index)")
            clock.advance(0.001)
        }
        #expect(limiter.count <= 100)
        #expect(limiter.count >= 1)
        // A key kept is still limited: the latest one has spent a token.
        #expect(limiter.acquire("client-9999") == .allowed)
        #expect(limiter.acquire("client-9999") == .limited(retryAfter: 1))
    }

    @Test(arguments: [
        ("10/50", RateLimit(rate: 10, burst: 50)), ("0.5/5", RateLimit(rate: 0.5, burst: 5)),
    ])
    func rateLimitsReadRateSlashBurst(argument: String, expected: RateLimit) {
        #expect(RateLimit(argument: argument) == expected)
        #expect(RateLimit(argument: expected.description) == expected)
    }

    @Test(arguments: ["off", "10", "10/", "/5", "0/5", "10/0", "-1/5", "nan/5", "inf/5", "10/50/1", "1e9/5"])
    func malformedRateLimitsAreRefused(argument: String) {
        #expect(RateLimit(argument: argument) == nil)
    }

    @Test func withoutTrustedProxiesTheForwardedForHeaderIsIgnored() throws {
        let resolver = ClientAddress(trustedProxies: [])
        let peer = try #require(IPAddress("198.51.100.7"))
        #expect(resolver.resolve(peer: peer, forwardedFor: ["203.0.113.9"]) == peer)
    }

    @Test func theHeaderIsWalkedFromTheRightSkippingTrustedProxies() throws {
        let resolver = ClientAddress(trustedProxies: [
            try #require(IPAddressRange("10.0.0.0/8")), try #require(IPAddressRange("2001:db8::/32")),
        ])
        let proxy = try #require(IPAddress("10.1.2.3"))
        // The client wrote 1.1.1.1 itself; the proxies appended what they saw.
        #expect(
            resolver.resolve(peer: proxy, forwardedFor: ["1.1.1.1, 203.0.113.9", "10.9.9.9"])
                == IPAddress("203.0.113.9"))
        #expect(resolver.resolve(peer: proxy, forwardedFor: []) == proxy)
        #expect(resolver.resolve(peer: proxy, forwardedFor: ["10.0.0.1, 10.0.0.2"]) == IPAddress("10.0.0.1"))
        #expect(resolver.resolve(peer: proxy, forwardedFor: ["203.0.113.9, not-an-address"]) == proxy)
        #expect(resolver.resolve(peer: proxy, forwardedFor: ["2001:db8::1, [2001:db9::5]"]) == IPAddress("2001:db9::5"))
        #expect(resolver.resolve(peer: proxy, forwardedFor: ["203.0.113.9:4711"]) == IPAddress("203.0.113.9"))
        #expect(resolver.resolve(peer: proxy, forwardedFor: ["[2001:db9::5]:443"]) == IPAddress("2001:db9::5"))
        for malformed in [
            "203.0.113.9:", "203.0.113.9:123456", "203.0.113.9:x1", "2001:db9::5:443x", "[2001:db9::5:443",
        ] {
            #expect(resolver.resolve(peer: proxy, forwardedFor: [malformed]) == proxy)
        }
        let stranger = try #require(IPAddress("192.0.2.1"))
        #expect(resolver.resolve(peer: stranger, forwardedFor: ["203.0.113.9"]) == stranger)
        #expect(resolver.resolve(peer: nil, forwardedFor: ["203.0.113.9"]) == nil)
    }

    @Test func addressesAndRangesParseStrictly() throws {
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"))
        #expect(IPAddress("2001:DB8:0:0:0:0:0:1")?.description == "2001:db8::1")
        #expect(IPAddress("2001:db8:1:2:3:4:5:6")?.rateLimitKey == "2001:db8:1:2::/64")
        #expect(IPAddress("192.0.2.1")?.rateLimitKey == "192.0.2.1")
        #expect(IPAddress("2001:db8:1:2:3:4:5:6")?.networkRateLimitKey == "2001:db8:1::/48")
        #expect(IPAddress("192.0.2.1")?.networkRateLimitKey == nil)
        for malformed in [
            "", "1.2.3", "256.1.1.1", "1.2.3.4.5", "::g", "example.com", String(repeating: "1", count: 100),
        ] {
            #expect(IPAddress(malformed) == nil, "\(malformed)")
        }
        let range = try #require(IPAddressRange("192.0.2.0/24"))
        #expect(range.contains(try #require(IPAddress("192.0.2.255"))))
        #expect(!range.contains(try #require(IPAddress("192.0.3.0"))))
        #expect(!range.contains(try #require(IPAddress("::1"))))
        #expect(IPAddressRange("192.0.2.9/28")?.description == "192.0.2.0/28")
        #expect(IPAddressRange("::1")?.contains(try #require(IPAddress("::1"))) == true)
        for malformed in ["192.0.2.0/33", "192.0.2.0/-1", "::/129", "192.0.2.0/", "10.0.0.0/8/8", "/8"] {
            #expect(IPAddressRange(malformed) == nil, "\(malformed)")
        }
    }

    @Test func clientExtensionInputsAreAllowListed() throws {
        let policy = ClientExtensionPolicy(appID: "https://example.com/appid.json")
        let requested = AuthenticationExtensionsClientInputsJSON(
            credentialProtectionPolicy: .userVerificationRequired,
            largeBlob: AuthenticationExtensionsLargeBlobInputsJSON(support: "preferred"),
            minPinLength: true
        )
        let registration = try policy.registration(requested)
        #expect(registration.credProps == true)
        #expect(registration.credentialProtectionPolicy == .userVerificationRequired)
        #expect(registration.largeBlob?.support == "preferred")
        #expect(registration.minPinLength == true)
        #expect(registration.appidExclude == "https://example.com/appid.json")
        #expect(try policy.authentication(nil)?.appid == "https://example.com/appid.json")
        #expect(try ClientExtensionPolicy(appID: nil).authentication(nil) == nil)
        let refused: [AuthenticationExtensionsClientInputsJSON] = [
            AuthenticationExtensionsClientInputsJSON(appid: "https://attacker.example"),
            AuthenticationExtensionsClientInputsJSON(appidExclude: "https://attacker.example"),
            AuthenticationExtensionsClientInputsJSON(
                largeBlob: AuthenticationExtensionsLargeBlobInputsJSON(write: [1])),
            AuthenticationExtensionsClientInputsJSON(
                largeBlob: AuthenticationExtensionsLargeBlobInputsJSON(support: "x")),
            AuthenticationExtensionsClientInputsJSON(
                prf: AuthenticationExtensionsPRFInputsJSON(
                    eval: AuthenticationExtensionsPRFValuesJSON(first: [UInt8](repeating: 7, count: 200)))),
            AuthenticationExtensionsClientInputsJSON(
                prf: AuthenticationExtensionsPRFInputsJSON(
                    evalByCredential: ["AAAA": AuthenticationExtensionsPRFValuesJSON(first: [1])])),
        ]
        for inputs in refused {
            #expect(throws: WebAuthnError(.malformedInput, "")) { try policy.authentication(inputs) }
            #expect(throws: WebAuthnError(.malformedInput, "")) { try policy.registration(inputs) }
        }
    }

    @Test func aClientChosenAppIDIsRefusedBeforeAnythingIsStored() async throws {
        try await ServerHarness.run { server in
            let response = try await server.post(
                "/assertion/options", bytes: Array(#"{"extensions": {"appid": "https://x.example"}}"#.utf8))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
        }
    }

    @Test func theConformanceModeEchoesTheRequestedExtensions() async throws {
        var configuration = ServerHarness.configuration
        configuration.conformance = true
        try await ServerHarness.run(configuration: configuration) { server in
            let body = #"{"username": "echo", "extensions": {"example.extension.bool": true, "credProps": false}}"#
            let response = try await server.post("/attestation/options", bytes: Array(body.utf8))
            try ServerHarness.expectOK(response)
            let answer = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            let extensions = answer?["extensions"] as? [String: Any]
            #expect(extensions?["example.extension.bool"] as? Bool == true)
            #expect(extensions?["credProps"] as? Bool == false)
            let members = (0..<17).map { "\"e\($0)\": 1" }.joined(separator: ", ")
            let tooMany = try await server.post(
                "/assertion/options", bytes: Array("{\"extensions\": {\(members)}}".utf8))
            #expect(try ServerHarness.failureCode(tooMany) == "malformedInput")
        }
    }

    @Test func aClientOverItsRateIsTooManyRequestsWithRetryAfter() async throws {
        var configuration = ServerHarness.configuration
        configuration.abuseLimits.clientAddressRateLimit = RateLimit(rate: 0.01, burst: 2)
        try await ServerHarness.run(configuration: configuration) { server in
            for _ in 0..<2 {
                try ServerHarness.expectOK(try await server.post("/assertion/options", bytes: Array("{}".utf8)))
            }
            let limited = try await server.post("/assertion/options", bytes: Array("{}".utf8))
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect((90...100).contains(retryAfter))
            #expect(try ServerHarness.failureCode(limited) == "rateLimited")
            let apple = try await server.post("/auth/apple/nonce", bytes: Array("{}".utf8))
            #expect(apple.status == .tooManyRequests)
            // Reading routes are not limited.
            #expect(try await server.get("/.well-known/webauthn").status == .ok)
        }
    }

    @Test(arguments: ["//assertion//options", "/assertion/options//", "/assertion//options/"])
    func aPathVariantTheRouterAcceptsIsCountedToo(variant: String) async throws {
        var configuration = ServerHarness.configuration
        configuration.abuseLimits.clientAddressRateLimit = RateLimit(rate: 0.01, burst: 2)
        try await ServerHarness.run(configuration: configuration) { server in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 {
                statuses.append(try await server.post(variant, bytes: Array("{}".utf8)).status)
            }
            // Whatever the router makes of the variant, it never gets past the client's burst.
            #expect(statuses.filter { $0 == .ok }.count <= 2)
            #expect(!statuses.contains(.internalServerError))
            #expect(try await server.post("/assertion/options", bytes: Array("{}".utf8)).status != .ok)
        }
    }

    @Test func oneUsernameIsLimitedWhateverItsCase() async throws {
        var configuration = ServerHarness.configuration
        configuration.abuseLimits.usernameRateLimit = RateLimit(rate: 0.01, burst: 1)
        try await ServerHarness.run(configuration: configuration) { server in
            try ServerHarness.expectOK(
                try await server.post("/attestation/options", json: AttestationOptionsRequest(username: "Carol")))
            let limited = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "carol"))
            #expect(limited.status == .tooManyRequests)
            #expect(try ServerHarness.failureCode(limited) == "rateLimited")
            try ServerHarness.expectOK(
                try await server.post("/attestation/options", json: AttestationOptionsRequest(username: "dave")))
        }
    }

    /// A challenge table that never answers, as a database behind a lost network.
    struct SilentChallengeStore: ChallengeStore {
        func put(_ challenge: IssuedChallenge) async throws {
            try await Task.sleep(for: .seconds(3600))
        }

        func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
            try await Task.sleep(for: .seconds(3600))
            return nil
        }

        func removeExpired(at instant: Date) async throws -> Int { 0 }

        func removeOldest(keeping maximumCount: Int) async throws -> Int { 0 }

        func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int { 0 }
    }

    @Test func aStoreThatNeverAnswersIsServiceUnavailableWithinTheDeadline() async throws {
        var configuration = ServerHarness.configuration
        configuration.abuseLimits.storeCallDeadline = .milliseconds(200)
        try await ServerHarness.withTemporarySQLiteStorage { sqlite in
            let storage = PasskeyStorage(
                credentialStore: sqlite.credentialStore,
                challengeStore: SilentChallengeStore(),
                userStore: sqlite.userStore,
                sessionStore: sqlite.sessionStore
            )
            try await ServerHarness.run(configuration: configuration, storage: storage) { server in
                let start = ContinuousClock.now
                let response = try await server.post("/assertion/options", bytes: Array("{}".utf8))
                let elapsed = ContinuousClock.now - start
                #expect(response.status == .serviceUnavailable)
                #expect(try ServerHarness.failureCode(response) == "storeUnavailable")
                #expect(elapsed < .seconds(3))
            }
        }
    }

    /// A deadline too long for the clock's instants is cut to a day instead of trapping at the first call; a zero or
    /// negative one is raised to a millisecond.
    @Test func aHugeDeadlineIsCutToADay() async throws {
        let deadline = StoreDeadline(.seconds(Int64.max))
        #expect(deadline.duration == StoreDeadline.maximum)
        #expect(StoreDeadline.maximum == .seconds(86_400))
        #expect(try await deadline.run { 7 } == 7)
        #expect(StoreDeadline(.seconds(-1)).duration == .milliseconds(1))
        #expect(StoreDeadline(.zero).duration == StoreDeadline.minimum)
        #expect(StoreDeadline(.seconds(Int64.min)).duration == .milliseconds(1))
    }

    @Test func theDeadlinePassesAnAnswerThroughAndCutsASilentCall() async throws {
        let deadline = StoreDeadline(.milliseconds(100))
        #expect(try await deadline.run { 42 } == 42)
        let failure = await #expect(throws: StoreFailure.self) {
            try await deadline.run { () async throws -> Int in throw UserStoreError("down") }
        }
        #expect(failure?.underlying is UserStoreError)
        let start = ContinuousClock.now
        await #expect(throws: StoreTimeout.self) {
            try await deadline.run { () async throws -> Int in
                try await Task.sleep(for: .seconds(3600))
                return 0
            }
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func theCleanupCapsThePendingChallengesOldestFirst() async throws {
        let challenges = InMemoryChallengeStore()
        let store: any ChallengeStore = challenges
        let now = Date()
        for index in 0..<5 {
            try await store.put(
                IssuedChallenge(
                    challenge: [UInt8(index)], ceremony: .authentication, userHandle: nil,
                    issuedAt: now, expiresAt: now.addingTimeInterval(Double(100 + index))))
        }
        try await store.put(
            IssuedChallenge(
                challenge: [9], ceremony: .authentication, userHandle: nil,
                issuedAt: now.addingTimeInterval(-120), expiresAt: now.addingTimeInterval(-60)))
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let cleanup = ExpiredRowsCleanup(
                sessionStore: storage.sessionStore,
                userStore: storage.userStore,
                challengeStore: challenges,
                maximumPendingChallenges: 2,
                clock: { now },
                logger: .init(label: "test")
            )
            await cleanup.runOnce()
        }
        #expect(await challenges.count == 2)
        #expect(try await store.take([2], at: now) == nil)
        #expect(try await store.take([3], at: now) != nil)
        #expect(try await store.take([4], at: now) != nil)
    }

    @Test func theIPv6NetworkBucketIsOffByDefault() {
        #expect(RequestRateLimiter(AbuseLimits()).perNetwork == nil)
    }

    @Test func anIPv6NetworkCannotMultiplyItsRateThroughItsSubnets() throws {
        let limiter = RequestRateLimiter(
            AbuseLimits(
                clientAddressRateLimit: RateLimit(rate: 0.001, burst: 1),
                usernameRateLimit: nil,
                ipv6NetworkRateLimit: RateLimit(rate: 0.001, burst: 16)
            )
        )
        let request = Request(
            head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/assertion/options"),
            body: RequestBody(buffer: ByteBuffer())
        )
        for subnet in 0..<16 {
            let peer = try SocketAddress(ipAddress: "2001:db8:1:\(String(subnet, radix: 16))::1", port: 4711)
            #expect(throws: Never.self) { try limiter.admit(request, peer: peer) }
            let again = #expect(throws: RateLimitExceeded.self) { try limiter.admit(request, peer: peer) }
            #expect(again?.scope == "client address")
        }
        let next = try SocketAddress(ipAddress: "2001:db8:1:ff::1", port: 4711)
        let refused = #expect(throws: RateLimitExceeded.self) { try limiter.admit(request, peer: next) }
        #expect(refused?.scope == "network")
        let otherNetwork = try SocketAddress(ipAddress: "2001:db8:2::1", port: 4711)
        #expect(throws: Never.self) { try limiter.admit(request, peer: otherNetwork) }
        let ipv4 = try SocketAddress(ipAddress: "192.0.2.1", port: 4711)
        #expect(throws: Never.self) { try limiter.admit(request, peer: ipv4) }
    }
}
#endif
