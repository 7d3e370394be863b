import PasskeyVerifier
import Testing

@Suite struct Base64URLTests {
    /// RFC 4648 §10 test vectors, in both encodings.
    static let rfc4648Vectors: [(text: String, url: String, standard: String)] = [
        ("", "", ""),
        ("f", "Zg", "Zg=="),
        ("fo", "Zm8", "Zm8="),
        ("foo", "Zm9v", "Zm9v"),
        ("foob", "Zm9vYg", "Zm9vYg=="),
        ("fooba", "Zm9vYmE", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ]

    @Test func encodesTheRFC4648VectorsInBothForms() {
        for vector in Self.rfc4648Vectors {
            #expect(Base64URL.encode(Array(vector.text.utf8)) == vector.url)
            #expect(Base64URL.encodeStandard(Array(vector.text.utf8)) == vector.standard)
        }
    }

    @Test func decodesTheRFC4648VectorsPaddedAndUnpadded() {
        for vector in Self.rfc4648Vectors {
            #expect(Base64URL.decode(vector.url) == Array(vector.text.utf8))
            #expect(Base64URL.decode(vector.standard) == Array(vector.text.utf8))
        }
    }

    @Test func encodesWithTheURLAlphabetAndTheStandardOneWithPadding() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0xFE]
        #expect(Base64URL.encode(bytes) == "-_-__g")
        #expect(Base64URL.encodeStandard(bytes) == "+/+//g==")
    }

    @Test func decodesBothAlphabets() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0xFE]
        #expect(Base64URL.decode("-_-__g") == bytes)
        #expect(Base64URL.decode("-_-__g==") == bytes)
        #expect(Base64URL.decode("+/+//g==") == bytes)
        #expect(Base64URL.decode("+/+//g") == bytes)
    }

    @Test func decodesTheW3CCredentialID() {
        let expected = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256CredentialID)
        #expect(Base64URL.decode("-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q") == expected)
        #expect(Base64URL.decode("+R85HbTJsv3g6nAYnLo/tj9Xm6YSKzOtlP8+wzAIS+Q=") == expected)
        #expect(Base64URL.encode(expected) == "-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q")
    }

    @Test func roundTripsEveryLengthAndByteValue() {
        var bytes: [UInt8] = []
        for length in 0..<300 {
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
            #expect(Base64URL.decode(Base64URL.encodeStandard(bytes)) == bytes)
            bytes.append(UInt8(truncatingIfNeeded: length &* 167 &+ 13))
        }
    }

    @Test(arguments: [
        "Zm9v YmFy", "Zm9v\nYmFy", " Zm9v", "Zm9v\t", "Zm9v\r\n",
        "Zm9v!", "Zm9v.", "Zm9v*", "Zm9vÿ", "Zm9v\u{0}", "Zm9vé",
    ])
    func rejectsCharactersOutsideBothAlphabets(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["-_+/", "ab-c+", "a_b/", "+_", "-/"])
    func rejectsMixedAlphabets(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: [
        "Z", "Zm9vY", "Zm9vYmFyZ", "Z===", "Zg=", "Zg===", "Zm8==", "Zm9v=", "Zm9v====",
        "=", "==", "====", "Zg==Zg==", "Z=g=", "=Zm9", "Zm=9", "Zm9vYg=",
    ])
    func rejectsBadLengthsAndPadding(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func acceptsNonZeroUnusedTrailingBits() {
        #expect(Base64URL.decode("Zh") == [0x66])
        #expect(Base64URL.decode("Zg") == [0x66])
    }

    @Test func decodesEveryByteValueOfAnyStringWithoutCrashing() {
        for byte in UInt8.min...UInt8.max {
            let text = String(decoding: [UInt8(ascii: "A"), UInt8(ascii: "A"), byte, UInt8(ascii: "A")], as: UTF8.self)
            let decoded = Base64URL.decode(text)
            #expect((decoded == nil) != text.utf8.allSatisfy { Self.isAlphabetCharacter($0) })
        }
    }

    private static func isAlphabetCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: "+"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
