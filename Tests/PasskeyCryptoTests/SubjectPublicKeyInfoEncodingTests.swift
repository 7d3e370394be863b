import PasskeyCBOR
import PasskeyCrypto
import Testing

/// The SubjectPublicKeyInfo cached in a `PublicKey` is written directly (COSE keys) or taken from the certificate
/// (certificates) instead of calling `i2d_PUBKEY`; key equality depends on it being byte-identical to libcrypto's.
@Suite struct SubjectPublicKeyInfoEncodingTests {
    @Test(
        arguments: Array(COSEAlgorithm.allSupported).filter { MLDSAParameterSet(algorithm: $0) == nil }
            .sorted { $0.rawValue < $1.rawValue })
    func aCOSEKeyEncodesItsKeyAsLibCryptoDoes(algorithm: COSEAlgorithm) throws {
        let privateKey: PrivateKey
        if algorithm.name.hasPrefix("RS") || algorithm.name.hasPrefix("PS") {
            privateKey = try #require(PrivateKeyTests.rsaKey).with(algorithm: algorithm)
        } else {
            privateKey = try PrivateKey.generate(algorithm)
        }
        let coseKey = try COSEKey(encoded: privateKey.coseKey.encoded)
        #expect(
            coseKey.publicKey.subjectPublicKeyInfo == (try coseKey.publicKey.subjectPublicKeyInfoEncodedByLibCrypto()))
        #expect(coseKey.publicKey == privateKey.publicKey)
    }

    @Test func anRSAKeyWithTheHighBitSetInItsExponentAndA3072BitModulusEncodesAsLibCryptoDoes() throws {
        // n: 3072 bits, high bit set (a leading zero byte must be added); e: 0x80000001 (high bit set too).
        let modulus = [UInt8(0xC5)] + [UInt8](repeating: 0x5A, count: 382) + [0x01]
        let key = try COSEKey(
            cbor: .map(
                CBORMap(entries: [
                    .init(key: .init(integer: 1), value: .init(integer: 3)),
                    .init(key: .init(integer: 3), value: .init(integer: -257)),
                    .init(key: .init(integer: -1), value: .byteString(modulus)),
                    .init(key: .init(integer: -2), value: .byteString([0x80, 0x00, 0x00, 0x01])),
                ])
            )
        )
        #expect(key.publicKey.subjectPublicKeyInfo == (try key.publicKey.subjectPublicKeyInfoEncodedByLibCrypto()))
    }

    @Test func certificatesCacheTheKeyAsLibCryptoEncodesIt() throws {
        var certificates = try Certificate.certificates(fromPEM: TestCertificates.w3cRootPEM)
        certificates += try Certificate.certificates(fromPEM: TestCertificates.appleRootPEM)
        for der in [TestCertificates.packedLeaf, TestCertificates.tpmLeaf, TestCertificates.appleLeaf] {
            certificates.append(try Certificate(derEncoded: der))
        }
        for certificate in certificates {
            #expect(
                certificate.publicKey.subjectPublicKeyInfo
                    == (try certificate.publicKey.subjectPublicKeyInfoEncodedByLibCrypto()),
                "\(certificate.subject)"
            )
        }
    }
}
