import Foundation
import Testing

/// `Fixtures/w3c-vectors/vectors.jsonl`, which ``W3CVectors`` reads: every property has its line, and a fixture
/// that is missing or malformed fails the reading test with the file, the line and the problem, never a crash.
@Suite struct W3CVectorsFixtureTests {
    @Test func everyPropertyHasItsLineAndEveryLineAProperty() throws {
        let values = try W3CVectors.fixture.get()
        let read = [
            W3CVectors.noneES256RegistrationChallenge, W3CVectors.noneES256AuthenticationChallenge,
            W3CVectors.noneES256CredentialPrivateKey, W3CVectors.packedES256RegistrationChallenge,
            W3CVectors.packedES256AuthenticationChallenge, W3CVectors.packedES256CredentialPrivateKey,
            W3CVectors.packedES256AttestationPrivateKey, W3CVectors.packedSelfES256RegistrationChallenge,
            W3CVectors.packedSelfES256CredentialPrivateKey, W3CVectors.packedSelfES256AttestationObject,
            W3CVectors.packedSelfES256RegistrationClientDataJSON, W3CVectors.appleES256RegistrationChallenge,
            W3CVectors.appleES256AttestationObject, W3CVectors.appleES256RegistrationClientDataJSON,
            W3CVectors.crossOriginRegistrationChallenge, W3CVectors.crossOriginAttestationObject,
            W3CVectors.crossOriginRegistrationClientDataJSON, W3CVectors.topOriginRegistrationChallenge,
            W3CVectors.longCredentialIDRegistrationChallenge, W3CVectors.attestationRootCertificate,
            W3CVectors.testLeafPrivateKey, W3CVectors.testLeafCertificate,
            W3CVectors.testLeafCertificateWithCAOrganizationalUnit, W3CVectors.appleIOSAttestationObjectBase64URL,
            W3CVectors.appleIOSClientDataJSONBase64URL, W3CVectors.appleIOSCredentialIDBase64URL,
            W3CVectors.appleIOSChallengeBase64URL,
        ]
        #expect(read.allSatisfy { !$0.isEmpty })
        #expect(values.count == read.count, "the fixture has a line no property reads")
        #expect(W3CVectors.bytes(W3CVectors.noneES256RegistrationChallenge).count == 32)
    }

    @Test func aMissingFixtureIsAnErrorThatNamesIt() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("absent.jsonl")
        let error = #expect(throws: W3CVectors.FixtureError.self) { try W3CVectors.values(at: url) }
        #expect(error?.description.hasPrefix("\(url.path) cannot be read") == true, "\(error.map { "\($0)" } ?? "")")
    }

    /// A malformed fixture and the phrase its error must contain.
    static let malformedFixtures: [(String, String)] = [
        ("not json\n", "line 1 is not a {\"name\", \"description\", \"hex\" or \"text\"} object"),
        ("{\"name\": \"a\", \"hex\": \"00\"}\n", "line 1 is not a"),
        ("\n{\"name\": \"a\", \"description\": \"\", \"hex\": \"abc\"}\n", "line 2 (a): hex is not pairs of 0-9 a-f"),
        ("{\"name\": \"a\", \"description\": \"\", \"hex\": \"AB\"}\n", "line 1 (a): hex is not pairs of 0-9 a-f"),
        ("{\"name\": \"a\", \"description\": \"\"}\n", "line 1 (a): needs exactly one of hex and text"),
        (
            "{\"name\": \"a\", \"description\": \"\", \"hex\": \"00\", \"text\": \"x\"}",
            "needs exactly one of hex and text"
        ),
        (
            "{\"name\": \"a\", \"description\": \"\", \"hex\": \"00\"}\n"
                + "{\"name\": \"a\", \"description\": \"\", \"text\": \"x\"}",
            "line 2: a second line named \"a\""
        ),
    ]

    @Test(arguments: malformedFixtures)
    func aMalformedFixtureIsAnErrorThatNamesTheLine(text: String, phrase: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("vectors.jsonl")
        try Data(text.utf8).write(to: url)
        let error = #expect(throws: W3CVectors.FixtureError.self) { try W3CVectors.values(at: url) }
        #expect(error?.description.hasPrefix(url.path + ", ") == true)
        #expect(error?.description.contains(phrase) == true, "\(error.map { "\($0)" } ?? "")")
    }

    @Test func aWellFormedFixtureReadsAsItsValuesByName() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("vectors.jsonl")
        let text = """
            {"name": "a", "description": "bytes", "hex": "00ff"}

            {"name": "b", "description": "a string", "text": "QK6s-_"}
            """
        try Data(text.utf8).write(to: url)
        #expect(try W3CVectors.values(at: url) == ["a": "00ff", "b": "QK6s-_"])
    }

    /// A test that reads a value the fixture lacks, or reads from a fixture that cannot be read, fails with the
    /// reason; the value reads as empty.
    @Test func readingAnAbsentValueFailsTheTestWithTheReason() {
        var value = "unchanged"
        withKnownIssue {
            value = W3CVectors.value("noSuchVector")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("has no line named \"noSuchVector\"") }
        }
        #expect(value.isEmpty)
        let unreadable = W3CVectors.FixtureError(description: "/nowhere/vectors.jsonl cannot be read: gone")
        withKnownIssue {
            value = W3CVectors.value("noneES256RegistrationChallenge", in: .failure(unreadable))
        } matching: { issue in
            issue.comments.contains { $0.rawValue == unreadable.description }
        }
        #expect(value.isEmpty)
    }

    /// A new, empty folder of its own under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("W3CVectorsFixtureTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
