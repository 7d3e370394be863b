import Foundation
import PasskeyCrypto
import Testing

/// `COSEKey`'s `Codable` form is one base64url string of the COSE_Key bytes; its encoding is pinned.
@Suite struct COSEKeyCodableTests {
    static let appleES256 = hexBytes(
        "a50102032620012158208a3d5b1b4c543a706bf6e4b00afedb3c930b690dd286934fe2911f779cc7761a225820f728e1"
            + "aa3b0ff66692192daa776b83ddf8e3340d2d9a0eabdfc324eb3e2f136c"
    )
    static let appleES256JSON =
        #"["pQECAyYgASFYIIo9WxtMVDpwa_bksAr-2zyTC2kN0oaTT-KRH3ecx3YaIlgg9yjhqjsP9maSGS2qd2uD3fjjNA0tmg6r38Mk6z4vE2w"]"#

    @Test func aKeyEncodesAsTheBase64URLOfItsCOSEBytes() throws {
        let key = try COSEKey(encoded: Self.appleES256)
        let json = try JSONEncoder().encode([key])
        #expect(String(decoding: json, as: UTF8.self) == Self.appleES256JSON)
    }

    @Test func theGoldenEncodingDecodesToTheSameKey() throws {
        let decoded = try JSONDecoder().decode([COSEKey].self, from: Data(Self.appleES256JSON.utf8))
        #expect(decoded.first?.encoded == Self.appleES256)
        #expect(decoded.first?.algorithm == .es256)
    }

    @Test(arguments: W3CAssertionVectors.all)
    func everyW3CKeyRoundTrips(vector: W3CAssertionVector) throws {
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        let decoded = try JSONDecoder().decode([COSEKey].self, from: JSONEncoder().encode([key]))
        #expect(decoded == [key])
        #expect(decoded.first?.encoded == key.encoded)
    }

    @Test(arguments: [
        #"["pQECAyYgASFYIIo9WxtMVDpwa/bksAr+2zyTC2kN0oaTT+KRH3ecx3YaIlgg9yjhqjsP9maSGS2qd2uD3fjjNA0tmg6r38Mk6z4vE2w"]"#,
        #"["oQE="]"#,
        #"["oQF"]"#,
        #"["o"]"#,
        #"["oQE "]"#,
        #"[42]"#,
    ])
    func aStringThatIsNotCanonicalBase64URLIsRejected(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([COSEKey].self, from: Data(json.utf8))
        }
    }

    @Test func bytesThatAreNotACOSEKeyAreRejectedWithTheParsersError() throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([COSEKey].self, from: Data(#"["oA"]"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect((context.underlyingError as? CryptoError)?.code == .invalidPublicKey)
    }
}
