#if Server
import Foundation
import Logging
import PasskeyHummingbird
@testable import passkey_server
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SIGHUP` never ends the server: from the moment its ``HangUpHandler`` is made, a signal refreshes the metadata
/// once it is loaded, and is otherwise logged at `info` (once per signal) and ignored.
@Suite struct HangUpSignalTests {
    @Test func withoutMetadataASignalIsLoggedAndIgnored() async throws {
        let log = CapturedLog()
        let handler = await HangUpHandler(logger: log.logger())
        await handler.handle()
        await handler.handle()
        let lines = log.lines.filter { $0.message == "SIGHUP ignored: there is no --metadata to refresh" }
        #expect(lines.map(\.level) == [.info, .info])
    }

    @Test func duringTheMetadataStartASignalIsLoggedAndIgnored() async throws {
        let log = CapturedLog()
        let handler = await HangUpHandler(logger: log.logger())
        handler.metadataStarting()
        await handler.handle()
        let line = try #require(log.lines.first)
        #expect(line.message == "SIGHUP ignored: the metadata BLOB is being loaded for the start")
        #expect(line.level == .info)
        #expect(log.lines.count == 1)
    }

    @Test func onceLoadedASignalRefreshesTheMetadata() async throws {
        let log = CapturedLog()
        let handler = await HangUpHandler(logger: log.logger())
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-blob-\(UUID().uuidString)").path
        let settings = MetadataSettings(source: .file(path: missing))
        let refresher = MetadataRefresher(
            service: settings.makeService(store: nil), source: settings.source, logger: log.logger())
        handler.refreshes(refresher)
        await handler.handle()
        let line = try #require(
            log.lines.first { $0.message == "the metadata BLOB was not loaded; the last good one stays" })
        #expect(line.metadata["source"] == missing)
        #expect(!log.lines.contains { $0.message.hasPrefix("SIGHUP ignored") })
    }

    /// A real `SIGHUP` sent to this process while a server without `--metadata` runs: logged, ignored, and the
    /// server keeps running (without the handler the signal's default action ends the test process).
    @Test(.timeLimit(.minutes(1)))
    func aServerWithoutMetadataSurvivesASIGHUP() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-hangup-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let log = CapturedLog()
        let service = PasskeyServerService(
            configuration: ServerHarness.configuration,
            database: .sqlite(path: path),
            host: "127.0.0.1",
            port: 0,
            logger: log.logger(level: .info)
        )
        let server = Task { try await service.runUntilSignal() }
        defer { server.cancel() }
        try await Self.waitFor(log) { $0.message == "database opened" }
        kill(getpid(), SIGHUP)
        try await Self.waitFor(log) { $0.message == "SIGHUP ignored: there is no --metadata to refresh" }
        try await Task.sleep(for: .milliseconds(200))
        #expect(!log.lines.contains { $0.level >= .error })
        server.cancel()
        _ = await server.result
    }

    /// Waits up to 20 s for a line that `matches`.
    static func waitFor(_ log: CapturedLog, _ matches: (CapturedLog.Line) -> Bool) async throws {
        for _ in 0..<200 {
            if log.lines.contains(where: matches) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no such log line; the log: \(log.lines.map(\.message))")
    }
}
#endif
