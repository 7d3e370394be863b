import PasskeyCBOR
import PasskeyCrypto
import Testing

/// ML-DSA credential keys as COSE_Key (draft-ietf-cose-dilithium: kty AKP 7, `pub` -1, alg -48/-49/-50) and as
/// SubjectPublicKeyInfo (RFC 9881): exact lengths, `alg` consistent with `kty`, private members refused.
@Suite struct MLDSACOSEKeyTests {
    static let invalidPublicKey = CryptoError(.invalidPublicKey, "")
    static let unsupportedAlgorithm = CryptoError(.unsupportedAlgorithm, "")

    static func akpKey(algorithm: Int64, publicKey: CBORValue?, extra: [(Int64, CBORValue)] = []) -> [UInt8] {
        var pairs: [(Int64, CBORValue)] = [(1, CBORValue(integer: 7)), (3, CBORValue(integer: algorithm))]
        if let publicKey {
            pairs.append((-1, publicKey))
        }
        return CBOREncoder.encode(coseMap(pairs + extra))
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func anAKPKeyOfTheRightLengthParsesAndVerifies(parameterSet: MLDSAParameterSet) throws {
        let privateKey = try MLDSAPrivateKey.generate(parameterSet)
        let encoded = Self.akpKey(
            algorithm: parameterSet.algorithm.rawValue, publicKey: .byteString(privateKey.publicKey.encoded))
        let key = try COSEKey(encoded: encoded)
        #expect(key.keyType == .algorithmKeyPair)
        #expect(key.algorithm == parameterSet.algorithm)
        #expect(key.algorithmKeyPairPublicKey == privateKey.publicKey.encoded)
        #expect(key.curve == nil && key.xCoordinate == nil && key.modulus == nil)
        #expect(key.publicKey.moduleLatticeKey?.parameterSet == parameterSet)
        let message = Array("authenticatorData || clientDataHash".utf8)
        let signature = try privateKey.signature(for: message)
        #expect(key.isValidSignature(signature, for: message))
        #expect(!key.isValidSignature(signature, for: message + [0]))
        #expect(!key.isValidSignature(Array(signature.dropLast()), for: message))
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func aPublicKeyOfAnotherParameterSetsLengthIsRefused(parameterSet: MLDSAParameterSet) {
        for other in MLDSAParameterSet.allCases where other != parameterSet {
            let encoded = Self.akpKey(
                algorithm: parameterSet.algorithm.rawValue,
                publicKey: .byteString([UInt8](repeating: 3, count: other.publicKeyLength)))
            #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: encoded) }
        }
        for length in [0, 1, parameterSet.publicKeyLength - 1, parameterSet.publicKeyLength + 1] {
            let encoded = Self.akpKey(
                algorithm: parameterSet.algorithm.rawValue, publicKey: .byteString([UInt8](repeating: 3, count: length))
            )
            #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: encoded) }
        }
    }

    @Test func aMissingOrMistypedPublicKeyIsRefused() {
        #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: Self.akpKey(algorithm: -48, publicKey: nil)) }
        #expect(throws: Self.invalidPublicKey) {
            try COSEKey(encoded: Self.akpKey(algorithm: -48, publicKey: .textString("not bytes")))
        }
    }

    @Test func thePrivateKeyMemberIsRefused() {
        let encoded = Self.akpKey(
            algorithm: -48, publicKey: .byteString([UInt8](repeating: 3, count: 1312)),
            extra: [(-2, .byteString([UInt8](repeating: 1, count: 32)))])
        #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: encoded) }
    }

    @Test func keyTypeAndAlgorithmMustAgree() {
        let publicKey = CBORValue.byteString([UInt8](repeating: 3, count: 1312))
        // AKP with ES256, and EC2 / OKP with ML-DSA-44.
        #expect(throws: Self.invalidPublicKey) {
            try COSEKey(encoded: Self.akpKey(algorithm: -7, publicKey: publicKey))
        }
        for keyType: Int64 in [1, 2, 3] {
            let encoded = CBOREncoder.encode(
                coseMap([(1, CBORValue(integer: keyType)), (3, CBORValue(integer: -48)), (-1, publicKey)]))
            #expect(throws: Self.invalidPublicKey, "kty \(keyType)") { try COSEKey(encoded: encoded) }
        }
    }

    @Test func theAlgorithmIsRequiredAndMustBeKnown() {
        let publicKey = CBORValue.byteString([UInt8](repeating: 3, count: 1312))
        let withoutAlgorithm = CBOREncoder.encode(coseMap([(1, CBORValue(integer: 7)), (-1, publicKey)]))
        #expect(throws: Self.invalidPublicKey) { try COSEKey(encoded: withoutAlgorithm) }
        #expect(throws: Self.unsupportedAlgorithm) {
            try COSEKey(encoded: Self.akpKey(algorithm: -51, publicKey: publicKey))
        }
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func theSubjectPublicKeyInfoIsTheOnePythonCryptographyWrites(parameterSet: MLDSAParameterSet) throws {
        let vectors = try MLDSAVector.load(parameterSet).filter { $0.subjectPublicKeyInfo != nil }
        #expect(!vectors.isEmpty)
        for vector in vectors {
            let der = hexBytes(vector.subjectPublicKeyInfo ?? "")
            let raw = hexBytes(vector.publicKey)
            let key = PublicKey(moduleLatticeKey: try MLDSAPublicKey(encoded: raw, parameterSet: parameterSet))
            #expect(key.subjectPublicKeyInfo == der)
            let parsed = try PublicKey(subjectPublicKeyInfo: der)
            #expect(parsed.moduleLatticeKey?.encoded == raw)
            #expect(parsed == key)
            #expect(throws: Self.invalidPublicKey) { try PublicKey(subjectPublicKeyInfo: der + [0]) }
            #expect(throws: Self.invalidPublicKey) { try PublicKey(subjectPublicKeyInfo: Array(der.dropLast())) }
        }
    }

    @Test func anMLDSAKeyRefusesEveryOtherAlgorithm() throws {
        let key = PublicKey(moduleLatticeKey: try MLDSAPrivateKey.generate(.mlDSA65).publicKey)
        for algorithm in COSEAlgorithm.allSupported where algorithm != .mlDSA65 {
            #expect(throws: Self.unsupportedAlgorithm, "\(algorithm)") {
                try key.isValidSignature([], for: [], algorithm: algorithm)
            }
        }
    }
}
