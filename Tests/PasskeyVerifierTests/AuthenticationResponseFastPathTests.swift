import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `AuthenticationResponse(json:)` reads the common shape of a response in one pass and leaves everything else to
/// `JSONDecoder`: whatever the input, the result (or the error code) must be the one `JSONDecoder` gives.
@Suite struct AuthenticationResponseFastPathTests {
    /// What decoding with `JSONDecoder` alone gives: the response, or the error code.
    private static func throughJSONDecoder(_ json: [UInt8]) -> Result<AuthenticationResponse, WebAuthnError> {
        do {
            let decoded = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(json))
            return Result { () throws(WebAuthnError) in try AuthenticationResponse(decoded) }
        } catch {
            return .failure(WebAuthnError(.malformedInput, "\(error)"))
        }
    }

    private static func decoded(_ json: [UInt8]) -> Result<AuthenticationResponse, WebAuthnError> {
        Result { () throws(WebAuthnError) in try AuthenticationResponse(json: json) }
    }

    private static let base = #"""
        {"id":"AQID","rawId":"AQID","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"MEUC"},"clientExtensionResults":{}}
        """#

    static let variants: [String] = [
        base,
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"MEUC","userHandle":"dXNlcg""#),
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"MEUC","userHandle":null"#),
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"MEUC","userHandle":"""#),
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"MEUC","userHandle":7"#),
        base.replacingOccurrences(
            of: #""clientExtensionResults":{}"#, with: #""clientExtensionResults":{"appid":true}"#),
        base.replacingOccurrences(of: #""clientExtensionResults":{}"#, with: #""clientExtensionResults":null"#),
        base.replacingOccurrences(of: #""clientExtensionResults":{}"#, with: #""clientExtensionResults":[]"#),
        base.replacingOccurrences(of: #","clientExtensionResults":{}"#, with: ""),
        base.replacingOccurrences(
            of: #""type":"public-key""#, with: #""type":"public-key","authenticatorAttachment":"platform""#),
        base.replacingOccurrences(
            of: #""type":"public-key""#, with: #""type":"public-key","authenticatorAttachment":null"#),
        base.replacingOccurrences(
            of: #""type":"public-key""#, with: #""type":"public-key","extra":{"a":[1,2,{"b":null}]}"#),
        base.replacingOccurrences(of: #""type":"public-key""#, with: #""type":"public-key","type":"public-key""#),
        base.replacingOccurrences(of: #""type":"public-key""#, with: #""type":"p\u0075blic-key""#),
        base.replacingOccurrences(of: #""type":"public-key""#, with: #""type":"private-key""#),
        base.replacingOccurrences(of: #""type":"public-key""#, with: #""type":1"#),
        base.replacingOccurrences(of: #""id":"AQID""#, with: #""id":"AQIE""#),
        base.replacingOccurrences(of: #""id":"AQID""#, with: #""\u0069d":"AQID""#),
        base.replacingOccurrences(of: #""rawId":"AQID","#, with: ""),
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"ME!C""#),
        base.replacingOccurrences(of: #""signature":"MEUC""#, with: #""signature":"MEUC","signature":"MEUC""#),
        base.replacingOccurrences(of: #""authenticatorData":"AAAA","#, with: ""),
        base.replacingOccurrences(of: #""response":{"#, with: #""response":{"unknown":[],"#),
        base.replacingOccurrences(of: #"{"id""#, with: "\u{FEFF}{\"id\""),
        " \n\t" + base + " \r\n",
        base + "x",
        base.replacingOccurrences(of: "}}", with: "}"),
        base.replacingOccurrences(of: #""e30""#, with: #""e3\u0030""#),
        "[]", "{}", "", "null", "\"a\"",
    ]

    @Test(arguments: variants)
    func givesWhatJSONDecoderGives(text: String) {
        let json = Array(text.utf8)
        switch (Self.decoded(json), Self.throughJSONDecoder(json)) {
        case (.success(let fast), .success(let slow)):
            #expect(fast == slow)
            #expect(fast.clientExtensionResults == slow.clientExtensionResults)
        case (.failure(let fast), .failure(let slow)):
            #expect(fast.code == slow.code)
        case (let fast, let slow):
            Issue.record("AuthenticationResponse(json:) gave \(fast); JSONDecoder gave \(slow)")
        }
    }

    @Test func givesWhatJSONDecoderGivesForEveryRecordedAuthentication() throws {
        var checked = 0
        for url in FixtureReplayTests.fixtureFiles() {
            let data = try Data(contentsOf: url)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                object["kind"] as? String == "authentication", let response = object["response"]
            else { continue }
            let json = Array(try JSONSerialization.data(withJSONObject: response))
            let fast = try AuthenticationResponse(json: json)
            let slow = try Self.throughJSONDecoder(json).get()
            #expect(fast == slow, "\(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 30)
    }
}
