import Foundation
import Testing

/// `passkey-verify replay`: replays recorded ceremonies against their expectations.
@Suite struct ReplayCommandTests {
    @Test func everyFixtureMatches() throws {
        let result = try CLIRunner.run(["replay", "Fixtures"])
        #expect(result.status == 0)
        let count = TestFixtures.allFiles().count
        let summary = try #require(result.lines.last)
        #expect(summary.hasPrefix("\(count) ceremonies: \(count) matched, 0 differed"))
        #expect(result.lines.first?.hasPrefix("  name  ") == true)
        let ceremonyLines = result.lines.dropFirst().dropLast()
        #expect(ceremonyLines.count == count)
        #expect(ceremonyLines.allSatisfy { $0.hasPrefix("✓ ") })
        let packed = ceremonyLines.first { $0.hasPrefix("✓ w3c/packed-es256/registration ") }
        #expect(packed?.contains("packed") == true)
        #expect(packed?.contains("ES256") == true)
        #expect(packed?.hasSuffix("verified") == true)
    }

    @Test func aWrongExpectationAndAFileThatIsNotACeremonyDiffer() throws {
        let folder = try TestFixtures.temporaryDirectory()
        let nested = folder.appendingPathComponent("nested")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        var object = try TestFixtures.object("w3c/none-es256.registration.json")
        var expected = try #require(object["expected"] as? [String: Any])
        expected["format"] = "packed"
        object["expected"] = expected
        object["name"] = "temporary/wrong-format"
        try JSONSerialization.data(withJSONObject: object).write(to: nested.appendingPathComponent("wrong.json"))
        try Data("{\"not\": \"a ceremony\"}".utf8).write(to: folder.appendingPathComponent("junk.json"))
        try Data("ignored".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let good = CLIRunner.fixturesDirectory.appendingPathComponent("w3c/none-es256.authentication.json")
        try FileManager.default.copyItem(at: good, to: folder.appendingPathComponent("good.json"))

        let result = try CLIRunner.run(["replay", folder.path])
        #expect(result.status == 1)
        #expect(result.lines.last == "3 ceremonies: 1 matched, 2 differed")
        let text = result.standardOutput
        #expect(text.contains("✗ temporary/wrong-format"))
        #expect(text.contains("format: expected packed, got none"))
        #expect(text.contains("junk.json"))
        #expect(text.contains("not a recorded ceremony"))
        #expect(text.contains("✓ w3c/none-es256/authentication"))

        let quiet = try CLIRunner.run(["replay", "--quiet", folder.path])
        #expect(quiet.status == 1)
        #expect(!quiet.standardOutput.contains("✓"))
        #expect(quiet.lines.first?.hasPrefix("✗ ") == true, "no header under --quiet")
        #expect(quiet.lines.last == "3 ceremonies: 1 matched, 2 differed")
    }

    @Test func aHeaderNamesTheColumnsAboveTheRows() throws {
        let result = try CLIRunner.run(["replay", "Fixtures/negative/challenge-mismatch.json"])
        #expect(result.status == 0)
        #expect(result.lines.count == 3)
        let header = try #require(result.lines.first)
        let row = try #require(result.lines.dropFirst().first)
        #expect(header.split(separator: " ") == ["name", "kind", "format", "algorithm", "outcome"])
        #expect(row.split(separator: " ").first == "✓")
        /// The offset in characters at which `text` begins in `line`.
        func column(of text: String, in line: String) -> Int? {
            line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        let columns = [
            ("name", "negative/"), ("kind", "registration"), ("format", "none"), ("algorithm", "ES256"),
            ("outcome", "rejected"),
        ]
        for (title, value) in columns {
            #expect(column(of: title, in: header) != nil)
            #expect(column(of: title, in: header) == column(of: value, in: row), "\(title)")
        }
    }

    @Test func aQuietReplayWhereEveryCeremonyMatchedPrintsOnlyTheSummary() throws {
        let result = try CLIRunner.run(["replay", "--quiet", "Fixtures/negative/challenge-mismatch.json"])
        #expect(result.status == 0)
        #expect(result.lines == ["1 ceremony: 1 matched, 0 differed"])
    }

    @Test func aSingleFileCanBeReplayed() throws {
        let result = try CLIRunner.run(["replay", "Fixtures/negative/challenge-mismatch.json"])
        #expect(result.status == 0)
        #expect(result.lines.dropFirst().first?.contains("rejected: challengeMismatch") == true)
        #expect(result.lines.last == "1 ceremony: 1 matched, 0 differed")
    }

    @Test func aMissingPathIsAUsageError() throws {
        let result = try CLIRunner.run(["replay", "/nonexistent/fixtures"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/fixtures"))
        let none = try CLIRunner.run(["replay"])
        #expect(none.status == 2)
    }
}

@Suite struct ReplayJobsTests {
    @Test func everyJobCountPrintsTheSameReportInFileOrder() throws {
        let single = try CLIRunner.run(["replay", "--jobs", "1", "Fixtures"])
        #expect(single.status == 0)
        #expect(single.standardOutput.contains("matched, 0 differed"))
        for jobs in ["2", "5"] {
            let parallel = try CLIRunner.run(["replay", "--jobs", jobs, "Fixtures"])
            #expect(parallel.status == 0)
            #expect(parallel.standardOutput == single.standardOutput, "--jobs \(jobs)")
        }
        #expect(try CLIRunner.run(["replay", "--jobs", "0", "Fixtures"]).status == 2)
    }
}
