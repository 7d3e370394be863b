import PasskeyCBOR
import PasskeyCrypto
import Testing

/// Pure ML-DSA verification in Swift (FIPS 204 Algorithms 3 and 8) against vectors whose verdicts come from
/// Python `cryptography` 50: every valid signature verifies, every rejection class is reported as itself.
@Suite struct MLDSAVerificationTests {
    @Test func everyParameterSetHasItsVectors() throws {
        for parameterSet in MLDSAParameterSet.allCases {
            let vectors = try MLDSAVector.load(parameterSet)
            #expect(vectors.count >= 20, "\(parameterSet)")
            for rejection in [
                "wrongLength", "contextTooLong", "hintCountOutOfRange", "hintPositionsNotIncreasing",
                "hintPaddingNotZero", "responseOutOfRange", "commitmentHashMismatch", "valid",
            ] {
                #expect(vectors.contains { $0.expected == rejection }, "\(parameterSet) has no \(rejection) vector")
            }
        }
    }

    @Test(arguments: zip(MLDSAVector.all.map { $0.0 }, MLDSAVector.all.map { $0.1 }))
    func verdictMatchesTheVector(parameterSet: MLDSAParameterSet, vector: MLDSAVector) throws {
        let key = try MLDSAPublicKey(encoded: hexBytes(vector.publicKey), parameterSet: parameterSet)
        let signature = hexBytes(vector.signature)
        let message = hexBytes(vector.message)
        let context = hexBytes(vector.context)
        let rejection = try key.rejection(of: signature, for: message, context: context)
        #expect(rejection.map { "\($0)" } ?? "valid" == vector.expected)
        #expect(key.isValidSignature(signature, for: message, context: context) == (vector.expected == "valid"))
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func keyGenerationFromTheSeedGivesTheVectorsKey(parameterSet: MLDSAParameterSet) throws {
        let seeded = try MLDSAVector.load(parameterSet).filter { $0.seed != nil }
        #expect(seeded.count >= 8)
        for vector in seeded {
            let key = try MLDSAPrivateKey(seed: hexBytes(vector.seed ?? ""), parameterSet: parameterSet)
            #expect(key.publicKey.encoded == hexBytes(vector.publicKey), "\(vector.name)")
        }
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func deterministicSigningReproducesTheKnownAnswers(parameterSet: MLDSAParameterSet) throws {
        let known = try MLDSAVector.load(parameterSet).filter { $0.deterministic == true }
        #expect(known.count == 3)
        for vector in known {
            let key = try MLDSAPrivateKey(seed: hexBytes(vector.seed ?? ""), parameterSet: parameterSet)
            let signature = try key.signature(
                for: hexBytes(vector.message), context: hexBytes(vector.context),
                randomness: [UInt8](repeating: 0, count: 32))
            #expect(signature == hexBytes(vector.signature), "\(vector.name)")
        }
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func hedgedSignaturesVerifyAndBindMessageAndContext(parameterSet: MLDSAParameterSet) throws {
        let key = try MLDSAPrivateKey.generate(parameterSet)
        for length in [0, 1, 69, 1000] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let signature = try key.signature(for: message)
            #expect(signature.count == parameterSet.signatureLength)
            #expect(try key.publicKey.rejection(of: signature, for: message) == nil)
            #expect(try key.publicKey.rejection(of: signature, for: message + [1]) == .commitmentHashMismatch)
            #expect(try key.publicKey.rejection(of: signature, for: message, context: [0]) == .commitmentHashMismatch)
        }
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func publicKeysOfAnyOtherLengthAreRefused(parameterSet: MLDSAParameterSet) throws {
        for length in [0, 32, parameterSet.publicKeyLength - 1, parameterSet.publicKeyLength + 1, 1312, 1952, 2592]
        where length != parameterSet.publicKeyLength {
            #expect(throws: CryptoError(.invalidPublicKey, "")) {
                try MLDSAPublicKey(encoded: [UInt8](repeating: 1, count: length), parameterSet: parameterSet)
            }
        }
    }

    @Test func sizesAreThoseOfFIPS204Table2() {
        #expect(MLDSAParameterSet.mlDSA44.publicKeyLength == 1312)
        #expect(MLDSAParameterSet.mlDSA65.publicKeyLength == 1952)
        #expect(MLDSAParameterSet.mlDSA87.publicKeyLength == 2592)
        #expect(MLDSAParameterSet.mlDSA44.signatureLength == 2420)
        #expect(MLDSAParameterSet.mlDSA65.signatureLength == 3309)
        #expect(MLDSAParameterSet.mlDSA87.signatureLength == 4627)
    }

    @Test func seedsOtherThan32BytesAreRefused() {
        for length in [0, 31, 33, 64] {
            #expect(throws: CryptoError(.invalidPrivateKey, "")) {
                try MLDSAPrivateKey(seed: [UInt8](repeating: 0, count: length), parameterSet: .mlDSA44)
            }
        }
    }
}
