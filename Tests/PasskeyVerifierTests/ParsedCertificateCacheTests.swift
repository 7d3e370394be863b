import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Certificates are parsed once per process (a bounded cache keyed by their exact DER); nothing about trust
/// is cached, so a changed byte in a certificate whose original was seen before still fails.
@Suite struct ParsedCertificateCacheTests {
    @Test func aCachedParseIsTheParseOfTheSameBytes() throws {
        let der = try RegistrationCeremony.packedES256().x5c()[0]
        let first = try Certificate.parsed(derEncoded: der)
        let second = try Certificate.parsed(derEncoded: der)
        #expect(first == second)
        #expect(first.derEncoded == der)
        #expect(Certificate.cachedParseCount >= 1)
        #expect(try Certificate(derEncoded: der) == first)
    }

    @Test func everyChangedByteOfACachedLeafStillFails() throws {
        let ceremony = try RegistrationCeremony.packedES256()
        #expect(try ceremony.verify().attestationTrust == .trusted)
        let leaf = try ceremony.x5c()[0]
        var outcomes = MutationOutcomes()
        for index in stride(from: 0, to: leaf.count, by: 3) {
            var changed = leaf
            changed[index] ^= 0x01
            let mutated = try RegistrationCeremony.packedES256 { signature, _ in
                [
                    ("alg", CBORValue(integer: -7)), ("sig", .byteString(signature)),
                    ("x5c", .array([.byteString(changed)])),
                ]
            }
            outcomes.record("x5c[0][\(index)]") { _ = try mutated.verify() }
        }
        #expect(
            outcomes.problems(rejectedWith: [
                .invalidAttestationStatement, .untrustedAttestation, .invalidSignature,
            ]) == [])
        #expect(try ceremony.verify().attestationTrust == .trusted)
    }
}
