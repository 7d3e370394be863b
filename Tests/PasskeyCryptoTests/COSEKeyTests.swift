import PasskeyCBOR
import PasskeyCrypto
import Testing

@Suite struct COSEKeyTests {
    @Test(arguments: W3CAssertionVectors.all)
    func everyW3CAssertionVerifiesWithItsCredentialPublicKey(vector: W3CAssertionVector) throws {
        let bytes = hexBytes(vector.credentialPublicKey)
        let key = try COSEKey(encoded: bytes)
        #expect(key.encoded == bytes)
        #expect(key.algorithm.rawValue == vector.algorithm)
        #expect(key.isValidSignature(hexBytes(vector.signature), for: vector.signedMessage))
    }

    @Test(arguments: W3CAssertionVectors.all)
    func aTamperedSignatureOrMessageDoesNotVerify(vector: W3CAssertionVector) throws {
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        var signature = hexBytes(vector.signature)
        signature[signature.count - 1] ^= 0x01
        #expect(!key.isValidSignature(signature, for: vector.signedMessage))
        var message = vector.signedMessage
        message[0] ^= 0x80
        #expect(!key.isValidSignature(hexBytes(vector.signature), for: message))
        #expect(!key.isValidSignature([], for: vector.signedMessage))
    }

    @Test(arguments: W3CAssertionVectors.all)
    func buildingFromDecodedCBORReencodesCanonically(vector: W3CAssertionVector) throws {
        let bytes = hexBytes(vector.credentialPublicKey)
        let key = try COSEKey(cbor: CBORDecoder().decode(bytes))
        #expect(key.encoded == bytes)
        #expect(key == (try COSEKey(encoded: bytes)))
    }

    @Test func theES256KeyExposesItsComponents() throws {
        let vector = try #require(W3CAssertionVectors.named("packed-es256"))
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        #expect(key.keyType == .ec2)
        #expect(key.algorithm == .es256)
        #expect(key.curve == .p256)
        #expect(key.xCoordinate?.count == 32)
        #expect(key.yCoordinate?.count == 32)
        #expect(key.modulus == nil)
        #expect(key.publicKey.ellipticCurve == .p256)
        #expect(key.publicKey.subjectPublicKeyInfo.count == 91)
        let spki = key.publicKey.subjectPublicKeyInfo
        #expect(Array(spki.suffix(64)) == (key.xCoordinate ?? []) + (key.yCoordinate ?? []))
    }

    @Test func theRS256KeyHasA3482BitModulus() throws {
        let vector = try #require(W3CAssertionVectors.named("packed-rs256"))
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        #expect(key.keyType == .rsa)
        #expect(key.publicKey.rsaModulusBits == 3482)
        #expect(key.exponent == [0x01, 0x00, 0x01])
        #expect(key.curve == nil)
    }

