#if Server
import Foundation
import Logging
import NIOCore
@testable import passkey_server
import PasskeyAccounts
@testable import PasskeyHTTP
@testable import PasskeyHummingbird
import PasskeyMetadata
import PasskeyVerifier
import Testing

/// `ServerConfiguration.validate()` owns every rule about the configuration's values (issue 31 §6): the time spans are
/// `Duration`s, a zero or negative one is refused naming its member and option, and an enormous one is cut to its
/// bounds where it is used instead of trapping a conversion.
@Suite struct ConfigurationValidationTests {
    /// A time span of the configuration: its name in the refusal, and how to set it.
    struct Span: Sendable, CustomStringConvertible {
        let name: String
        let set: @Sendable (inout ServerConfiguration, Duration) -> Void
        var description: String { name }
    }

    /// Every time span of the configuration and its nested value types, by the name its refusal gives.
    static let spans: [Span] = [
        Span(name: "sessionIdleTimeout (--session-idle-timeout)") { $0.sessionIdleTimeout = $1 },
        Span(name: "sessionLifetime (--session-lifetime)") { $0.sessionLifetime = $1 },
        Span(name: "abuseLimits.idleTimeout (--idle-timeout)") { $0.abuseLimits.idleTimeout = $1 },
        Span(name: "abuseLimits.requestBodyDeadline (--body-deadline)") { $0.abuseLimits.requestBodyDeadline = $1 },
        Span(name: "abuseLimits.storeCallDeadline (--store-deadline)") { $0.abuseLimits.storeCallDeadline = $1 },
        Span(name: "abuseLimits.cleanupInterval") { $0.abuseLimits.cleanupInterval = $1 },
        Span(name: "metadata.initialBackoff") { $0.metadata?.initialBackoff = $1 },
        Span(name: "metadata.maximumBackoff") { $0.metadata?.maximumBackoff = $1 },
    ]

    /// The harness's configuration with FIDO metadata, so that the backoffs are checked too.
    static var configuration: ServerConfiguration {
        var configuration = ServerHarness.configuration
        configuration.metadata = MetadataSettings(source: .file(path: "blob.jwt"))
        return configuration
    }

    /// The `ServerConfigurationError` `configuration.validate()` throws, or `nil`.
    static func refusal(_ configuration: ServerConfiguration) -> ServerConfigurationError? {
        #expect(throws: ServerConfigurationError.self) { try configuration.validate() }
    }

    @Test func theDefaultsAreDurationsThatPass() throws {
        try Self.configuration.validate()
        let configuration = ServerConfiguration(relyingPartyID: "example.com", origins: ["https://example.com"])
        #expect(configuration.sessionIdleTimeout == .seconds(86_400))
        #expect(configuration.sessionLifetime == .seconds(2_592_000))
        #expect(configuration.abuseLimits.idleTimeout == .seconds(30))
        #expect(configuration.abuseLimits.requestBodyDeadline == .seconds(10))
        #expect(configuration.abuseLimits.storeCallDeadline == .seconds(5))
        #expect(configuration.abuseLimits.cleanupInterval == .seconds(10))
        let metadata = MetadataSettings(source: .file(path: "blob.jwt"))
        #expect(metadata.initialBackoff == .seconds(MetadataService.defaultInitialBackoff))
        #expect(metadata.maximumBackoff == .seconds(MetadataService.defaultMaximumBackoff))
        #expect(SessionPolicy.lastSeenGranularity == .seconds(60))
    }

    @Test(arguments: spans, [Duration.zero, .seconds(-1), .milliseconds(-1), .seconds(Int64.min)])
    func aZeroOrNegativeTimeSpanIsRefusedByName(span: Span, value: Duration) {
        var configuration = Self.configuration
        span.set(&configuration, value)
        let error = Self.refusal(configuration)
        #expect(error?.message.hasPrefix(span.name + " is ") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("it must be positive") == true)
    }

