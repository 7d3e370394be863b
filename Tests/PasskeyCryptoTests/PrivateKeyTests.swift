import PasskeyCBOR
import PasskeyCrypto
import Testing

@Suite struct PrivateKeyTests {
    /// RSA key generation takes tens of milliseconds: generate one key for every RSA test.
    static let rsaKey: PrivateKey? = try? PrivateKey.generate(.rs256)

    private static func code(of body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    private static func key(for algorithm: COSEAlgorithm) throws -> PrivateKey {
        if algorithm.hashAlgorithm != nil, algorithm.name.hasPrefix("RS") || algorithm.name.hasPrefix("PS") {
            return try #require(rsaKey).with(algorithm: algorithm)
        }
        return try PrivateKey.generate(algorithm)
    }

    @Test(arguments: Array(COSEAlgorithm.allSupported).sorted { $0.rawValue < $1.rawValue })
    func aSignatureVerifiesWithTheCOSEKeyAfterARoundTripThroughItsEncoding(algorithm: COSEAlgorithm) throws {
        let key = try Self.key(for: algorithm)
        #expect(key.algorithm == algorithm)
        let message = Array("authenticatorData || clientDataHash".utf8)
        let signature = try key.sign(message)
        let decoded = try COSEKey(encoded: key.coseKey.encoded)
        #expect(decoded.algorithm == algorithm)
        #expect(decoded.publicKey == key.publicKey)
        #expect(decoded.isValidSignature(signature, for: message))
        #expect(!decoded.isValidSignature(signature, for: message + [0]))
        #expect(try key.publicKey.isValidSignature(signature, for: message, algorithm: algorithm))
    }

    @Test func rsaSignaturesDependOnThePaddingAndHash() throws {
        let key = try #require(Self.rsaKey)
        #expect(key.publicKey.rsaModulusBits == 2048)
        let message: [UInt8] = [1, 2, 3]
        let pkcs1 = try key.sign(message, algorithm: .rs256)
        let pss = try key.sign(message, algorithm: .ps256)
        #expect(try key.publicKey.isValidSignature(pkcs1, for: message, algorithm: .rs256))
        #expect(try !key.publicKey.isValidSignature(pkcs1, for: message, algorithm: .ps256))
        #expect(try !key.publicKey.isValidSignature(pkcs1, for: message, algorithm: .rs384))
        #expect(try key.publicKey.isValidSignature(pss, for: message, algorithm: .ps256))
        #expect(try !key.publicKey.isValidSignature(pss, for: message, algorithm: .rs256))
        #expect(try !key.publicKey.isValidSignature(pss, for: message, algorithm: .ps512))
    }

    @Test func rs1SignaturesVerifyOnlyThroughPublicKey() throws {
        let key = try #require(Self.rsaKey)
        let message: [UInt8] = [9, 9, 9]
        let signature = try key.sign(message, algorithm: .rs1)
        #expect(try key.publicKey.isValidSignature(signature, for: message, algorithm: .rs1))
        #expect(!key.coseKey.isValidSignature(signature, for: message))
        #expect(Self.code { _ = try key.with(algorithm: .rs1) } == .unsupportedAlgorithm)
        #expect(Self.code { _ = try PrivateKey.generate(.rs1) } == .unsupportedAlgorithm)
    }

    @Test(arguments: ["packed-es256", "packed-es384", "packed-es512"])
    func theW3CECPrivateScalarsGiveTheW3CCredentialKeys(name: String) throws {
        let vector = try #require(W3CAssertionVectors.named(name))
        let expected = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        let curve = try #require(expected.curve)
        let key = try PrivateKey(ecPrivateScalar: hexBytes(vector.credentialPrivateKey), curve: curve)
        #expect(key.coseKey.encoded == expected.encoded)
        let signature = try key.sign(vector.signedMessage)
        #expect(expected.isValidSignature(signature, for: vector.signedMessage))
    }

    @Test(arguments: ["packed-eddsa", "packed-ed448"])
    func theW3CEdDSASeedsReproduceTheW3CSignatures(name: String) throws {
        let vector = try #require(W3CAssertionVectors.named(name))
        let expected = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        let curve = try #require(expected.curve)
        let key = try PrivateKey(okpSeed: hexBytes(vector.credentialPrivateKey), curve: curve)
        #expect(key.coseKey.encoded == expected.encoded)
        // EdDSA is deterministic: the W3C assertion signature is reproduced exactly.
        #expect(try key.sign(vector.signedMessage) == hexBytes(vector.signature))
    }

    @Test func invalidPrivateKeysAreRejected() {
        #expect(
            Self.code { _ = try PrivateKey(ecPrivateScalar: [UInt8](repeating: 0, count: 32), curve: .p256) }
                == .invalidPrivateKey)
        #expect(
            Self.code { _ = try PrivateKey(ecPrivateScalar: [UInt8](repeating: 0xff, count: 32), curve: .p256) }
                == .invalidPrivateKey)
        #expect(
            Self.code { _ = try PrivateKey(ecPrivateScalar: [UInt8](repeating: 1, count: 33), curve: .p256) }
                == .invalidPrivateKey)
        #expect(Self.code { _ = try PrivateKey(ecPrivateScalar: [1], curve: .ed25519) } == .invalidPrivateKey)
        #expect(
            Self.code { _ = try PrivateKey(okpSeed: [UInt8](repeating: 1, count: 31), curve: .ed25519) }
                == .invalidPrivateKey)
        #expect(
            Self.code { _ = try PrivateKey(okpSeed: [UInt8](repeating: 1, count: 32), curve: .p256) }
                == .invalidPrivateKey)
    }

    @Test func aKeyCannotSignWithAnAlgorithmOfAnotherFamily() throws {
        let key = try PrivateKey.generate(.es256)
        #expect(Self.code { _ = try key.sign([1], algorithm: .es384) } == .unsupportedAlgorithm)
        #expect(Self.code { _ = try key.sign([1], algorithm: .rs256) } == .unsupportedAlgorithm)
        #expect(Self.code { _ = try key.with(algorithm: .edDSA) } == .unsupportedAlgorithm)
    }

    @Test func ed25519KeysAcceptBothEdDSAIdentifiers() throws {
        let key = try PrivateKey.generate(.ed25519)
        #expect(key.coseKey.algorithm == .ed25519)
        let message: [UInt8] = [0x42]
        let signature = try key.sign(message)
        #expect(try key.publicKey.isValidSignature(signature, for: message, algorithm: .edDSA))
        #expect(try key.with(algorithm: .edDSA).coseKey.isValidSignature(signature, for: message))
    }
}
