import Foundation
import PasskeyVerifier
import Testing

@testable import PasskeyVerifierTesting

/// `RecordedCeremony(json:)` reads the common shape of an authentication case (a `passkey-verify batch` line) in
/// one pass and leaves everything else to `JSONDecoder`: whatever the line, the ceremony it gives (or the error,
/// code and message) must be the one `JSONDecoder` gives.
@Suite struct RecordedCeremonyFastPathTests {
    /// What the line gives through `JSONDecoder` alone (the path every line took before the fast path): the
    /// ceremony's canonical encoding, or the error.
    private static func throughJSONDecoder(_ json: [UInt8]) -> Result<[UInt8], WebAuthnError> {
        do {
            let ceremony = try RecordedCeremony.decodeJSON(
                RecordedCeremony.self, from: json, describing: "the ceremony")
            return .success(try ceremony.jsonEncoded())
        } catch let error as WebAuthnError {
            return .failure(error)
        } catch {
            return .failure(WebAuthnError(.malformedInput, "cannot encode: \(error)"))
        }
    }

    private static func decoded(_ json: [UInt8]) -> Result<[UInt8], WebAuthnError> {
        do {
            return .success(try RecordedCeremony(json: json).jsonEncoded())
        } catch let error as WebAuthnError {
            return .failure(error)
        } catch {
            return .failure(WebAuthnError(.malformedInput, "cannot encode: \(error)"))
        }
    }

    private static func expectSameAsJSONDecoder(_ json: [UInt8], _ comment: Comment? = nil) {
        switch (decoded(json), throughJSONDecoder(json)) {
        case (.success(let fast), .success(let slow)):
            #expect(fast == slow, comment)
        case (.failure(let fast), .failure(let slow)):
            #expect(fast.code == slow.code, comment)
            #expect(fast.message == slow.message, comment)
        case (let fast, let slow):
            Issue.record("RecordedCeremony(json:) gave \(fast); JSONDecoder gave \(slow) \(comment ?? "")")
        }
    }

