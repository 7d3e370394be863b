#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyMetadata
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// A `--metadata` download is streamed with a byte cap (a `Content-Length` above it is refused before the body, a
/// body is read no further than the cap) and follows at most three redirects, on the same host, never from https down
/// to http; against a loopback HTTP server the test starts.
@Suite struct MetadataDownloadTests {
    /// The local server: `/mds` the BLOB; `/hop/N` redirects to `/hop/N+1` up to 4; `/elsewhere` redirects to the
    /// same port on `localhost` (another host name); `/endless` sends more than the cap, then drips a byte every
    /// 100 ms for 15 s; `/announced` announces 64 MiB, then drips.
    static func withServer(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.get("mds") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "BLOB")))
        }
        router.get("hop/:n") { _, context -> Response in
            let n = try context.parameters.require("n", as: Int.self)
            guard n < 4 else {
                return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "BLOB")))
            }
            return Response(status: .found, headers: [.location: "/hop/\(n + 1)"])
        }
        router.get("elsewhere") { request, _ -> Response in
            let port = request.head.authority?.split(separator: ":").last.map(String.init) ?? ""
            return Response(status: .found, headers: [.location: "http://localhost:\(port)/mds"])
        }
        router.get("endless") { _, _ -> Response in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    let chunk = ByteBuffer(repeating: 0x41, count: 1 << 16)
                    for _ in 0..<((MetadataBLOB.maximumLength >> 16) + 2) {
                        try await writer.write(chunk)
                    }
                    try await drip(&writer)
                })
        }
        router.get("announced") { _, _ -> Response in
            Response(
                status: .ok,
                body: ResponseBody(contentLength: 64 << 20) { writer in try await drip(&writer) })
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    /// A byte every 100 ms for 15 s, then the end: the write fails soon after the client has gone.
    static func drip(_ writer: inout any ResponseBodyWriter) async throws {
        for _ in 0..<150 {
            try await Task.sleep(for: .milliseconds(100))
            try await writer.write(ByteBuffer(string: "A"))
        }
        try await writer.finish(nil)
    }

    static func read(_ url: String) async throws -> [UInt8] {
        try await MetadataSource(argument: url).read()
    }

    @Test func aBodyPastTheCapIsStoppedThere() async throws {
        try await Self.withServer { port in
            let start = ContinuousClock.now
            let error = await #expect(throws: MetadataUnavailable.self) {
                try await Self.read("http://127.0.0.1:\(port)/endless")
            }
            #expect(error?.message.contains("larger than \(MetadataBLOB.maximumLength) bytes") == true)
            #expect(error?.message.contains("the download was stopped there") == true)
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }

    @Test func aContentLengthPastTheCapIsRefusedBeforeTheBody() async throws {
        try await Self.withServer { port in
            let start = ContinuousClock.now
            let error = await #expect(throws: MetadataUnavailable.self) {
                try await Self.read("http://127.0.0.1:\(port)/announced")
            }
            #expect(error?.message.contains("Content-Length \(64 << 20)") == true)
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }

    @Test func threeRedirectsOnTheSameHostAreFollowedAndAFourthIsNot() async throws {
        try await Self.withServer { port in
            let blob = try await Self.read("http://127.0.0.1:\(port)/hop/1")
            #expect(blob == Array("BLOB".utf8))
            let error = await #expect(throws: MetadataUnavailable.self) {
                try await Self.read("http://127.0.0.1:\(port)/hop/0")
            }
            #expect(error?.message.contains("at most 3 redirects") == true)
        }
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() async throws {
        try await Self.withServer { port in
            let error = await #expect(throws: MetadataUnavailable.self) {
                try await Self.read("http://127.0.0.1:\(port)/elsewhere")
            }
            #expect(error?.message.contains("http://localhost:\(port)/mds, which is not followed") == true)
        }
    }

    @Test func thePolicyKeepsToTheHostAndToHTTPS() throws {
        let origin = try #require(URL(string: "https://mds3.fidoalliance.org/"))
        func follows(_ target: String, count: Int = 1) -> Bool {
            MetadataDownloadRedirectPolicy.follows(URL(string: target), from: origin, count: count)
        }
        #expect(follows("https://mds3.fidoalliance.org/blob.jwt"))
        #expect(follows("https://MDS3.fidoalliance.org/blob.jwt", count: 3))
        #expect(!follows("https://mds3.fidoalliance.org/blob.jwt", count: 4))
        #expect(!follows("https://cdn.example/blob.jwt"))
        #expect(!follows("https://fidoalliance.org/blob.jwt"))
        #expect(!follows("http://mds3.fidoalliance.org/blob.jwt"))
        #expect(!follows("ftp://mds3.fidoalliance.org/blob.jwt"))
        #expect(follows("https://mds3.fidoalliance.org:443/blob.jwt"))
        #expect(!follows("https://mds3.fidoalliance.org:8443/blob.jwt"))
        let loopback = try #require(URL(string: "http://127.0.0.1:8000/mds"))
        #expect(
            MetadataDownloadRedirectPolicy.follows(URL(string: "http://127.0.0.1:8000/x"), from: loopback, count: 1))
        #expect(
            !MetadataDownloadRedirectPolicy.follows(URL(string: "http://127.0.0.1:9000/x"), from: loopback, count: 1))
        #expect(
            !MetadataDownloadRedirectPolicy.follows(URL(string: "http://localhost:8000/x"), from: loopback, count: 1))
        #expect(!MetadataDownloadRedirectPolicy.follows(nil, from: loopback, count: 1))
    }
}
#endif
