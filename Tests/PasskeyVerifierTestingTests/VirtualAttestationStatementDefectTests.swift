import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Every ``TPMStatementDefect``, ``AndroidKeyStatementDefect`` and ``SafetyNetStatementDefect``: the library
/// rejects the registration with `invalidAttestationStatement` from the check the defect names (WebAuthn Level 3
/// §8.3.1, §8.3.2, §8.4.2, §8.5.2), the generated root being the trust anchor.
@Suite struct VirtualAttestationStatementDefectTests {
    /// The message of the error verifying a registration by `attestation` throws, its code pinned.
    static func failure(_ attestation: VirtualAttestation, algorithm: COSEAlgorithm = .es256) throws -> String? {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: attestation,
            aaguid: VirtualTestSupport.aaguid
        )
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, algorithm: algorithm, userHandle: nil)
        do {
            _ = try RegistrationVerifier(trustAnchors: attestation.trustAnchors).verify(
                RegistrationResponse(json: registration.jsonBytes),
                expecting: VirtualTestSupport.registrationExpectations())
            return nil
        } catch {
            #expect(error.code == .invalidAttestationStatement)
            return error.message
        }
    }

    static let tpmReasons: [TPMStatementDefect: String] = [
        .wrongVersion: "ver is \"1.0\"",
        .wrongMagic: "magic",
        .wrongType: "TPM_ST_ATTEST_CERTIFY",
        .wrongExtraData: "extraData",
        .wrongAttestedName: "attested.name",
        .pubAreaForAnotherKey: "not the credential's",
        .nonEmptySubject: "subject must be empty",
        .missingSubjectAlternativeName: "no subject alternative name",
        .nonCriticalSubjectAlternativeName: "must be critical",
        .missingAIKKeyPurpose: "tcg-kp-AIKCertificate",
    ]

    @Test(arguments: TPMStatementDefect.allCases)
    func theTPMDefectFailsItsCheck(_ defect: TPMStatementDefect) throws {
        let attestation = try VirtualAttestation.tpm(
            algorithm: .es256, issuesThroughIntermediate: false, statementDefects: [defect])
        let message = try Self.failure(attestation)
        let reason = try #require(Self.tpmReasons[defect])
        #expect(message?.contains(reason) == true, "\(message ?? "accepted")")
    }

    @Test func aTPMPubAreaForAnotherRSAKeyFails() throws {
        let attestation = try VirtualAttestation.tpm(
            algorithm: .es256, issuesThroughIntermediate: false, statementDefects: [.pubAreaForAnotherKey])
        let message = try Self.failure(attestation, algorithm: .rs256)
        #expect(message?.contains("RSA modulus is not the credential's") == true, "\(message ?? "accepted")")
    }

    static let androidKeyReasons: [AndroidKeyStatementDefect: String] = [
        .wrongAttestationChallenge: "attestationChallenge is not the clientDataHash",
        .allApplications: "allApplications",
        .originNotGenerated: "KM_ORIGIN_GENERATED",
        .purposeNotSign: "KM_PURPOSE_SIGN",
        .leafKeyNotCredentialKey: "not the credential public key",
    ]

    @Test(arguments: AndroidKeyStatementDefect.allCases)
    func theAndroidKeyDefectFailsItsCheck(_ defect: AndroidKeyStatementDefect) throws {
        let attestation = try VirtualAttestation.androidKey(statementDefects: [defect])
        let message = try Self.failure(attestation)
        let reason = try #require(Self.androidKeyReasons[defect])
        #expect(message?.contains(reason) == true, "\(message ?? "accepted")")
    }

    static let safetyNetReasons: [SafetyNetStatementDefect: String] = [
        .emptyVersion: "ver is empty",
        .emptyResponse: "is not a compact JWS",
        .wrongNonce: "nonce is not the base64 of SHA-256(authenticatorData || clientDataHash)",
        .emptyCertificateChain: "has no x5c certificate",
        .ctsProfileMismatch: "ctsProfileMatch is false",
        .timestampInTheFuture: "after the verification instant",
        .staleTimestamp: "before the verification instant",
    ]

    @Test(arguments: SafetyNetStatementDefect.allCases)
    func theSafetyNetDefectFailsItsCheck(_ defect: SafetyNetStatementDefect) throws {
        let attestation = try VirtualAttestation.androidSafetyNet(
            statementDefects: [defect], clock: { VirtualTestSupport.instant })
        let message = try Self.failure(attestation)
        let reason = try #require(Self.safetyNetReasons[defect])
        #expect(message?.contains(reason) == true, "\(message ?? "accepted")")
    }
}