    /// `.seconds(Int64.max)` everywhere passes, and each span is cut to its bounds where it is used: no conversion
    /// to seconds, nanoseconds or a clock instant traps.
    @Test func anEnormousTimeSpanIsCutToItsBounds() async throws {
        var configuration = Self.configuration
        for span in Self.spans {
            span.set(&configuration, .seconds(Int64.max))
        }
        try configuration.validate()

        let policy = configuration.sessionPolicy
        #expect(policy.idleTimeout == SessionPolicy.maximumDuration)
        #expect(policy.lifetime == SessionPolicy.maximumDuration)
        #expect(policy.lifetimeSeconds == 10 * 365 * 86_400)
        let issuer = SessionIssuer(sessionStore: StoreFailureTests.UnreachableSessionStore(), policy: policy) { Date() }
        #expect(issuer.cookie(carrying: SessionToken.generate()).description.contains("Max-Age=315360000"))

        let limits = configuration.abuseLimits
        #expect(limits.idleTimeout == .seconds(Int64.max), "kept as given")
        #expect(limits.boundedIdleTimeout == .seconds(86_400))
        #expect(limits.boundedIdleTimeout.timeAmount == .seconds(86_400))
        #expect(limits.boundedRequestBodyDeadline.timeAmount == .seconds(3_600))
        #expect(limits.boundedStoreCallDeadline == .seconds(3_600))
        #expect(limits.boundedCleanupInterval == .seconds(86_400))
        #expect(StoreDeadline(limits.boundedStoreCallDeadline).duration == .seconds(3_600))

        let service = try #require(configuration.metadata).makeService(store: nil)
        #expect(service.initialBackoff == 86_400)
        #expect(service.maximumBackoff == 86_400)

        let logger = Logger(label: "test")
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            for (interval, used) in [(Duration.seconds(Int64.max), Duration.seconds(86_400)), (.zero, .seconds(1))] {
                #expect(ExpiredRowsCleanup(storage: storage, interval: interval, logger: logger).interval == used)
                let gauges = MetricsGaugeRefresh(
                    sessionStore: storage.sessionStore, metrics: ServerMetrics(), interval: interval, logger: logger)
                #expect(gauges.interval == used)
            }
            var served = configuration
            served.metadata = nil  // its backoffs are checked above; an application with metadata needs its refresher
            _ = try PasskeyServerApplication.makeApplication(
                configuration: served, storage: storage, host: "127.0.0.1", port: 0, logger: logger)
        }
    }

    /// A positive span shorter than its bounds is raised to them; the sessions count whole seconds.
    @Test func aShortTimeSpanIsRaisedToItsBounds() throws {
        var configuration = Self.configuration
        for span in Self.spans {
            span.set(&configuration, .nanoseconds(1))
        }
        try configuration.validate()
        #expect(configuration.sessionPolicy.idleTimeout == .seconds(1))
        #expect(configuration.abuseLimits.boundedStoreCallDeadline == .milliseconds(10))
        #expect(configuration.abuseLimits.boundedIdleTimeout == .seconds(1))
        #expect(try #require(configuration.metadata).makeService(store: nil).initialBackoff == 1)
        #expect(SessionPolicy(idleTimeout: .milliseconds(1_500)).idleTimeoutSeconds == 1)
    }

    /// The conversions saturate: no `Duration` traps them.
    @Test func theConversionsSaturate() {
        #expect(Duration.seconds(Int64.max).timeAmount == .nanoseconds(.max))
        #expect(Duration.seconds(Int64.min).timeAmount == .nanoseconds(.min))
        #expect(Duration.milliseconds(1_500).timeAmount == .milliseconds(1_500))
        #expect(Duration.milliseconds(-1_500).inSeconds == -1.5)
        #expect(Duration.seconds(Int64.max).wholeSeconds == Int64.max)
        let beyondInt64Seconds = Duration.seconds(Int64.max) * 4
        #expect(beyondInt64Seconds.wholeSeconds == Int64.max)
        #expect(beyondInt64Seconds.timeAmount == .nanoseconds(.max))
        #expect((Duration.zero - beyondInt64Seconds).wholeSeconds == Int64.min)
        let limits = AbuseLimits(clientAddressRateLimit: RateLimit(rate: 1_000_000, burst: 1_000_000))
        #expect(limits.pendingChallengeBound(challengeLifetime: .seconds(Int64.max)) == Int.max)
        #expect(limits.pendingChallengeBound(challengeLifetime: beyondInt64Seconds) == Int.max)
        #expect(limits.pendingChallengeBound(challengeLifetime: .seconds(-60)) == 1_000_000)
        #expect(RateLimit(rate: 10, burst: 50).maximumRequests(in: .seconds(300)) == 3_050)
    }

    // MARK: The rules moved from `passkey-server serve` and `addRoutes`

    @Test func noOriginIsRefused() {
        var configuration = Self.configuration
        configuration.origins = []
        configuration.relatedOrigins = ["https://shop.example"]
        #expect(Self.refusal(configuration)?.message.contains("(--origin)") == true)
    }

    @Test func theCountsAreAtLeastOne() throws {
        #expect(
            ServerConfiguration(relyingPartyID: "a.example", origins: [], maximumPasskeysPerAccount: 0)
                .maximumPasskeysPerAccount == 0, "kept as given")
        let counts: [(String, @Sendable (inout ServerConfiguration, Int) -> Void)] = [
            ("maximumPasskeysPerAccount (--max-passkeys)", { $0.maximumPasskeysPerAccount = $1 }),
            (
                "abuseLimits.maximumConnectionsPerClientAddress (--max-connections-per-client)",
                { $0.abuseLimits.maximumConnectionsPerClientAddress = $1 }
            ),
            (
                "abuseLimits.maximumPendingChallenges (--max-pending-challenges)",
                { $0.abuseLimits.maximumPendingChallenges = $1 }
            ),
        ]
        for (name, set) in counts {
            for value in [0, -1, Int.min] {
                var configuration = Self.configuration
                set(&configuration, value)
                #expect(Self.refusal(configuration)?.message == "\(name) is \(value); it must be at least 1")
            }
            var configuration = Self.configuration
            set(&configuration, 1)
            try configuration.validate()
            set(&configuration, Int.max)
            try configuration.validate()
        }
        var configuration = Self.configuration
        configuration.abuseLimits.maximumConnectionsPerClientAddress = Int.max
        configuration.abuseLimits.maximumPendingChallenges = Int.max
        #expect(configuration.abuseLimits.boundedMaximumConnectionsPerClientAddress == 1_000_000)
        #expect(configuration.abuseLimits.boundedMaximumPendingChallenges == 1 << 32)
    }

    @Test func aConcealmentKeyNeedsConcealment() throws {
        var configuration = Self.configuration
        configuration.concealmentKey = [UInt8](repeating: 7, count: 32)
        #expect(
            Self.refusal(configuration)?.message
                == "concealmentKey (--concealment-key-file) needs concealsUnknownUsernames "
                + "(--conceal-unknown-usernames)"
        )
        configuration.concealsUnknownUsernames = true
        try configuration.validate()
        configuration.concealmentKey = [UInt8](repeating: 7, count: 31)
        #expect(
            Self.refusal(configuration)?.message.hasPrefix("concealmentKey (--concealment-key-file) has 31") == true)
    }

    @Test func theAppIDIsAnHTTPSURLOfAtMost512Bytes() throws {
        let long = "https://example.com/" + String(repeating: "a", count: 512 - 20)
        for (appID, accepted) in [
            ("https://example.com/appid.json", true), (long, true), (long + "a", false),
            ("http://example.com/appid.json", false), ("example.com", false),
        ] {
            var configuration = Self.configuration
            configuration.appID = appID
            if accepted {
                try configuration.validate()
            } else {
                #expect(Self.refusal(configuration)?.message.hasPrefix("appID (--appid)") == true, "\(appID)")
            }
        }
    }

    /// The Apple keys URL was checked only when `addRoutes` made its own fetcher; now by `validate()` too.
    @Test func theAppleKeysURLIsHTTPSOrLoopback() throws {
        for (url, accepted) in [
            ("https://appleid.apple.com/auth/keys", true), ("http://127.0.0.1:9/keys", true),
            ("http://appleid.apple.com/auth/keys", false), ("ftp://127.0.0.1/keys", false),
        ] {
            var configuration = Self.configuration
            configuration.appleKeysURL = url
            if accepted {
                try configuration.validate()
            } else {
                #expect(Self.refusal(configuration)?.message.hasPrefix("appleKeysURL (--apple-keys)") == true, "\(url)")
            }
        }
    }

    @Test func aMinimumCertificationNeedsTheRefusingPolicy() throws {
        var configuration = Self.configuration
        configuration.metadata?.minimumCertificationLevel = .fidoCertifiedL2
        try configuration.validate()
        configuration.metadata?.policy = .acceptUnverified
        #expect(Self.refusal(configuration)?.message.hasPrefix("metadata.minimumCertificationLevel") == true)
    }
}
#endif
