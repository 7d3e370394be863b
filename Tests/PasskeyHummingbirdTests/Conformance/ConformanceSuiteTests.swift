#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// Plays the FIDO2 server conformance test list against the conformance server (``ConformanceServer``): every
/// expressed case must meet its expectation, and `Docs/Conformance.md` must be the table this run produces.
/// `PASSKEY_WRITE_CONFORMANCE=1 swift test --filter ConformanceSuiteTests` rewrites the table.
@Suite struct ConformanceSuiteTests {
    /// The repository's `Docs/Conformance.md`.
    static let documentPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Docs/Conformance.md").path

    @Test func everyTestOfTheListHasACase() {
        let ids = ConformanceTestList.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == Set(ConformanceCases.all.keys))
        #expect(Set(ConformanceTestList.all.map(\.suite)).count == 17)
    }

    @Test func theConformanceModeOffersEveryAlgorithmAndAcceptsNoneAndSelfUnderMetadata() throws {
        var configuration = ServerHarness.configuration
        configuration.metadata = MetadataSettings(source: .file(path: "/nonexistent"), policy: .refuse)
        let deployed = try configuration.relyingPartyConfiguration()
        #expect(deployed.allowedAlgorithms == RelyingPartyConfiguration.defaultAlgorithms)
        #expect(!deployed.acceptedAttestationTypes.contains(.none))
        #expect(!deployed.acceptedAttestationTypes.contains(.`self`))
        configuration.conformance = true
        let conformance = try configuration.relyingPartyConfiguration()
        #expect(conformance.allowedAlgorithms == ServerConfiguration.conformanceAlgorithms)
        #expect(!conformance.allowedAlgorithms.contains(.rs1))
        #expect(conformance.acceptedAttestationTypes.isSuperset(of: [.none, .`self`, .basic]))
        #expect(conformance.untrustedAttestationPolicy == .reject)
    }

    @Test func theListPlaysAsDocumented() async throws {
        let rows = try await Self.play()
        for row in rows where !row.met {
            Issue.record("\(row.test.id): \(row.result)")
        }
        let document = ConformanceReport.markdown(rows)
        if ProcessInfo.processInfo.environment["PASSKEY_WRITE_CONFORMANCE"] == "1" {
            try document.write(toFile: Self.documentPath, atomically: true, encoding: .utf8)
        }
        let committed = (try? String(contentsOfFile: Self.documentPath, encoding: .utf8)) ?? ""
        if committed != document {
            let ours = document.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = committed.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(ours, theirs)).firstIndex { $0.0 != $0.1 } ?? min(ours.count, theirs.count)
            let message =
                "Docs/Conformance.md differs from this run at line \(line + 1); regenerate it with"
                + " PASSKEY_WRITE_CONFORMANCE=1 swift test --filter ConformanceSuiteTests"
            Issue.record(Comment(rawValue: message))
        }
    }

    /// Plays every case on one conformance server, in the list's order.
    static func play() async throws -> [ConformanceReport.Row] {
        let collected = Collected()
        try await ConformanceServer.run { server in
            for test in ConformanceTestList.all {
                guard let playing = ConformanceCases.all[test.id] else {
                    await collected.append(.init(test: test, met: false, result: "no case"))
                    continue
                }
                switch playing {
                case .notExpressed(let reason):
                    await collected.append(.init(test: test, met: true, result: reason))
                case .executable(let expectation, let play):
                    do {
                        let verdict = try await play(server).verdict(expectation)
                        await collected.append(.init(test: test, met: verdict.met, result: verdict.text))
                    } catch {
                        await collected.append(.init(test: test, met: false, result: "ERROR: \(error)"))
                    }
                }
            }
        }
        return await collected.rows
    }

    /// The rows of a run, collected across the server's task.
    actor Collected {
        var rows: [ConformanceReport.Row] = []

        func append(_ row: ConformanceReport.Row) { rows.append(row) }
    }
}
#endif
