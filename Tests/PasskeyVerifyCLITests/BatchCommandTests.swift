import Foundation
import PasskeyVerifierTesting
import Testing

/// `passkey-verify batch`: one result line per input line, in order, whatever the lines hold.
@Suite struct BatchCommandTests {
    @Test func aMalformedLineInTheMiddleGetsMalformedInputAndTheOthersAreVerified() throws {
        let input =
            [
                try TestFixtures.line("w3c/packed-es256.registration.json"),
                "{\"kind\": \"registration\", \"response\": ",
                try TestFixtures.line("w3c/packed-es256.authentication.json"),
            ].joined(separator: "\n") + "\n"
        let result = try CLIRunner.run(["batch"], input: Array(input.utf8))
        #expect(result.status == 0)
        let lines = result.jsonLines
        #expect(lines.count == 3)
        #expect(lines[0]["verified"] as? Bool == true)
        #expect(lines[0]["format"] as? String == "packed")
        #expect(lines[1]["verified"] as? Bool == false)
        #expect((lines[1]["error"] as? [String: Any])?["code"] as? String == "malformedInput")
        #expect(lines[2]["verified"] as? Bool == true)
        #expect(lines[2]["newSignCount"] as? Int == 0)
    }

    @Test func everyFixtureGivesTheVerdictItRecords() throws {
        let files = TestFixtures.allFiles()
        let lines = try files.map { url in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let path = try TestFixtures.temporaryFile(lines.joined(separator: "\n"), name: "fixtures.jsonl")
        let result = try CLIRunner.run(["batch", path])
        #expect(result.status == 0)
        let outcomes = result.jsonLines
        #expect(outcomes.count == files.count)
        for (url, outcome) in zip(files, outcomes) {
            let expected = try #require(try RecordedCeremony.load(contentsOf: url).expected)
            #expect(outcome["verified"] as? Bool == expected.verified, "\(url.lastPathComponent)")
            if let code = expected.error {
                #expect((outcome["error"] as? [String: Any])?["code"] as? String == code, "\(url.lastPathComponent)")
            }
        }
    }

    @Test func absentOptionalFieldsTakeTheFlagDefaultsAndUnknownFieldsAreIgnored() throws {
        var object = try TestFixtures.object("w3c/none-es256.authentication.json")
        for member in ["requireUserVerification", "signCount", "credentialId", "backupEligible", "at"] {
            object[member] = nil
        }
        object["someFutureField"] = ["nested": [1, 2, 3]]
        let line = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let result = try CLIRunner.run(["batch", "-"], input: Array((line + "\n").utf8))
        #expect(result.status == 0)
        #expect(result.jsonLines.first?["verified"] as? Bool == true)
    }

    @Test func crlfEndingsEmptyLinesAndALastLineWithoutNewline() throws {
        let good = try TestFixtures.line("w3c/none-es256.registration.json")
        let input = good + "\r\n\r\n" + good
        let result = try CLIRunner.run(["batch"], input: Array(input.utf8))
        #expect(result.status == 0)
        let lines = result.jsonLines
        #expect(lines.count == 3)
        #expect(lines[0]["verified"] as? Bool == true)
        #expect((lines[1]["error"] as? [String: Any])?["code"] as? String == "malformedInput")
        #expect(lines[2]["verified"] as? Bool == true)
    }

    @Test func aLineOverTheBoundIsMalformedInputAndReadingGoesOn() throws {
        let huge = "{\"kind\":\"registration\",\"padding\":\"" + String(repeating: "a", count: 1_200_000) + "\"}"
        let input = huge + "\n" + (try TestFixtures.line("w3c/none-es256.registration.json")) + "\n"
        let result = try CLIRunner.run(["batch"], input: Array(input.utf8))
        #expect(result.status == 0)
        let lines = result.jsonLines
        #expect(lines.count == 2)
        let error = try #require(lines[0]["error"] as? [String: Any])
        #expect(error["code"] as? String == "malformedInput")
        #expect((error["message"] as? String)?.contains("1048576") == true)
        #expect(lines[1]["verified"] as? Bool == true)
    }

    @Test func missingRequiredFieldsAndUnknownKindsAreMalformedInput() throws {
        let input = """
            {"kind": "registration"}
            {"kind": "enrolment", "response": {}, "rpId": "a", "origins": [], "challenge": ""}
            []
            {"kind": "authentication", "response": {"id": "AA", "rawId": "AA", "type": "public-key", \
            "response": {"clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA"}}, \
            "rpId": "a", "origins": ["https://a"], "challenge": "AA"}

            """
        let result = try CLIRunner.run(["batch"], input: Array(input.utf8))
        #expect(result.status == 0)
        let codes = result.jsonLines.map { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(codes == ["malformedInput", "malformedInput", "malformedInput", "malformedInput"])
    }

    @Test func emptyInputPrintsNothing() throws {
        let result = try CLIRunner.run(["batch"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anUnreadableFileIsAUsageError() throws {
        let result = try CLIRunner.run(["batch", "/nonexistent/cases.jsonl"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/cases.jsonl"))
    }
}

/// `batch --jobs N`: verdicts in input order whatever the number of threads.
@Suite struct BatchJobsTests {
    @Test func everyJobCountGivesTheSameLinesInTheSameOrder() throws {
        let files = TestFixtures.allFiles()
        var lines = try files.map { url in
            String(
                decoding: try JSONSerialization.data(
                    withJSONObject: try JSONSerialization.jsonObject(with: Data(contentsOf: url))), as: UTF8.self)
        }
        lines.insert("not json", at: 7)
        lines.insert("", at: 20)
        let input = lines + lines + lines
        let path = try TestFixtures.temporaryFile(input.joined(separator: "\n"), name: "jobs.jsonl")
        let single = try CLIRunner.run(["batch", "--jobs", "1", path])
        #expect(single.status == 0)
        #expect(single.jsonLines.count == input.count)
        for jobs in ["2", "3", "8"] {
            let parallel = try CLIRunner.run(["batch", "--jobs", jobs, path])
            #expect(parallel.status == 0)
            #expect(parallel.standardOutput == single.standardOutput, "--jobs \(jobs)")
        }
    }

    @Test(arguments: ["0", "257", "-1"])
    func aJobCountOutsideOneTo256IsAUsageError(jobs: String) throws {
        let result = try CLIRunner.run(["batch", "--jobs", jobs], input: [])
        #expect(result.status == 2)
    }
}
