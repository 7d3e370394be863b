import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// An `x5c` that carries its root (Docs/Decisions.md "Roots in x5c"): refused by `packed` (WebAuthn Level 3 §8.2) and
/// `tpm` (§8.3) with `invalidAttestationStatement`, kept by `android-key` (§8.4), whose real chains end at Google's
/// root.
@Suite struct SentRootCertificateTests {
    static let relyingPartyID = "example.com"
    static let aaguid = AAGUID(bytes: Array(0x10...0x1F)) ?? .zero
    static let registrationChallenge: [UInt8] = Array("a registration challenge".utf8)
    /// What every registration of these tests is verified against, at 2026-01-01T00:00:00Z.
    static let registrationExpectations = RegistrationExpectations(
        relyingPartyID: relyingPartyID,
        origins: ["https://\(relyingPartyID)"],
        challenge: registrationChallenge,
        userVerification: .required,
        crossOrigin: .forbidden,
        verificationInstant: Date(timeIntervalSince1970: 1_767_225_600)
    )

    /// A registration by `attestation` whose `x5c` has its root appended when `appendingRoot`.
    static func response(
        _ attestation: VirtualAttestation,
        algorithm: COSEAlgorithm = .es256,
        appendingRoot: Bool
    ) throws -> RegistrationResponse {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: Self.relyingPartyID, attestation: attestation,
            aaguid: Self.aaguid)
        let registration = try authenticator.register(
            challenge: Self.registrationChallenge, algorithm: algorithm, userHandle: nil)
        guard appendingRoot else { return try RegistrationResponse(json: registration.jsonBytes) }
        let root = try #require(attestation.rootCertificate)
        let object = try #require(try CBORDecoder().decode(registration.attestationObject).mapValue)
        let statement = try #require(object[textKey: "attStmt"]?.mapValue)
        let chain = try #require(statement[textKey: "x5c"]?.arrayValue)
        let edited = AttestationTestSupport.replacing(
            object, "attStmt",
            with: .map(
                AttestationTestSupport.replacing(
                    statement, "x5c", with: .array(chain + [.byteString(root.derEncoded)]))))
        return RegistrationResponse(
            credentialID: registration.credentialID, clientDataJSON: registration.clientDataJSON,
            attestationObject: CBOREncoder.encode(.map(edited)))
    }

    static func verify(_ response: RegistrationResponse, _ attestation: VirtualAttestation) throws
        -> VerifiedRegistration
    {
        try RegistrationVerifier(trustAnchors: attestation.trustAnchors).verify(
            response, expecting: Self.registrationExpectations)
    }

    @Test(arguments: [false, true])
    func aPackedChainCarryingItsRootIsRefused(throughIntermediate: Bool) throws {
        let attestation = try VirtualAttestation.packed(issuesThroughIntermediate: throughIntermediate)
        let verified = try Self.verify(Self.response(attestation, appendingRoot: false), attestation)
        #expect(verified.trustPath.count == (throughIntermediate ? 2 : 1))
        let depth = throughIntermediate ? 2 : 1
        let error = #expect(throws: WebAuthnError.self) {
            try Self.verify(Self.response(attestation, appendingRoot: true), attestation)
        }
        #expect(error?.code == .invalidAttestationStatement)
        #expect(error?.message.contains("packed x5c carries a root (depth \(depth)") == true)
    }

    @Test func aTPMChainCarryingItsRootIsRefused() throws {
        let attestation = try VirtualAttestation.tpm(algorithm: .es256)
        #expect(try Self.verify(Self.response(attestation, appendingRoot: false), attestation).trustPath.count == 2)
        let error = #expect(throws: WebAuthnError.self) {
            try Self.verify(Self.response(attestation, appendingRoot: true), attestation)
        }
        #expect(error?.code == .invalidAttestationStatement)
        #expect(error?.message.contains("tpm x5c carries a root (depth 2") == true)
    }

    @Test func anAndroidKeyChainCarryingItsRootStillVerifies() throws {
        let attestation = try VirtualAttestation.androidKey()
        let verified = try Self.verify(Self.response(attestation, appendingRoot: true), attestation)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.trustPath.last == attestation.rootCertificate)
    }
}
