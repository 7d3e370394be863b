import Foundation
import PasskeyVerifier
import Testing

@testable import PasskeyVerifierTesting
@testable import passkey_verify

/// `batch` writes each verdict straight into bytes (`CeremonyOutcome.appendCompactJSON(to:)`) and reads the
/// common lines without `JSONDecoder`; its output must stay byte for byte what the `JSONValue` encoder and the
/// `JSONDecoder` path give (the command-line contract).
@Suite struct BatchVerdictBytesTests {
    private static func bytes(_ outcome: CeremonyOutcome) -> String {
        var output: [UInt8] = []
        outcome.appendCompactJSON(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Texts that need every kind of escaping, and some that need none.
    static let awkwardTexts: [String] = [
        "", "plain", "quote \" backslash \\ slash /", "\n\r\t", "\u{0}\u{1}\u{8}\u{C}\u{1F} \u{7F}",
        "é ü ß 😀 \u{2028}\u{2029}\u{FEFF}\u{10FFFF}", "\"\\\"", String(repeating: "a\"b\u{2}", count: 300),
    ]

    @Test(arguments: awkwardTexts)
    func anErrorIsWrittenAsTheEncoderWritesIt(message: String) {
        let outcome = CeremonyOutcome(error: WebAuthnError(.malformedInput, message))
        #expect(Self.bytes(outcome) == outcome.json.compactText)
    }

    @Test(arguments: awkwardTexts)
    func everyMemberIsWrittenAsTheEncoderWritesIt(text: String) {
        var outcome = CeremonyOutcome(error: WebAuthnError(.signCountRegression, text))
        outcome.format = text
        outcome.attestationType = "self"
        outcome.credentialId = text
        outcome.publicKey = "pQECAyYgASFYIA"
        outcome.algorithm = -7
        outcome.signCount = UInt32.max
        outcome.newSignCount = 0
        outcome.aaguid = text
        outcome.userPresent = true
        outcome.userVerified = false
        outcome.backupEligible = true
        outcome.backupState = false
        outcome.trustPath = [text, "MIIB", text]
        outcome.attestationTrust = "unverified"
        outcome.metadataDescription = text
        outcome.metadataStatus = "FIDO_CERTIFIED"
        outcome.signCountRegressed = true
        outcome.backupEligibilityChange = text
        #expect(Self.bytes(outcome) == outcome.json.compactText)
        outcome.error = nil
        outcome.verified = true
        outcome.algorithm = Int64.min
        outcome.trustPath = []
        outcome.metadataDescription = nil
        #expect(Self.bytes(outcome) == outcome.json.compactText)
        outcome.metadataStatus = nil
        outcome.metadataDescription = text
        #expect(Self.bytes(outcome) == outcome.json.compactText)
        outcome.metadataDescription = nil
        outcome.trustPath = nil
        outcome.signCount = nil
        outcome.format = nil
        #expect(Self.bytes(outcome) == outcome.json.compactText)
    }

    /// The verdict `batch` printed before it had its own reader and writer: `JSONDecoder` into a
    /// ``RecordedCeremony``, then the ``JSONValue`` encoder.
    private static func verdictThroughJSONDecoder(_ line: [UInt8]) -> String {
        guard line.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return CeremonyOutcome(error: WebAuthnError(.malformedInput, "the line is empty")).json.compactText
        }
        var verifiers = RegistrationVerifierCache(capacity: 1)
        var keys = CredentialKeyCache(capacity: 1)
        do {
            let ceremony = try RecordedCeremony.decodeJSON(
                RecordedCeremony.self, from: line, describing: "the ceremony")
            return ceremony.verify(now: Date(), verifiers: &verifiers, keys: &keys).json.compactText
        } catch {
            return CeremonyOutcome(error: error).json.compactText
        }
    }

    /// Every fixture (verified and failing registrations and authentications), the benchmark's assertion line with
    /// members that need escaping in the verdict, and malformed lines, through the built executable: each output
    /// line is the old path's verdict, byte for byte, with one thread and with several.
    @Test func theExecutableWritesWhatTheOldPathGivesForEveryLine() throws {
        var lines = try TestFixtures.allFiles().map { url in
            String(
                decoding: try JSONSerialization.data(
                    withJSONObject: try JSONSerialization.jsonObject(with: Data(contentsOf: url))),
                as: UTF8.self
            )
        }
        let assertion = Self.assertionLine
        lines += [
            assertion,
            assertion.replacingOccurrences(of: #""rpId":"example.com""#, with: #""rpId":"ex\"\\\n\u0001\u007fé😀""#),
            assertion.replacingOccurrences(of: #""signCount":0"#, with: #""signCount":4294967295"#),
            assertion.replacingOccurrences(of: #""signCount":0"#, with: #""signCount":1.5"#),
            assertion.replacingOccurrences(of: #""origins":["https://example.com"]"#, with: #""origins":[]"#),
            assertion.replacingOccurrences(of: #""publicKey":"pQEC"#, with: #""publicKey":"!pQEC"#),
            assertion.replacingOccurrences(of: #""kind":"authentication""#, with: #""kind":"enrolment""#),
            assertion.replacingOccurrences(of: #""signature":"MEYC"#, with: #""signature":"MEYD"#),
            assertion + "\r",
            String(assertion.dropLast()),
            "", "   ", "null", "[]", "{}", "{", "not json", #"{"kind":1}"#, #"{"kind":"authentication"}"#,
            "{\"kind\":\"registration\",\"padding\":\"" + String(repeating: "a", count: 150_000) + "\"}",
        ]
        let path = try TestFixtures.temporaryFile(lines.joined(separator: "\n") + "\n", name: "verdicts.jsonl")
        let expected = lines.map { line -> String in
            var bytes = Array(line.utf8)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            guard bytes.count <= 100_000 else {
                return CeremonyOutcome(
                    error: WebAuthnError(.malformedInput, "the line is \(bytes.count) bytes; at most 100000 are read")
                ).json.compactText
            }
            return Self.verdictThroughJSONDecoder(bytes)
        }
        for jobs in ["1", "2"] {
            let result = try CLIRunner.run(["batch", "--jobs", jobs, "--max-line-bytes", "100000", path])
            #expect(result.status == 0)
            let output = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(output.count == lines.count + 1)
            #expect(output.last == "")
            for (index, (line, verdict)) in zip(expected, output).enumerated() where line != verdict {
                Issue.record("--jobs \(jobs), line \(index + 1): expected \(line), printed \(verdict)")
            }
        }
    }

    /// An ES256 assertion line as `Benchmarks/batch/make-assertions.py` writes it.
    static let assertionLine = #"""
        {"kind":"authentication","response":{"id":"JmsaenWOfzZY2LJs-wImQA","rawId":"JmsaenWOfzZY2LJs-wImQA","type":"public-key","response":{"clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiYThTRTBwQ0VqNzJKY0UweVJSbHlOM29YUWZDWHZwd1BoSzFybGl4LXFIUSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9","authenticatorData":"o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcFAAAAAQ","signature":"MEYCIQDOkppUzIyp64-PoSbrTCEVAp5Oo91nWgs6eYxN-kmN2QIhAM858ow7V8ZULskb88ElcOWt2wjPgeCqSrharNujaXnz"},"clientExtensionResults":{}},"rpId":"example.com","origins":["https://example.com"],"challenge":"a8SE0pCEj72JcE0yRRlyN3oXQfCXvpwPhK1rlix-qHQ","publicKey":"pQECAyYgASFYILj6GkrL2QC3iP8fhSTM__HdKj1skX5ACa9gT71AbbcCIlggmlzDLRT8g3JmhEUnSB9_BstPs0czskypLoYfcsx8rjc","signCount":0}
        """#
}
