import PasskeyCBOR
import PasskeyCrypto
import Testing

/// Every single-bit flip and every truncation of valid inputs must either parse or throw the module's own
/// errors: never crash, never throw something else.
@Suite struct MutationTests {
    private static func mutations(of bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for index in bytes.indices {
            for bit in [0, 3, 7] {
                var copy = bytes
                copy[index] ^= UInt8(1 << bit)
                result.append(copy)
            }
            result.append(Array(bytes.prefix(index)))
        }
        return result
    }

    @Test func mutatedCertificatesParseOrThrowInvalidCertificate() {
        var rejected = 0
        for candidate in Self.mutations(of: TestCertificates.packedLeaf) {
            do {
                _ = try Certificate(derEncoded: candidate)
            } catch {
                #expect((error as? CryptoError)?.code == .invalidCertificate)
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    @Test(arguments: ["packed-es256", "packed-eddsa", "packed-ed448", "packed-rs256"])
    func mutatedCOSEKeysParseOrThrowTheirErrors(name: String) throws {
        let vector = try #require(W3CAssertionVectors.named(name))
        var rejected = 0
        for candidate in Self.mutations(of: hexBytes(vector.credentialPublicKey)) {
            do {
                let key = try COSEKey(encoded: candidate)
                _ = key.isValidSignature(hexBytes(vector.signature), for: vector.signedMessage)
            } catch let error as CryptoError {
                #expect(error.code == .invalidPublicKey || error.code == .unsupportedAlgorithm)
                rejected += 1
            } catch {
                #expect(error is CBORError)
                rejected += 1
            }
        }
        #expect(rejected > 0)
    }

    @Test func mutatedSignaturesNeverVerify() throws {
        for vector in W3CAssertionVectors.all {
            let key = try COSEKey(encoded: hexBytes(vector.credentialPublicKey))
            let message = vector.signedMessage
            for candidate in Self.mutations(of: hexBytes(vector.signature)).prefix(120) {
                #expect(!key.isValidSignature(candidate, for: message))
            }
        }
    }
}
