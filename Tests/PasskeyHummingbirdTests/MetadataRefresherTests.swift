#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// `--metadata` over a loopback HTTP server the test starts (the flag allows `http` for loopback hosts; no TLS
/// server is in the test's dependency graph): VirtualMetadataService BLOBs are loaded at start, refreshed, a
/// rollback is refused, the last good BLOB survives a restart from the SQLite database, and staleness is reported.
@Suite struct MetadataRefresherTests {
    /// The BLOB the local server answers with, `nil` for 404.
    actor Published {
        var bytes: [UInt8]?
        func set(_ bytes: [UInt8]?) { self.bytes = bytes }
    }

    /// 2026-01-01T00:00:00Z.
    static let instant = Date(timeIntervalSince1970: 1_767_225_600)

    static func blob(_ metadata: VirtualMetadataService, _ serialNumber: Int, nextUpdate: String) throws -> [UInt8] {
        try metadata.blob(
            payload: VirtualMetadataService.payload(serialNumber: serialNumber, nextUpdate: nextUpdate, entries: []))
    }

    @Test func theServerLoadsRefreshesRefusesRollbackAndRestartsFromTheDatabase() async throws {
        let metadata = try VirtualMetadataService()
        let published = Published()
        await published.set(try Self.blob(metadata, 5, nextUpdate: "2026-02-01"))
        let router = Router()
        router.get("mds") { _, _ -> Response in
            guard let bytes = await published.bytes else { return Response(status: .notFound) }
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-metadata-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let source = try MetadataSource(argument: "http://127.0.0.1:\(port)/mds")
            let settings = MetadataSettings(source: source, trustAnchors: [metadata.rootCertificate])
            let logger = Logger(label: "metadata-test")

            let storage = try await PasskeyStorage.openSQLite(path: path)
            let refresher = MetadataRefresher(
                service: settings.makeService(store: storage.metadataStore), source: source,
                clock: { Self.instant }, logger: logger)
            try await refresher.start()
            #expect(await refresher.service.current?.serialNumber == 5)

            await published.set(try Self.blob(metadata, 6, nextUpdate: "2026-03-01"))
            #expect(await refresher.refresh(reason: "test").serialNumber == 6)

            await published.set(try Self.blob(metadata, 4, nextUpdate: "2026-04-01"))
            let afterRollback = await refresher.refresh(reason: "test")
            #expect(afterRollback.serialNumber == 6)
            #expect(afterRollback.lastFailure?.contains("metadataRollback") == true)

            await published.set(Array("not a BLOB".utf8))
            #expect(await refresher.refresh(reason: "test").serialNumber == 6)
            try await storage.close()

            // A restart whose source is down starts from the BLOB kept in the database.
            await published.set(nil)
            let reopened = try await PasskeyStorage.openSQLite(path: path)
            let late = Date(timeIntervalSince1970: 1_772_323_200 + 3 * 86_400)
            let restarted = MetadataRefresher(
                service: settings.makeService(store: reopened.metadataStore), source: source,
                clock: { late }, logger: logger)
            try await restarted.start()
            let status = await restarted.service.status(at: late)
            #expect(status.serialNumber == 6)
            #expect(status.isStale == true)
            #expect(status.lastFailure?.contains("404") == true)
            #expect(status.nextRefresh == late.addingTimeInterval(MetadataService.defaultInitialBackoff))
            try await reopened.close()

            // Without a kept BLOB and without a source, the server does not start.
            let empty = MetadataRefresher(
                service: settings.makeService(store: nil), source: source, clock: { Self.instant }, logger: logger)
            await #expect(throws: MetadataUnavailable.self) { try await empty.start() }
        }
    }

    @Test func aRedirectIsFollowedOnlyWhereTheFlagCouldPoint() async throws {
        let router = Router()
        router.get("mds") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "BLOB")))
        }
        router.get("local") { _, _ -> Response in
            Response(status: .found, headers: [.location: "/mds"])
        }
        router.get("away") { _, _ -> Response in
            Response(status: .found, headers: [.location: "http://metadata.example/mds"])
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            #expect(try await MetadataSource(argument: "http://127.0.0.1:\(port)/local").read() == Array("BLOB".utf8))
            let error = await #expect(throws: MetadataUnavailable.self) {
                try await MetadataSource(argument: "http://127.0.0.1:\(port)/away").read()
            }
            #expect(error?.message.contains("302") == true)
        }
        #expect(MetadataDownloadRedirectPolicy.allows(URL(string: "http://metadata.example/mds")) == false)
        #expect(MetadataDownloadRedirectPolicy.allows(URL(string: "https://metadata.example/mds")))
    }

    @Test func theSourceArgumentAllowsHTTPSAndLoopbackHTTPOnly() throws {
        #expect(
            try MetadataSource(argument: "https://mds3.fidoalliance.org/")
                == .url(try #require(URL(string: "https://mds3.fidoalliance.org/"))))
        #expect(try MetadataSource(argument: "metadata/blob.jwt") == .file(path: "metadata/blob.jwt"))
        #expect(throws: ServerConfigurationError.self) { try MetadataSource(argument: "http://mds3.fidoalliance.org/") }
        #expect(throws: ServerConfigurationError.self) { try MetadataSource(argument: "ftp://127.0.0.1/blob") }
        #expect(MetadataSettings.certificationLevel("L2plus") == .fidoCertifiedL2Plus)
        #expect(MetadataSettings.certificationLevel("FIDO_CERTIFIED_L1") == .fidoCertifiedL1)
        #expect(MetadataSettings.certificationLevel("L9") == nil)
    }

    @Test func withMetadataTheRelyingPartyAsksForDirectAttestation() throws {
        var configuration = ServerHarness.configuration
        #expect(try configuration.relyingPartyConfiguration().attestation == AttestationConveyancePreference.none)
        configuration.metadata = MetadataSettings(source: .file(path: "blob.jwt"), policy: .acceptUnverified)
        let withMetadata = try configuration.relyingPartyConfiguration()
        #expect(withMetadata.attestation == .direct)
        #expect(withMetadata.untrustedAttestationPolicy == .acceptAsUnverified)
        configuration.metadata?.policy = .refuse
        #expect(try configuration.relyingPartyConfiguration().untrustedAttestationPolicy == .reject)
        #expect(try configuration.relyingPartyConfiguration().acceptedAttestationTypes == [.basic, .attCA, .anonCA])
        #expect(withMetadata.acceptedAttestationTypes == Set(AttestationType.allCases))
    }
}
#endif
