import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A `CertificateChainVerifier` remembers intermediates it has validated up to an anchor; the shortened check must
/// give the verdict and error code a fresh verifier gives, at every instant.
@Suite struct VerifiedIntermediateCacheTests {
    /// The x5c of a recorded apple registration and its instant.
    private static func appleChain(_ name: String) throws -> (leaf: Certificate, intermediate: Certificate, at: Date) {
        let ceremony = try FixtureReplayTests.load(
            FixtureReplayTests.fixturesDirectory.appendingPathComponent("real-devices/\(name).registration.json")
        )
        guard case .registration(let json) = ceremony.response, let at = ceremony.at else {
            throw CryptoError(.invalidCertificate, "not a registration with an instant")
        }
        let object = try AttestationObject(bytes: try RegistrationResponse(json).attestationObject)
        let chain = try #require(object.attestationStatement[textKey: "x5c"]?.arrayValue).compactMap(\.byteStringValue)
        return (
            try Certificate(derEncoded: chain[0]), try Certificate(derEncoded: chain[1]),
            try Date(at, strategy: .iso8601)
        )
    }

    private static func code(_ body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    private static let root = try? Certificate.certificates(fromPEM: AppleWebAuthnRootCA.pem)

    @Test func aValidatedIntermediateIsRememberedAndGivesTheSameVerdicts() throws {
        let root = try #require(Self.root)
        let ios = try Self.appleChain("AppleAttestationIos")
        let macos = try Self.appleChain("AppleAttestationMacos")
        let cached = CertificateChainVerifier(trustAnchors: root)
        try cached.verify(leaf: ios.leaf, intermediates: [ios.intermediate], at: ios.at)
        #expect(cached.verifiedIntermediateCount == 1)

        let instants = [
            ios.at, macos.at, Date(timeIntervalSince1970: 0), ios.intermediate.notValidBefore.addingTimeInterval(-1),
            ios.leaf.notValidAfter.addingTimeInterval(1), Date(timeIntervalSince1970: 1_795_305_600),
            ios.intermediate.notValidAfter.addingTimeInterval(1),
        ]
        let w3cLeafBytes = try Self.packedLeaf()
        let w3cLeaf = try Certificate(derEncoded: try #require(w3cLeafBytes))
        for instant in instants {
            for (leaf, intermediate) in [
                (ios.leaf, ios.intermediate), (macos.leaf, macos.intermediate),
                (w3cLeaf, ios.intermediate), (ios.intermediate, ios.intermediate),
            ] {
                let fresh = CertificateChainVerifier(trustAnchors: root)
                let expected = Self.code { try fresh.verify(leaf: leaf, intermediates: [intermediate], at: instant) }
                let actual = Self.code { try cached.verify(leaf: leaf, intermediates: [intermediate], at: instant) }
                #expect(actual == expected, "\(leaf.subject) at \(instant)")
            }
        }
        #expect(cached.verifiedIntermediateCount == 1)
    }

    @Test func aChainThatFailsIsNotRemembered() throws {
        let root = try #require(Self.root)
        let ios = try Self.appleChain("AppleAttestationIos")
        let verifier = CertificateChainVerifier(trustAnchors: root)
        #expect(throws: CryptoError(.certificateExpiredOrNotYetValid, "")) {
            try verifier.verify(leaf: ios.leaf, intermediates: [ios.intermediate], at: Date(timeIntervalSince1970: 0))
        }
        #expect(verifier.verifiedIntermediateCount == 0)
    }

    /// The leaf of the W3C packed-es256 vector, from its attestation object.
    private static func packedLeaf() throws -> [UInt8]? {
        let ceremony = try FixtureReplayTests.load(
            FixtureReplayTests.fixturesDirectory.appendingPathComponent("w3c/packed-es256.registration.json")
        )
        guard case .registration(let json) = ceremony.response else { return nil }
        let object = try AttestationObject(bytes: try RegistrationResponse(json).attestationObject)
        return object.attestationStatement[textKey: "x5c"]?.arrayValue?.first?.byteStringValue
    }
}
