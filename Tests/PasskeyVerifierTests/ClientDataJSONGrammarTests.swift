import PasskeyVerifier
import Testing

/// `CollectedClientData` reads `clientDataJSON` with its own one-pass JSON reader (RFC 8259): every value of
/// every member is validated, including the members the library ignores.
@Suite struct ClientDataJSONGrammarTests {
    private static let malformed = WebAuthnError(.malformedClientData, "")

    private static func parse(extra member: String) throws(WebAuthnError) -> CollectedClientData {
        try CollectedClientData(
            jsonBytes: Array(#"{"type":"webauthn.get","challenge":"c","origin":"o","x":"#.utf8) + Array(member.utf8)
                + Array("}".utf8)
        )
    }

    @Test(arguments: [
        "0", "-0", "12", "-12", "1.5", "-0.25", "1e9", "1E+9", "1e-9", "2.5E-3", "123456789012345678901234567890",
        "true", "false", "null", #""""#, #""\"\\\/\b\f\n\r\t\u0000\u00e9\ud83d\ude00""#, "[]", "{}", " [ 1 , 2 ] ",
        #"{"a":[{"b":null},{"c":[true,false]}],"d":"e"}"#, #"[[[[[[]]]]]]"#, "\t\r\n 7 \n",
        #"{"type":1,"origin":[]}"#,
    ])
    func acceptsEveryKindOfValueInIgnoredMembers(member: String) throws {
        let clientData = try Self.parse(extra: member)
        #expect(clientData.type == "webauthn.get")
        #expect(clientData.origin == "o")
    }

    @Test(arguments: [
        "01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "NaN", "Infinity", "-Infinity", "1.2.3", "--1",
        "tru", "nul", "falsey", "True", "'s'", #""\x""#, #""\u12""#, #""\u12G4""#, #""\ud800""#, #""\udc00""#,
        #""\ud800\u0041""#, #""\ud800x""#, "\"\u{01}\"", "\"a\nb\"", "[1,]", "[,1]", "[1 2]", "{\"a\"}", "{\"a\":}",
        "{\"a\" 1}", "{\"a\":1,}", "{a:1}", "[", "{", "]", "[}", "{]", "", "// comment", "/* c */ 1", "1 2",
    ])
    func rejectsInvalidJSONInIgnoredMembers(member: String) {
        #expect(throws: Self.malformed) { try Self.parse(extra: member) }
    }

    @Test(arguments: [
        #"{"type":"t","challenge":"c","origin":"o"}}"#, #"{"type":"t","challenge":"c","origin":"o"},"#,
        #"{"type":"t","challenge":"c","origin":"o" "#, #"{"type":"t","challenge":"c","origin":"o",}"#,
        #"{"type":"t""challenge":"c","origin":"o"}"#, #"{"type":"t","challenge":"c","origin":"o"}{}"#,
        #"{"type":"t","challenge":"c","origin":"o\"}"#,
        "{\"type\":\"t\",\"challenge\":\"c\",\"origin\":\"o\u{7F}\u{1F}\"}",
    ])
    func rejectsMalformedTopLevelObjects(text: String) {
        #expect(throws: Self.malformed) { try CollectedClientData(jsonBytes: Array(text.utf8)) }
    }

    @Test func acceptsWhitespaceEverywhereRFC8259Allows() throws {
        let text =
            " \t\r\n{ \"type\" :\t\"t\" ,\n\"challenge\"\r:\"c\" , \"origin\" : \"o\" , \"crossOrigin\" : true }\n "
        let clientData = try CollectedClientData(jsonBytes: Array(text.utf8))
        #expect(clientData.crossOrigin == true)
        #expect(clientData.challenge == "c")
    }

    @Test func acceptsNestingUpTo512AndRejectsDeeper() throws {
        // The top-level object is level 1, so a member may hold 511 nested arrays.
        let deepest = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        #expect(try Self.parse(extra: deepest).origin == "o")
        let tooDeep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Self.malformed) { try Self.parse(extra: tooDeep) }
        let tooDeepObjects = String(repeating: #"{"a":"#, count: 512) + "0" + String(repeating: "}", count: 512)
        #expect(throws: Self.malformed) { try Self.parse(extra: tooDeepObjects) }
    }

    @Test func decodesEscapesInTheMembersItReads() throws {
        let text =
            #"{"\u0074ype":"webauthn.\u0067et","challenge":"a\/b","origin":"https:\/\/x.example","topOrigin":"\u00e9"}"#
        let clientData = try CollectedClientData(jsonBytes: Array(text.utf8))
        #expect(clientData.type == "webauthn.get")
        #expect(clientData.challenge == "a/b")
        #expect(clientData.origin == "https://x.example")
        #expect(clientData.topOrigin == "é")
    }

    @Test func rejectsADuplicateAmongManyMembersWithoutQuadraticTime() throws {
        var members = (0..<5_000).map { #""m\#($0)":0"# }
        members.append(#""m17":1"#)
        let text = #"{"type":"t","challenge":"c","origin":"o","# + members.joined(separator: ",") + "}"
        do {
            _ = try CollectedClientData(jsonBytes: Array(text.utf8))
            Issue.record("a duplicate member was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(error.message.contains(#""m17""#))
        }
    }

    @Test func namesTheByteOffsetOfASyntaxError() {
        do {
            _ = try CollectedClientData(jsonBytes: Array(#"{"type":"t","challenge":"c","origin":"o","x":01}"#.utf8))
            Issue.record("a number with a leading zero was accepted")
        } catch {
            #expect(error.code == .malformedClientData)
            #expect(error.message.contains("byte"))
        }
    }
}
