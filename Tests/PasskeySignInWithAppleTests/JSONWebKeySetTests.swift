import PasskeySignInWithApple
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `JSONWebKeySet`: Apple's document shape reads; every malformed set is `identityTokenMalformed`.
@Suite struct JSONWebKeySetTests {
    static let issuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "YuyXoY")

    func key(_ replacing: [String: String] = [:], adding extra: String = "") throws -> String {
        var key = try #require(Self.issuer).jsonWebKeyJSON
        for (old, new) in replacing {
            key = key.replacingOccurrences(of: old, with: new)
        }
        return extra.isEmpty ? key : String(key.dropLast()) + "," + extra + "}"
    }

    func expectMalformed(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: WebAuthnError(.identityTokenMalformed, ""), sourceLocation: sourceLocation) {
            try JSONWebKeySet(json: Array(document.utf8))
        }
    }

    @Test func appleShapedSetReads() throws {
        let set = try JSONWebKeySet(json: try #require(Self.issuer).keySetJSON)
        #expect(set.keys.map(\.keyIdentifier) == ["YuyXoY"])
        #expect(set.keys.first?.algorithmName == "RS256")
        #expect(set.keys.first?.exponent == [0x01, 0x00, 0x01])
        #expect(set.keys.first?.modulus.count == 256)
        #expect(set.key(withIdentifier: "YuyXoY") != nil)
        #expect(set.key(withIdentifier: "yuyxoy") == nil)
    }

    @Test func keysOfOtherTypesUsesOrAlgorithmsAreSkipped() throws {
        let ec = #"{"kty":"EC","kid":"ec","crv":"P-256","x":"AA","y":"AA"}"#
        let encryption = try key(["\"use\":\"sig\"": "\"use\":\"enc\"", "YuyXoY": "enc"])
        let ps256 = try key(["\"alg\":\"RS256\"": "\"alg\":\"PS256\"", "YuyXoY": "ps"])
        let document = #"{"keys":[\#(ec),\#(encryption),\#(ps256),\#(try key())],"other":1}"#
        let set = try JSONWebKeySet(json: Array(document.utf8))
        #expect(set.keys.map(\.keyIdentifier) == ["YuyXoY"])
    }

    @Test func malformedSetsAreRejected() throws {
        let good = try key()
        let smallModulus = Base64URL.encode([0xC3] + [UInt8](repeating: 0x5A, count: 126) + [0x01])
        let modulus = try #require(good.split(separator: "\"n\":\"").last?.split(separator: "\"").first)
        let documents = [
            "", "[]", "{}", #"{"keys":{}}"#, #"{"keys":[1]}"#, #"{"keys":[]}"#,
            #"{"keys":[\#(good)],"keys":[\#(good)]}"#,
            #"{"keys":[\#(good),\#(good)]}"#,
            #"{"keys":[\#(try key(["\"kid\":\"YuyXoY\",": ""]))]}"#,
            #"{"keys":[\#(try key(["\"kid\":\"YuyXoY\"": "\"kid\":\"\""]))]}"#,
            #"{"keys":[\#(try key(["\"kid\":\"YuyXoY\"": "\"kid\":5"]))]}"#,
            #"{"keys":[\#(try key(["\"e\":\"AQAB\"": "\"e\":\"AQAB=\""]))]}"#,
            #"{"keys":[\#(try key(["\"e\":\"AQAB\"": "\"e\":\"AAEAAQ\""]))]}"#,
            #"{"keys":[\#(try key(["\"e\":\"AQAB\"": "\"e\":\"Ag\""]))]}"#,
            #"{"keys":[\#(try key([",\"e\":\"AQAB\"": ""]))]}"#,
            #"{"keys":[\#(try key([String(modulus): String(modulus) + "=="]))]}"#,
            #"{"keys":[\#(try key([String(modulus): "+" + String(modulus.dropFirst())]))]}"#,
            #"{"keys":[\#(try key([String(modulus): smallModulus]))]}"#,
            #"{"keys":[\#(try key(adding: #""d":"AQAB""#))]}"#,
            #"{"keys":[\#(try key(adding: #""p":"AQAB""#))]}"#,
            "{\"keys\":[" + Array(repeating: #"{"kty":"EC"}"#, count: 33).joined(separator: ",") + "]}",
            #"{"keys":[\#(good)], "pad":""# + String(repeating: " ", count: 65_536) + "\"}",
        ]
        for document in documents {
            expectMalformed(document)
        }
    }

    @Test func aRepeatedMemberInsideAKeyIsRejected() throws {
        let repeatedKid = try key(adding: #""kid":"other""#)
        expectMalformed(#"{"keys":[\#(repeatedKid)]}"#)
        let repeatedModulus = try key(adding: #""n":"AQAB""#)
        expectMalformed(#"{"keys":[\#(repeatedModulus)]}"#)
        let nested = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        expectMalformed(#"{"keys":[\#(try key())],"deep":\#(nested)}"#)
        #expect(throws: Never.self) { try JSONWebKeySet(json: Array(#"{"keys":[\#(try key())]}"#.utf8)) }
    }

    @Test func keysGivenDirectlyGetTheDocumentsChecks() throws {
        let set = try JSONWebKeySet(json: try #require(Self.issuer).keySetJSON)
        let key = try #require(set.keys.first)
        #expect(try JSONWebKeySet(keys: [key]) == set)
        #expect(throws: WebAuthnError(.identityTokenMalformed, "")) { try JSONWebKeySet(keys: []) }
        #expect(throws: WebAuthnError(.identityTokenMalformed, "")) { try JSONWebKeySet(keys: [key, key]) }
        #expect(throws: WebAuthnError(.identityTokenMalformed, "")) {
            try JSONWebKeySet(keys: Array(repeating: key, count: JSONWebKeySet.maximumKeyCount + 1))
        }
    }
}
