import PasskeyCrypto
import PasskeyVerifier
import Testing

@Suite struct CollectedClientDataTests {
    private static func parse(_ text: String) throws(WebAuthnError) -> CollectedClientData {
        try CollectedClientData(jsonBytes: Array(text.utf8))
    }

    private static let malformed = WebAuthnError(.malformedClientData, "")

    @Test func parsesTheW3CRegistrationClientDataWithItsExtraDataMember() throws {
        let bytes = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256RegistrationClientDataJSON)
        let clientData = try CollectedClientData(jsonBytes: bytes)
        #expect(clientData.type == "webauthn.create")
        #expect(clientData.challenge == "AMMPt4UxxGTStncdq417YDwBFi8vpIa-pw8oOuVW4TA")
        #expect(clientData.origin == "https://example.org")
        #expect(clientData.crossOrigin == false)
        #expect(clientData.topOrigin == nil)
        #expect(clientData.jsonBytes == bytes)
        #expect(clientData.hash == HashAlgorithm.sha256.hash(bytes))
        #expect(clientData.hash.count == 32)
    }

    @Test func parsesTheW3CAuthenticationClientData() throws {
        let bytes = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256AuthenticationClientDataJSON)
        let clientData = try CollectedClientData(jsonBytes: bytes)
        #expect(clientData.type == "webauthn.get")
        #expect(clientData.challenge == "OcDnUhQXulTUPo3JUXT0I97pvzzYBP9tZchXyav01Ag")
    }

    @Test func parsesTheW3CTopOriginClientData() throws {
        let bytes = ModelTestVectors.bytes(hex: ModelTestVectors.topOriginRegistrationClientDataJSON)
        let clientData = try CollectedClientData(jsonBytes: bytes)
        #expect(clientData.crossOrigin == true)
        #expect(clientData.topOrigin == "https://example.com")
    }

    @Test func toleratesAbsentCrossOriginAndAnyMemberOrder() throws {
        let clientData = try Self.parse(#"{"origin":"https://a.example","challenge":"abc","type":"webauthn.get"}"#)
        #expect(clientData.type == "webauthn.get")
        #expect(clientData.origin == "https://a.example")
        #expect(clientData.crossOrigin == nil)
    }

    @Test func toleratesUnknownMembersOfAnyType() throws {
        let text = #"{"type":"t","challenge":"c","origin":"o","other":[1,{"a":null}],"extraData":{"status":"x"}}"#
        let clientData = try Self.parse(text)
        #expect(clientData.challenge == "c")
    }

    @Test func stripsALeadingByteOrderMarkForParsingButHashesTheExactBytes() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"type":"t","challenge":"c","origin":"o"}"#.utf8)
        let clientData = try CollectedClientData(jsonBytes: bytes)
        #expect(clientData.type == "t")
        #expect(clientData.jsonBytes == bytes)
        #expect(clientData.hash == HashAlgorithm.sha256.hash(bytes))
    }

    @Test func rejectsEmptyClientDataNamingIt() {
        do {
            _ = try CollectedClientData(jsonBytes: [])
            Issue.record("empty clientDataJSON was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(error.message.contains("clientDataJSON is empty"))
        }
    }

    @Test(arguments: [
        "not json", "{", #"{"type":"t","challenge":"c","origin":"o"} trailing"#, "{'type':'t'}",
        #"["webauthn.create"]"#, "\"a string\"", "42", "null", "true", " ",
    ])
    func rejectsTextThatIsNotAJSONObject(text: String) {
        #expect(throws: Self.malformed) { try Self.parse(text) }
    }

    @Test(arguments: [
        #"{"challenge":"c","origin":"o"}"#,
        #"{"type":"t","origin":"o"}"#,
        #"{"type":"t","challenge":"c"}"#,
        #"{}"#,
    ])
    func rejectsMissingRequiredMembers(text: String) {
        #expect(throws: Self.malformed) { try Self.parse(text) }
    }

    @Test func namesTheMissingMember() {
        do {
            _ = try Self.parse(#"{"type":"t","origin":"o"}"#)
            Issue.record("client data without challenge was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(error.message.contains("\"challenge\""))
        }
    }

    @Test(arguments: [
        #"{"type":1,"challenge":"c","origin":"o"}"#,
        #"{"type":"t","challenge":null,"origin":"o"}"#,
        #"{"type":"t","challenge":"c","origin":["o"]}"#,
        #"{"type":"t","challenge":"c","origin":"o","crossOrigin":"true"}"#,
        #"{"type":"t","challenge":"c","origin":"o","crossOrigin":1}"#,
        #"{"type":"t","challenge":"c","origin":"o","crossOrigin":null}"#,
        #"{"type":"t","challenge":"c","origin":"o","topOrigin":true}"#,
        #"{"type":"t","challenge":"c","origin":"o","topOrigin":null}"#,
    ])
    func rejectsMembersOfTheWrongType(text: String) {
        #expect(throws: Self.malformed) { try Self.parse(text) }
    }

    @Test func namesTheMistypedCrossOrigin() {
        do {
            _ = try Self.parse(#"{"type":"t","challenge":"c","origin":"o","crossOrigin":"true"}"#)
            Issue.record("a string crossOrigin was accepted")
        } catch {
            #expect(error.message.contains("crossOrigin"))
        }
    }

    @Test(arguments: [
        #"{"type":"t","challenge":"c","origin":"o","origin":"p"}"#,
        #"{"type":"t","challenge":"c","origin":"o","\u006frigin":"p"}"#,
        #"{"type":"t","challenge":"c","origin":"o","x":1,"x":2}"#,
    ])
    func rejectsDuplicateMembers(text: String) {
        #expect(throws: Self.malformed) { try Self.parse(text) }
    }

    @Test func namesAnEscapedDuplicateMember() {
        do {
            _ = try Self.parse(#"{"type":"t","challenge":"c","origin":"o","\u006frigin":"p"}"#)
            Issue.record("a duplicate origin was accepted")
        } catch {
            #expect(error.message == #"clientDataJSON has more than one "origin" member"#)
        }
    }

    @Test func acceptsTheSameNameInNestedObjects() throws {
        let clientData = try Self.parse(#"{"type":"t","challenge":"c","origin":"o","x":{"origin":"p","y":"\"}"}}"#)
        #expect(clientData.origin == "o")
    }

    @Test func decodesEscapesInValues() throws {
        let text = #"{"type":"t","challenge":"c","origin":"https:\/\/\u00e9.example\ud83d\ude00"}"#
        let clientData = try Self.parse(text)
        #expect(clientData.origin == "https://é.example😀")
    }

    @Test(arguments: [
        [0x7B, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D] as [UInt8],
        [0x7B, 0xC3] as [UInt8],
        [0xED, 0xA0, 0x80] as [UInt8],
        [0xEF, 0xBB] as [UInt8],
    ])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect(throws: Self.malformed) { try CollectedClientData(jsonBytes: bytes) }
    }

    @Test func rejectsClientDataOverTheSizeLimit() {
        let padding = String(repeating: "a", count: CollectedClientData.maximumLength)
        let text = #"{"type":"t","challenge":"c","origin":"o","x":""# + padding + #""}"#
        #expect(throws: Self.malformed) { try Self.parse(text) }
    }

    @Test func survivesDeeplyNestedUnknownMembers() {
        let depth = 30_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text = #"{"type":"t","challenge":"c","origin":"o","x":"# + nested + "}"
        do {
            let clientData = try Self.parse(text)
            #expect(clientData.origin == "o")
        } catch {
            #expect(error.code == .malformedClientData)
        }
    }

    @Test func neverCrashesOnAnyTruncationOfARealClientData() {
        let bytes = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256RegistrationClientDataJSON)
        for length in 0..<bytes.count {
            #expect(throws: Self.malformed) { try CollectedClientData(jsonBytes: Array(bytes.prefix(length))) }
        }
    }
}
