import Foundation
import PasskeyVerifierTesting
import Testing

/// Replays every recorded ceremony in `Fixtures/` and requires each outcome to match its expectation.
@Suite struct FixtureReplayTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixtureFiles() -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: fixturesDirectory, includingPropertiesForKeys: nil)
        else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
    }

    static func load(_ url: URL) throws -> RecordedCeremony {
        try JSONDecoder().decode(RecordedCeremony.self, from: Data(contentsOf: url))
    }

    @Test func fixturesExist() {
        #expect(Self.fixtureFiles().count >= 40)
    }

    @Test(arguments: fixtureFiles())
    func fixtureReplaysAsRecorded(_ url: URL) throws {
        let ceremony = try Self.load(url)
        #expect(ceremony.expected != nil, "\(url.lastPathComponent) records no expectation")
        let result = ceremony.replay()
        #expect(result.matched, "\(url.lastPathComponent): \(result.differences.joined(separator: "; "))")
    }
}
