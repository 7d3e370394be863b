import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fido-u2f, tpm, android-key and android-safetynet attestations of the test kit, and packed through an
/// intermediate: each registration verifies with the generated root as the only trust anchor, with the attestation
/// type and trust path the format defines (WebAuthn Level 3 §8.3, §8.4, §8.5, §8.6, §8.2).
@Suite struct VirtualAttestationFormatTests {
    static let tpmRSA: VirtualAttestation? = try? VirtualAttestation.tpm()
    static let tpmECC: VirtualAttestation? = try? VirtualAttestation.tpm(algorithm: .es256)
    static let androidKey: VirtualAttestation? = try? VirtualAttestation.androidKey()

    /// Registers an `algorithm` credential with `attestation` and verifies it with the attestation's own anchors.
    static func verify(
        _ attestation: VirtualAttestation,
        algorithm: COSEAlgorithm = .es256,
        aaguid: AAGUID = VirtualTestSupport.aaguid
    ) throws -> (registration: VirtualRegistration, verified: VerifiedRegistration) {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: attestation,
            aaguid: aaguid
        )
        return try VirtualTestSupport.registerAndVerify(&authenticator, algorithm: algorithm)
    }

    /// The attestation object's `attStmt`.
    static func statement(_ registration: VirtualRegistration) throws -> CBORMap {
        let object = try CBORDecoder().decode(registration.attestationObject)
        return try #require(object.mapValue?[textKey: "attStmt"]?.mapValue)
    }

    @Test func fidoU2FVerifiesAsBasicWithTheOneAttestationCertificate() throws {
        let attestation = try VirtualAttestation.fidoU2F()
        #expect(attestation.format == "fido-u2f")
        #expect(attestation.attestationType == .basic)
        #expect(attestation.intermediateCertificate == nil)
        let (registration, verified) = try Self.verify(attestation, aaguid: .zero)
        #expect(verified.format == "fido-u2f")
        #expect(verified.attestationType == .basic)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.trustPath.count == 1)
        let leaf = try #require(verified.trustPath.first)
        #expect(leaf.publicKey.ellipticCurve == .p256)
        #expect(leaf.issuer == attestation.rootCertificate?.subject)
        #expect(try Self.statement(registration).entries.compactMap(\.key.textStringValue).sorted() == ["sig", "x5c"])
        let identifier = try #require(attestation.attestationCertificateKeyIdentifier)
        #expect(identifier == (try VirtualMetadataService.keyIdentifier(of: leaf)))
    }

    @Test func fidoU2FRefusesACredentialKeyThatIsNotP256() throws {
        var authenticator = VirtualAuthenticator(attestation: try VirtualAttestation.fidoU2F())
        #expect(throws: VirtualAuthenticatorError(.unsupportedAlgorithm, "")) {
            try authenticator.register(challenge: [1], algorithm: .es384, userHandle: nil)
        }
    }

    @Test(arguments: [COSEAlgorithm.es256, .es384, .es512, .rs256, .ps256])
    func tpmWithAnRSAAIKVerifiesAsAttCAForRSAAndECCCredentialKeys(algorithm: COSEAlgorithm) throws {
        let attestation = try #require(Self.tpmRSA)
        #expect(attestation.format == "tpm")
        #expect(attestation.attestationType == .attCA)
        let (registration, verified) = try Self.verify(attestation, algorithm: algorithm)
        #expect(verified.format == "tpm")
        #expect(verified.attestationType == .attCA)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.trustPath.count == 2)
        #expect(verified.trustPath.last == attestation.intermediateCertificate)
        #expect(verified.attestationResult.tpmManufacturer?.identifier == "id:FFFFF1D0")
        let statement = try Self.statement(registration)
        #expect(statement[textKey: "ver"]?.textStringValue == "2.0")
        #expect(statement[textKey: "alg"]?.integerValue == COSEAlgorithm.rs256.rawValue)
        let aik = try #require(verified.trustPath.first)
        #expect(aik.version == 3)
        #expect(aik.subject.isEmpty)
        #expect(aik.isCertificateAuthority == false)
        #expect(aik.extendedKeyUsageOIDs == ["2.23.133.8.3"])
        #expect(aik.extension(oid: "2.5.29.17")?.isCritical == true)
        #expect(
            aik.subjectAlternativeNameDirectoryAttributes.map(\.oid) == [
                "2.23.133.2.1", "2.23.133.2.2", "2.23.133.2.3",
            ])
        #expect(
            aik.extension(oid: "1.3.6.1.4.1.45724.1.1.4")?.value == [0x04, 0x10] + VirtualTestSupport.aaguid.bytes)
    }

    @Test func tpmWithAnECCAIKAndWithoutIntermediateOrAAGUIDExtensionVerifies() throws {
        let ecc = try #require(Self.tpmECC)
        let (_, verified) = try Self.verify(ecc)
        #expect(verified.attestationType == .attCA)
        #expect(verified.trustPath.first?.publicKey.ellipticCurve == .p256)

        let bare = try VirtualAttestation.tpm(
            algorithm: .es384, issuesThroughIntermediate: false, includesAAGUIDExtension: false,
            manufacturer: "id:4E544300")
        #expect(bare.intermediateCertificate == nil)
        let (_, bareVerified) = try Self.verify(bare, algorithm: .es256)
        #expect(bareVerified.trustPath.count == 1)
        #expect(bareVerified.trustPath.first?.extension(oid: "1.3.6.1.4.1.45724.1.1.4") == nil)
        #expect(bareVerified.attestationResult.tpmManufacturer?.vendorName == "Nuvoton Technology")
    }

    @Test func tpmWithAnRS1AIKSignsWithSHA1AndVerifies() throws {
        let attestation = try VirtualAttestation.tpm(algorithm: .rs1)
        let (registration, verified) = try Self.verify(attestation)
        #expect(verified.attestationType == .attCA)
        #expect(verified.attestationTrust == .trusted)
        let statement = try Self.statement(registration)
        #expect(statement[textKey: "alg"]?.integerValue == -65_535)
        let certInfo = try #require(statement[textKey: "certInfo"]?.byteStringValue)
        // magic, type, then the signer's Name (2 + 34 bytes), then extraData: a 20-byte SHA-1 hash.
        #expect(certInfo.count > 44 && certInfo[42] == 0x00 && certInfo[43] == 20)
    }

    @Test func androidSafetyNetVerifiesAsBasicWithTheJWSCertificates() throws {
        let attestation = try VirtualAttestation.androidSafetyNet(clock: { VirtualTestSupport.instant })
        #expect(attestation.format == "android-safetynet")
        #expect(attestation.attestationType == .basic)
        let (registration, verified) = try Self.verify(attestation)
        #expect(verified.format == "android-safetynet")
        #expect(verified.attestationType == .basic)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.trustPath.count == 2)
        #expect(verified.trustPath.last == attestation.intermediateCertificate)
        let leaf = try #require(verified.trustPath.first)
        #expect(
            leaf.subject.values(forOID: DistinguishedName.Attribute.commonNameOID) == ["attest.android.com"])
        let statement = try Self.statement(registration)
        #expect(statement.entries.compactMap(\.key.textStringValue).sorted() == ["response", "ver"])
        let response = try #require(statement[textKey: "response"]?.byteStringValue)
        #expect(response.filter { $0 == UInt8(ascii: ".") }.count == 2)
        let identifier = try #require(attestation.attestationCertificateKeyIdentifier)
        #expect(identifier == (try VirtualMetadataService.keyIdentifier(of: leaf)))
    }

    @Test func androidSafetyNetFailsWhenVerifiedLaterThanAMinuteAfterItsTimestamp() throws {
        let attestation = try VirtualAttestation.androidSafetyNet(clock: { VirtualTestSupport.instant })
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID, attestation: attestation,
            aaguid: VirtualTestSupport.aaguid)
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let later = VirtualTestSupport.registrationExpectations(at: VirtualTestSupport.instant.addingTimeInterval(61))
        #expect(throws: WebAuthnError(.invalidAttestationStatement, "")) {
            try RegistrationVerifier(trustAnchors: attestation.trustAnchors).verify(
                RegistrationResponse(json: registration.jsonBytes), expecting: later)
        }
    }

    @Test func tpmFailsWithoutItsRoot() throws {
        var authenticator = VirtualAuthenticator(attestation: try #require(Self.tpmECC))
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let otherRoot = try #require(VirtualTestSupport.packedAttestation?.rootCertificate)
        var anchors = AttestationTrustAnchors.empty
        anchors.add([otherRoot], forFormat: "tpm")
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try RegistrationVerifier(trustAnchors: anchors).verify(
                RegistrationResponse(json: registration.jsonBytes),
                expecting: VirtualTestSupport.registrationExpectations())
        }
    }

    @Test(arguments: [COSEAlgorithm.es256, .es384, .edDSA, .rs256])
    func androidKeyVerifiesAsBasicUnderBothAuthorizationPolicies(algorithm: COSEAlgorithm) throws {
        let attestation = try #require(Self.androidKey)
        #expect(attestation.format == "android-key")
        #expect(attestation.attestationType == .basic)
        #expect(attestation.attestationCertificateKeyIdentifier == nil)
        let (registration, verified) = try Self.verify(attestation, algorithm: algorithm)
        #expect(verified.format == "android-key")
        #expect(verified.attestationType == .basic)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.trustPath.count == 2)
        let leaf = try #require(verified.trustPath.first)
        #expect(leaf.publicKey == registration.credential.publicKey.publicKey)
        let extensionValue = try #require(leaf.extension(oid: AndroidKeyDescription.oid)).value
        let description = try AndroidKeyDescription(derEncoded: extensionValue)
        #expect(description.attestationChallenge == HashAlgorithm.sha256.hash(registration.clientDataJSON))
        #expect(description.teeEnforced.purposes == [AndroidKeyDescription.purposeSign])
        #expect(description.teeEnforced.origin == AndroidKeyDescription.originGenerated)
        #expect(description.attestationSecurityLevel == .trustedEnvironment)

        let root = try #require(attestation.rootCertificate)
        let strict = RegistrationVerifier(formats: [
            AndroidKeyAttestation(trustAnchors: [root], policy: .teeEnforcedStrict)
        ])
        let strictlyVerified = try strict.verify(
            RegistrationResponse(json: registration.jsonBytes),
            expecting: VirtualTestSupport.registrationExpectations())
        #expect(strictlyVerified.attestationType == .basic)
    }

    @Test func packedCanIssueThroughAnIntermediate() throws {
        let attestation = try VirtualAttestation.packed(issuesThroughIntermediate: true)
        let intermediate = try #require(attestation.intermediateCertificate)
        let (_, verified) = try Self.verify(attestation)
        #expect(verified.attestationType == .basic)
        #expect(verified.trustPath.count == 2)
        #expect(verified.trustPath.last == intermediate)
        #expect(verified.trustPath.first?.issuer == intermediate.subject)
        #expect(intermediate.issuer == attestation.rootCertificate?.subject)
    }
}
