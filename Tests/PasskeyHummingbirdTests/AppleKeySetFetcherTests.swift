#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeySignInWithApple
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// The JWKS download: `Cache-Control` read as RFC 9111 says, and the fetcher against a real local HTTP server.
@Suite struct AppleKeySetFetcherTests {
    @Test func maxAgeIsReadFromCacheControl() {
        #expect(CacheControlMaxAge.seconds(in: "public, max-age=21600") == 21_600)
        #expect(CacheControlMaxAge.seconds(in: "Max-Age = \"120\"") == 120)
        #expect(CacheControlMaxAge.seconds(in: "max-age=60, no-cache") == 0)
        #expect(CacheControlMaxAge.seconds(in: "no-store") == 0)
        #expect(CacheControlMaxAge.seconds(in: "private") == nil)
        #expect(CacheControlMaxAge.seconds(in: "max-age=-5") == nil)
        #expect(CacheControlMaxAge.seconds(in: "max-age=99999999999999999999") == nil)
        #expect(CacheControlMaxAge.seconds(in: nil) == nil)
    }

    /// Counts the downloads a local server answers.
    actor Counter {
        private(set) var count = 0
        func increment() { count += 1 }
    }

    @Test func theFetcherDownloadsOnceWhileTheSetIsFresh() async throws {
        let issuer = try AppleIdentityTokenIssuer(keyIdentifier: "live")
        let keySetJSON = issuer.keySetJSON
        let counter = Counter()
        let router = Router()
        router.get("auth/keys") { _, _ -> Response in
            await counter.increment()
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: keySetJSON))
            )
        }
        router.get("broken/keys") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let fetcher = AppleKeySetFetcher(url: try #require(URL(string: "http://127.0.0.1:\(port)/auth/keys")))
            let first = try await fetcher.keySet(refresh: false)
            let second = try await fetcher.keySet(refresh: false)
            let refreshedTooSoon = try await fetcher.keySet(refresh: true)
            #expect(first.keys.map(\.keyIdentifier) == ["live"])
            #expect(second == first && refreshedTooSoon == first)
            #expect(await counter.count == 1)

            let broken = AppleKeySetFetcher(url: try #require(URL(string: "http://127.0.0.1:\(port)/broken/keys")))
            await #expect(throws: AppleKeySetUnavailable.self) { try await broken.keySet(refresh: false) }
        }
    }

    @Test func concurrentStaleCallersShareOneDownloadAndFailuresBackOff() async throws {
        let issuer = try AppleIdentityTokenIssuer(keyIdentifier: "slow")
        let keySetJSON = issuer.keySetJSON
        let slow = Counter()
        let failing = Counter()
        let router = Router()
        router.get("slow/keys") { _, _ -> Response in
            await slow.increment()
            try await Task.sleep(for: .milliseconds(500))
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: keySetJSON))
            )
        }
        router.get("failing/keys") { _, _ -> Response in
            await failing.increment()
            return Response(status: .internalServerError)
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let fetcher = AppleKeySetFetcher(url: try #require(URL(string: "http://127.0.0.1:\(port)/slow/keys")))
            let sets = try await withThrowingTaskGroup(of: JSONWebKeySet.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await fetcher.keySet(refresh: false) }
                }
                return try await group.reduce(into: [JSONWebKeySet]()) { $0.append($1) }
            }
            #expect(sets.count == 8 && Set(sets.map { $0.keys.map(\.keyIdentifier) }) == [["slow"]])
            #expect(await slow.count == 1)
            #expect(await fetcher.downloadsStarted == 1)

            let broken = AppleKeySetFetcher(url: try #require(URL(string: "http://127.0.0.1:\(port)/failing/keys")))
            for _ in 0..<3 {
                await #expect(throws: AppleKeySetUnavailable.self) { try await broken.keySet(refresh: true) }
            }
            #expect(await failing.count == 1)
            #expect(await broken.downloadsStarted == 1)
        }
    }
}
#endif
