import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// A registration whose credential key is an Ed25519 or Ed448 point of small order fails with
/// `invalidPublicKey`, and so does a stored record rebuilt from such key bytes.
@Suite struct SmallOrderKeyRegistrationTests {
    static func authenticatorData(credentialKey: [UInt8]) -> [UInt8] {
        HashAlgorithm.sha256.hash(Array("example.com".utf8)) + [0x41, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
            + [0x00, 0x04, 1, 2, 3, 4] + credentialKey
    }

    static func okpKey(_ x: [UInt8], curve: UInt64, algorithm: Int64) -> [UInt8] {
        CBOREncoder.encode(
            .map(
                CBORMap(entries: [
                    CBORMap.Entry(key: CBORValue(integer: 1), value: CBORValue(integer: 1)),
                    CBORMap.Entry(key: CBORValue(integer: 3), value: CBORValue(integer: algorithm)),
                    CBORMap.Entry(key: CBORValue(integer: -1), value: .unsignedInteger(curve)),
                    CBORMap.Entry(key: CBORValue(integer: -2), value: .byteString(x)),
                ])
            )
        )
    }

    @Test(arguments: [
        (UInt64(6), Int64(-8), [0x01] + [UInt8](repeating: 0, count: 31)),
        (UInt64(6), Int64(-8), [UInt8](repeating: 0, count: 32)),
        (UInt64(7), Int64(-53), [0x01] + [UInt8](repeating: 0, count: 56)),
        (UInt64(7), Int64(-53), [UInt8](repeating: 0, count: 56) + [0x80]),
    ])
    func aSmallOrderCredentialKeyIsInvalidPublicKey(curve: UInt64, algorithm: Int64, x: [UInt8]) {
        let key = Self.okpKey(x, curve: curve, algorithm: algorithm)
        #expect(throws: WebAuthnError(.invalidPublicKey, "")) {
            try AuthenticatorData(bytes: Self.authenticatorData(credentialKey: key))
        }
        #expect(throws: CryptoError(.invalidPublicKey, "")) { try COSEKey(encoded: key) }
    }
}
