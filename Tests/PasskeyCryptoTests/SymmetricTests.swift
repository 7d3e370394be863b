import PasskeyCrypto
import Testing

/// AES-256-GCM against the GCM specification's test cases (McGrew and Viega, the cases NIST SP 800-38D's
/// validation list reuses) and HMAC-SHA-256 against RFC 4231 §4.
@Suite struct SymmetricTests {
    static let zeroNonce = [UInt8](repeating: 0, count: 12)

    @Test func gcmCase13SealsNothingToItsTag() throws {
        let sealed = try AES256GCM.seal([], key: [UInt8](repeating: 0, count: 32), nonce: Self.zeroNonce)
        #expect(sealed == hexBytes("530f8afbc74536b9a963b4f1c4cb738b"))
    }

    @Test func gcmCase14SealsOneBlock() throws {
        let sealed = try AES256GCM.seal(
            [UInt8](repeating: 0, count: 16), key: [UInt8](repeating: 0, count: 32), nonce: Self.zeroNonce)
        #expect(sealed == hexBytes("cea7403d4d606b6e074ec5d3baf39d18" + "d0d1c8a799996bf0265b98b5d48ab919"))
    }

    static let case16Key = hexBytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    static let case16Nonce = hexBytes("cafebabefacedbaddecaf888")
    static let case16Plaintext = hexBytes(
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
    )
    static let case16AdditionalData = hexBytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
    static let case16Sealed = hexBytes(
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
            + "76fc6ece0f4e1768cddf8853bb2d551b")

    @Test func gcmCase16SealsAndOpensWithAdditionalData() throws {
        let sealed = try AES256GCM.seal(
            Self.case16Plaintext, key: Self.case16Key, nonce: Self.case16Nonce,
            additionalData: Self.case16AdditionalData)
        #expect(sealed == Self.case16Sealed)
        let opened = try AES256GCM.open(
            Self.case16Sealed, key: Self.case16Key, nonce: Self.case16Nonce, additionalData: Self.case16AdditionalData)
        #expect(opened == Self.case16Plaintext)
    }

    @Test func gcmRefusesEveryAlteredByteAndOtherAdditionalData() throws {
        for index in Self.case16Sealed.indices {
            var altered = Self.case16Sealed
            altered[index] ^= 0x01
            let opened = try AES256GCM.open(
                altered, key: Self.case16Key, nonce: Self.case16Nonce, additionalData: Self.case16AdditionalData)
            #expect(opened == nil, "byte \(index)")
        }
        #expect(
            try AES256GCM.open(Self.case16Sealed, key: Self.case16Key, nonce: Self.case16Nonce, additionalData: [])
                == nil)
        #expect(
            try AES256GCM.open(
                Array(Self.case16Sealed.dropLast()), key: Self.case16Key, nonce: Self.case16Nonce,
                additionalData: Self.case16AdditionalData) == nil)
        #expect(try AES256GCM.open([1, 2, 3], key: Self.case16Key, nonce: Self.case16Nonce) == nil)
    }

    @Test func gcmRefusesKeysAndNoncesOfOtherLengths() {
        #expect(throws: CryptoError.self) { try AES256GCM.seal([], key: [1], nonce: Self.zeroNonce) }
        #expect(throws: CryptoError.self) {
            try AES256GCM.seal([], key: [UInt8](repeating: 0, count: 32), nonce: [0])
        }
        #expect(throws: CryptoError.self) {
            try AES256GCM.open(Self.case16Sealed, key: [UInt8](repeating: 0, count: 16), nonce: Self.zeroNonce)
        }
    }

    @Test func hmacMatchesRFC4231Cases1And2() throws {
        #expect(
            try HMACSHA256.authenticationCode(of: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20))
                == hexBytes("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        #expect(
            try HMACSHA256.authenticationCode(of: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
                == hexBytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    @Test func hmacRefusesAnEmptyKey() {
        #expect(throws: CryptoError.self) { try HMACSHA256.authenticationCode(of: [1], key: []) }
    }
}
