#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird

/// The JSON the sign-in routes write by hand (`JSONWriter`, `RequestOptionsAnswer`, `SignedInResponse.json`): the same
/// JSON value as `JSONEncoder` writes (whose member order on Linux is not the declaration order), and strings escaped
/// as RFC 8259 §7 asks.
@Suite struct JSONWriterTests {
    /// `value` written as a lone JSON string.
    static func written(_ value: String) -> String {
        var writer = JSONWriter()
        writer.string(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `value` after a trip through the writer and `JSONDecoder`.
    static func roundTripped(_ value: String) throws -> String {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginElement()
        writer.string(value)
        writer.endArray()
        return try JSONDecoder().decode([String].self, from: Data(writer.bytes))[0]
    }

    /// `bytes` read as a JSON value.
    static func value(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect(Self.written(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(Self.written("\u{08}\u{0C}\n\r\t") == #""\b\f\n\r\t""#)
        #expect(Self.written("\u{00}\u{01}\u{1B}\u{1F}") == #""\u0000\u0001\u001b\u001f""#)
        #expect(Self.written("/\u{7F}") == "\"/\u{7F}\"")
    }

    @Test func everyControlCharacterAndNonASCIIReadsBackTheSame() throws {
        var controls = ""
        for value in UInt32(0)..<0x20 {
            controls.unicodeScalars.append(try #require(Unicode.Scalar(value)))
        }
        for value in [controls, #""\"#, "é中👍🏽", "\u{2028}\u{2029}\u{FEFF}\u{FFFF}", "\u{10FFFF}", ""] {
            #expect(try Self.roundTripped(value) == value)
        }
    }

    @Test func aLoneSurrogateCannotReachTheWriter() throws {
        // A Swift string holds scalars only: a lone UTF-16 surrogate becomes U+FFFD when the string is made, so the
        // writer never has one to write and its output stays valid UTF-8.
        let fromUTF16 = String(decoding: [0xD800, 0x41, 0xDC00] as [UInt16], as: UTF16.self)
        #expect(fromUTF16 == "\u{FFFD}A\u{FFFD}")
        #expect(String(validating: Self.written(fromUTF16).utf8, as: UTF8.self) != nil)
        #expect(try Self.roundTripped(fromUTF16) == fromUTF16)
        let fromBytes = String(decoding: [0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self)
        #expect(try Self.roundTripped(fromBytes) == "\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func theSignedInAnswerIsTheValueJSONEncoderWrites() throws {
        for answer in [
            SignedInResponse(username: "alice", sessionToken: nil),
            SignedInResponse(username: "bob", sessionToken: String(repeating: "A", count: 43)),
            SignedInResponse(username: "zoë-中文-👍🏽", sessionToken: "t"),
        ] {
            #expect(try Self.value(answer.json) == Self.value(Array(try JSONEncoder().encode(answer))))
        }
    }

    @Test func aSignedInAnswerWithQuotesAndControlsReadsBackTheSame() throws {
        let answer = SignedInResponse(username: "a\"b\\c\u{00}\n\u{1F}é\u{2028}", sessionToken: "x\"y")
        #expect(try JSONDecoder().decode(SignedInResponse.self, from: Data(answer.json)) == answer)
    }

    @Test func theRequestOptionsAreTheValueJSONEncoderWrites() throws {
        let challenge = Base64URL.encode(Array(0..<32))
        let cases = [
            PublicKeyCredentialRequestOptionsJSON(
                challenge: challenge, timeout: 300_000, rpId: "localhost", userVerification: .preferred),
            PublicKeyCredentialRequestOptionsJSON(challenge: challenge),
            PublicKeyCredentialRequestOptionsJSON(
                challenge: challenge,
                timeout: 0,
                rpId: "example.com",
                allowCredentials: [
                    PublicKeyCredentialDescriptorJSON(id: [1, 2, 3]),
                    PublicKeyCredentialDescriptorJSON(id: Array(0..<64), transports: ["usb", "nfc", "hybrid"]),
                ],
                userVerification: .required,
                hints: [.securityKey, .clientDevice]
            ),
        ]
        for options in cases {
            let written = try #require(RequestOptionsAnswer.json(options))
            #expect(
                try Self.value(written)
                    == Self.value(Array(try JSONEncoder().encode(OptionsResponse(options: options)))))
        }
    }

    @Test func requestOptionsWithStrangeTextReadBackTheSame() throws {
        var descriptor = PublicKeyCredentialDescriptorJSON(id: [7], transports: ["a\"b", "\u{01}", "中"])
        descriptor.type = "public-key\\"
        let options = PublicKeyCredentialRequestOptionsJSON(
            challenge: "c\"\u{1F}", rpId: "é.example", allowCredentials: [descriptor])
        let written = try #require(RequestOptionsAnswer.json(options))
        #expect(try JSONDecoder().decode(PublicKeyCredentialRequestOptionsJSON.self, from: Data(written)) == options)
        let common = try JSONDecoder().decode(CommonResponse.self, from: Data(written))
        #expect(common == .ok)
    }

    @Test func requestOptionsWithExtensionsAreLeftToJSONEncoder() {
        var extensions = AuthenticationExtensionsClientInputsJSON()
        extensions.appid = "https://example.com"
        let options = PublicKeyCredentialRequestOptionsJSON(challenge: "AAAA", extensions: extensions)
        #expect(RequestOptionsAnswer.json(options) == nil)
    }

    @Test func aUsernameWithQuotesAndNonASCIISignsInAndReadsBack() async throws {
        try await ServerHarness.run { server in
            for username in [#"o"brien\x"#, "zoë.中文.👍🏽", "a'b<c>&d"] {
                var authenticator = ServerHarness.authenticator()
                _ = try await server.register(username, with: &authenticator)
                let answer = try await server.signIn(with: &authenticator)
                #expect(answer.username == username)
                #expect(answer.status == "ok")
            }
        }
    }
}
#endif