    @Test func theEdDSAAndEd448KeysHaveTheirCurves() throws {
        let edDSA = try COSEKey(
            encoded: hexBytes(try #require(W3CAssertionVectors.named("packed-eddsa")).credentialPublicKey))
        #expect(edDSA.keyType == .okp)
        #expect(edDSA.curve == .ed25519)
        #expect(edDSA.xCoordinate?.count == 32)
        let ed448 = try COSEKey(
            encoded: hexBytes(try #require(W3CAssertionVectors.named("packed-ed448")).credentialPublicKey))
        #expect(ed448.algorithm == .ed448)
        #expect(ed448.curve == .ed448)
        #expect(ed448.xCoordinate?.count == 57)
    }

    @Test func aParsedKeyCanBeRebuiltFromItsSubjectPublicKeyInfo() throws {
        for vector in W3CAssertionVectors.all {
            let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
            let rebuilt = try PublicKey(subjectPublicKeyInfo: key.publicKey.subjectPublicKeyInfo)
            #expect(rebuilt == key.publicKey)
            #expect(
                try rebuilt.isValidSignature(
                    hexBytes(vector.signature), for: vector.signedMessage, algorithm: key.algorithm))
        }
    }

    // MARK: - Rejections

    private static func es256Parts() throws -> (x: [UInt8], y: [UInt8]) {
        let vector = try #require(W3CAssertionVectors.named("packed-es256"))
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        return (try #require(key.xCoordinate), try #require(key.yCoordinate))
    }

    private static func ec2Key(kty: Int64 = 2, alg: Int64 = -7, crv: Int64 = 1, x: [UInt8], y: CBORValue) -> CBORValue {
        coseMap([
            (1, CBORValue(integer: kty)), (3, CBORValue(integer: alg)), (-1, CBORValue(integer: crv)),
            (-2, .byteString(x)), (-3, y),
        ])
    }

    private static func code(of body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    @Test func aWrongCurveForTheAlgorithmIsRejected() throws {
        let (x, y) = try Self.es256Parts()
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(crv: 2, x: x, y: .byteString(y))) } == .invalidPublicKey)
        #expect(
            Self.code { _ = try COSEKey(cbor: Self.ec2Key(alg: -35, x: x, y: .byteString(y))) } == .invalidPublicKey)
    }

    @Test func aShortOrLongCoordinateIsRejected() throws {
        let (x, y) = try Self.es256Parts()
        #expect(
            Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: Array(x.dropFirst()), y: .byteString(y))) }
                == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: x, y: .byteString([0] + y))) } == .invalidPublicKey)
    }

    @Test func aPointNotOnTheCurveIsRejected() throws {
        var (x, y) = try Self.es256Parts()
        y[31] ^= 0x01
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: x, y: .byteString(y))) } == .invalidPublicKey)
        x = [UInt8](repeating: 0, count: 32)
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: x, y: .byteString(x))) } == .invalidPublicKey)
    }

    @Test func aCompressedPointIsRejected() throws {
        let (x, _) = try Self.es256Parts()
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: x, y: .boolean(true))) } == .invalidPublicKey)
    }

    @Test func aPrivateScalarIsRejected() throws {
        let (x, y) = try Self.es256Parts()
        let key = coseMap([
            (1, CBORValue(integer: 2)), (3, CBORValue(integer: -7)), (-1, CBORValue(integer: 1)),
            (-2, .byteString(x)), (-3, .byteString(y)), (-4, .byteString(x)),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: key) } == .invalidPublicKey)
    }

    @Test func anUnknownAlgorithmOrRS1IsUnsupported() throws {
        let (x, y) = try Self.es256Parts()
        #expect(
            Self.code { _ = try COSEKey(cbor: Self.ec2Key(alg: -47, x: x, y: .byteString(y))) } == .unsupportedAlgorithm
        )
        #expect(
            Self.code { _ = try COSEKey(cbor: Self.ec2Key(alg: 12345, x: x, y: .byteString(y))) }
                == .unsupportedAlgorithm)
        let rsa = try COSEKey(
            encoded: hexBytes(try #require(W3CAssertionVectors.named("packed-rs256")).credentialPublicKey))
        let rs1 = coseMap([
            (1, CBORValue(integer: 3)), (3, CBORValue(integer: -65535)),
            (-1, .byteString(rsa.modulus ?? [])), (-2, .byteString(rsa.exponent ?? [])),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: rs1) } == .unsupportedAlgorithm)
    }

    @Test func aKeyTypeThatDoesNotMatchTheAlgorithmIsRejected() throws {
        let (x, y) = try Self.es256Parts()
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(kty: 1, x: x, y: .byteString(y))) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(kty: 3, x: x, y: .byteString(y))) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(kty: 7, x: x, y: .byteString(y))) } == .invalidPublicKey)
        let edDSAWithP256 = coseMap([
            (1, CBORValue(integer: 1)), (3, CBORValue(integer: -8)),
            (-1, CBORValue(integer: 1)), (-2, .byteString(x)),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: edDSAWithP256) } == .invalidPublicKey)
        let ed448WithEd25519 = coseMap([
            (1, CBORValue(integer: 1)), (3, CBORValue(integer: -53)),
            (-1, CBORValue(integer: 6)), (-2, .byteString(x)),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: ed448WithEd25519) } == .invalidPublicKey)
    }

    @Test func missingOrMistypedMembersAreRejected() throws {
        let (x, y) = try Self.es256Parts()
        let noAlgorithm = coseMap([
            (1, CBORValue(integer: 2)), (-1, CBORValue(integer: 1)),
            (-2, .byteString(x)), (-3, .byteString(y)),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: noAlgorithm) } == .invalidPublicKey)
        let noY = coseMap([
            (1, CBORValue(integer: 2)), (3, CBORValue(integer: -7)), (-1, CBORValue(integer: 1)),
            (-2, .byteString(x)),
        ])
        #expect(Self.code { _ = try COSEKey(cbor: noY) } == .invalidPublicKey)
        let textLabel = CBORValue.map(
            CBORMap(entries: [
                .init(key: .textString("kty"), value: CBORValue(integer: 2))
            ]))
        #expect(Self.code { _ = try COSEKey(cbor: textLabel) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: .array([])) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: Self.ec2Key(x: x, y: .textString("y"))) } == .invalidPublicKey)
    }

    @Test func anExtraKeyIDLabelIsTolerated() throws {
        let (x, y) = try Self.es256Parts()
        let key = coseMap([
            (1, CBORValue(integer: 2)), (2, .byteString([1, 2])), (3, CBORValue(integer: -7)),
            (-1, CBORValue(integer: 1)), (-2, .byteString(x)), (-3, .byteString(y)),
        ])
        #expect(try COSEKey(cbor: key).algorithm == .es256)
    }

    @Test func aWeakOrMalformedRSAKeyIsRejected() throws {
        let rsa = try COSEKey(
            encoded: hexBytes(try #require(W3CAssertionVectors.named("packed-rs256")).credentialPublicKey))
        let n = try #require(rsa.modulus)
        func rsaKey(_ n: [UInt8], _ e: [UInt8], extra: [(Int64, CBORValue)] = []) -> CBORValue {
            coseMap(
                [
                    (1, CBORValue(integer: 3)), (3, CBORValue(integer: -257)), (-1, .byteString(n)),
                    (-2, .byteString(e)),
                ] + extra)
        }
        let modulus1024 = [UInt8](repeating: 0xC5, count: 128)
        #expect(Self.code { _ = try COSEKey(cbor: rsaKey(modulus1024, [1, 0, 1])) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: rsaKey([0] + n, [1, 0, 1])) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: rsaKey(n, [1, 0, 0])) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: rsaKey(n, [1])) } == .invalidPublicKey)
        #expect(Self.code { _ = try COSEKey(cbor: rsaKey(n, [])) } == .invalidPublicKey)
        #expect(
            Self.code { _ = try COSEKey(cbor: rsaKey(n, [1, 0, 1], extra: [(-3, .byteString(n))])) }
                == .invalidPublicKey)
        #expect(
            Self.code { _ = try COSEKey(cbor: rsaKey(n, [1, 0, 1], extra: [(-12, .byteString(n))])) }
                == .invalidPublicKey)
        #expect(try COSEKey(cbor: rsaKey(n, [1, 0, 1])).publicKey.rsaModulusBits == 3482)
    }

    @Test func malformedCBORIsRethrownAsCBORError() {
        #expect(throws: CBORError(.lengthExceedsInput, reason: "", offset: 0)) { try COSEKey(encoded: [0xa1, 0x01]) }
        #expect(throws: CBORError(.truncated, reason: "", offset: 0)) { try COSEKey(encoded: []) }
    }

    @Test func anAlgorithmThatDoesNotFitTheKeyThrowsUnsupportedAlgorithm() throws {
        let vector = try #require(W3CAssertionVectors.named("packed-es256"))
        let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
        let message = vector.signedMessage
        let signature = hexBytes(vector.signature)
        for algorithm in [COSEAlgorithm.es384, .edDSA, .rs256, .ps256, .rs1, COSEAlgorithm(rawValue: 7)] {
            #expect(
                Self.code { _ = try key.publicKey.isValidSignature(signature, for: message, algorithm: algorithm) }
                    == .unsupportedAlgorithm)
        }
    }
}