    /// A line as `Benchmarks/batch/make-assertions.py` writes it.
    static let base = #"""
        {"kind":"authentication","response":{"id":"JmsaenWOfzZY2LJs-wImQA","rawId":"JmsaenWOfzZY2LJs-wImQA","type":"public-key","response":{"clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiYThTRTBwQ0VqNzJKY0UweVJSbHlOM29YUWZDWHZwd1BoSzFybGl4LXFIUSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9","authenticatorData":"o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcFAAAAAQ","signature":"MEYCIQDOkppUzIyp64-PoSbrTCEVAp5Oo91nWgs6eYxN-kmN2QIhAM858ow7V8ZULskb88ElcOWt2wjPgeCqSrharNujaXnz"},"clientExtensionResults":{}},"rpId":"example.com","origins":["https://example.com"],"challenge":"a8SE0pCEj72JcE0yRRlyN3oXQfCXvpwPhK1rlix-qHQ","publicKey":"pQECAyYgASFYILj6GkrL2QC3iP8fhSTM__HdKj1skX5ACa9gT71AbbcCIlggmlzDLRT8g3JmhEUnSB9_BstPs0czskypLoYfcsx8rjc","signCount":0}
        """#

    private static func replacing(_ member: String, with replacement: String) -> String {
        base.replacingOccurrences(of: member, with: replacement)
    }

    /// Lines the fast path reads itself.
    static let common: [String] = [
        base,
        " \t" + base + " \r",
        base.replacingOccurrences(of: "\":", with: "\" :\n ").replacingOccurrences(of: ",\"", with: " ,\t\""),
        replacing(#""signCount":0"#, with: #""signCount":4294967295"#),
        replacing(#""signCount":0"#, with: #""signCount":null"#),
        replacing(#","signCount":0"#, with: ""),
        replacing(#""signCount":0"#, with: #""signCount":7,"backupEligible":true,"requireUserVerification":false"#),
        replacing(
            #""signCount":0"#,
            with: #""signCount":0,"credentialId":"JmsaenWOfzZY2LJs-wImQA","at":"2024-01-01T00:00:00Z","topOrigins":[]"#),
        replacing(
            #""signCount":0"#,
            with: #""signCount":0,"name":"n/é😀","description":null,"trustAnchors":["a","b"],"topOrigins":null"#
        ),
        replacing(#""signCount":0"#, with: #""signCount":0,"untrustedAttestationPolicy":"reject","expected":null"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"future":"x","f2":12,"f3":true,"f4":false,"f5":null"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"future":1,"future":2"#),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":[ "https://example.com" , "https://b" ]"#),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":[]"#),
        replacing(#""clientExtensionResults":{}"#, with: #""authenticatorAttachment":"platform""#),
        replacing(#""clientExtensionResults":{}"#, with: #""clientExtensionResults":{ }"#),
        replacing(#""response":{"clientDataJSON""#, with: #""response":{"x":"y","clientDataJSON""#),
        replacing(#""signature":"MEYC"#, with: #""userHandle":"dXNlcg","signature":"MEYC"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"name":"n\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":"\u0000""#),
        replacing(#""rpId":"example.com""#, with: #""rpId":"ex\u0061mple.com""#),
        replacing(#""kind":"authentication""#, with: #""kind":"authentic\u0061tion""#),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":["https:\/\/example.com"]"#),
    ]

    /// Lines the fast path leaves to `JSONDecoder`, valid or not.
    static let uncommon: [String] = [
        replacing(#""signCount":0"#, with: #""signCount":0,"future":{"a":[1,2.5e3,{"b":null}],"a":true}"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":-1"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":2.5"#),
        replacing(#""rpId":"example.com""#, with: #""\u0072pId":"example.com""#),
        replacing(#""response":{"clientDataJSON""#, with: #""response":{"x":[1],"clientDataJSON""#),
        replacing(
            #""clientExtensionResults":{}"#, with: #""clientExtensionResults":{},"authenticatorAttachment":null"#),
        replacing(#""signature":"MEYC"#, with: #""userHandle":null,"signature":"MEYC"#),
        replacing(#""clientExtensionResults":{}"#, with: #""clientExtensionResults":{},"clientExtensionResults":{}"#),
        replacing(#""signCount":0"#, with: #""signCount":00"#),
        replacing(#""signCount":0"#, with: #""signCount":-0"#),
        replacing(#""signCount":0"#, with: #""signCount":1.0"#),
        replacing(#""signCount":0"#, with: #""signCount":1e1"#),
        replacing(#""signCount":0"#, with: #""signCount":4294967296"#),
        replacing(#""signCount":0"#, with: #""signCount":"1""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"signCount":1"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"minimumChallengeLength":16"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"algorithms":[-7]"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"expected":{"verified":true}"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"source":{"a":"b"}"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"pendingIssue":3"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"backupEligible":"yes""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"requireUserVerification":1"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"trustAnchors":["a",1]"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"topOrigins":"https://a""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"at":5"#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":"\ud800""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":"\udc00""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":"\ud800\u0041""#),
        replacing(#""signCount":0"#, with: #""signCount":0,"x":"\x""#),
        replacing(#""rpId":"example.com""#, with: #""rpId":"\ud800""#),
        replacing(#""rpId":"example.com""#, with: #""rpId":null"#),
        replacing(#""rpId":"example.com""#, with: #""rpId":"example.com","rpId":"other""#),
        replacing(#""rpId":"example.com""#, with: #""rpId":null,"rpId":"example.com""#),
        replacing(#""rpId":"example.com","#, with: ""),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":"https://example.com""#),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":[1]"#),
        replacing(#""origins":["https://example.com"]"#, with: #""origins":["a",]"#),
        replacing(#""challenge":"a8SE0pCEj72JcE0yRRlyN3oXQfCXvpwPhK1rlix-qHQ""#, with: #""challenge":7"#),
        replacing(#""kind":"authentication""#, with: #""kind":"registration""#),
        replacing(#""kind":"authentication""#, with: #""kind":"Authentication""#),
        replacing(#""kind":"authentication""#, with: #""kind":null"#),
        replacing(#""type":"public-key""#, with: #""type":1"#),
        replacing(#""clientExtensionResults":{}"#, with: #""clientExtensionResults":{"appid":true}"#),
        replacing(#""signature":"MEYC"#, with: #""signature":"MEYC","signature":"MEYC"#),
        replacing(#","response":{"clientDataJSON""#, with: #","nothing":{"clientDataJSON""#),
        "\u{FEFF}" + base,
        base + "x",
        base + "}",
        String(base.dropLast()),
        base.replacingOccurrences(of: "example.com", with: "ex\u{01}ample.com"),
        "", " ", "null", "[]", "{}", "\"a\"", "1", #"{"kind":"authentication"}"#,
    ]

    @Test(arguments: common)
    func theCommonShapeIsReadWithoutJSONDecoderAndGivesWhatItGives(text: String) {
        let json = Array(text.utf8)
        #expect(RecordedCeremony.commonAuthenticationCase(json) != nil)
        Self.expectSameAsJSONDecoder(json)
    }

    @Test(arguments: uncommon)
    func otherLinesAreLeftToJSONDecoder(text: String) {
        let json = Array(text.utf8)
        #expect(RecordedCeremony.commonAuthenticationCase(json) == nil)
        Self.expectSameAsJSONDecoder(json)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var json = Array(Self.base.utf8)
        guard let at = json.firstIndex(of: UInt8(ascii: "x")) else {
            Issue.record("the line has no x")
            return
        }
        json[at] = 0xC3
        #expect(RecordedCeremony.commonAuthenticationCase(json) == nil)
        Self.expectSameAsJSONDecoder(json)
    }

    /// Every recorded authentication (without the members that only recordings have) reads the same both ways.
    @Test func everyRecordedAuthenticationReadsTheSame() throws {
        var common = 0
        for url in FixtureReplayTests.fixtureFiles() {
            guard var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                object["kind"] as? String == "authentication"
            else { continue }
            for member in ["expected", "source", "pendingIssue"] {
                object[member] = nil
            }
            let json = Array(try JSONSerialization.data(withJSONObject: object))
            if RecordedCeremony.commonAuthenticationCase(json) != nil {
                common += 1
            }
            Self.expectSameAsJSONDecoder(json, "\(url.lastPathComponent)")
        }
        #expect(common >= 20)
    }

    /// Lines with one byte changed, inserted or removed (deterministic), read the same both ways.
    @Test func mutatedLinesReadTheSame() {
        let original = Array(Self.base.utf8)
        let replacements = Array(#"{}[],:"\ 0a-.e/u"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var state: UInt64 = 21
        for _ in 0..<1500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let position = Int(state >> 33) % original.count
            let replacement = replacements[Int(state >> 20) % replacements.count]
            var json = original
            switch state % 3 {
            case 0: json[position] = replacement
            case 1: json.insert(replacement, at: position)
            default: json.remove(at: position)
            }
            Self.expectSameAsJSONDecoder(json, "byte \(position), \(replacement), operation \(state % 3)")
        }
    }
}
