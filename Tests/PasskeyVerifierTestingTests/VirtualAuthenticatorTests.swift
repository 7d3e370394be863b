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

/// Keys, attestation authorities and expectations shared by the virtual authenticator suites. RSA key generation
/// and CA generation happen once per test run.
enum VirtualTestSupport {
    static let relyingPartyID = "example.com"
    static let origin = "https://example.com"
    /// 2026-01-01T00:00:00Z.
    static let instant = Date(timeIntervalSince1970: 1_767_225_600)
    static let aaguid = AAGUID(bytes: Array(0x10...0x1F)) ?? .zero
    static let registrationChallenge: [UInt8] = Array("a registration challenge".utf8)
    static let authenticationChallenge: [UInt8] = Array("an authentication challenge".utf8)

    static let rsaKey: VirtualCredentialKey? = try? VirtualCredentialKey.generate(.rs256)
    static let packedAttestation: VirtualAttestation? = try? VirtualAttestation.packed()
    static let appleAttestation: VirtualAttestation? = try? VirtualAttestation.apple()

    static let algorithms: [COSEAlgorithm] = [.es256, .es384, .es512, .edDSA, .rs256, .ps256]

    /// The four attestations a virtual authenticator produces.
    enum Attestation: String, CaseIterable, Sendable {
        case none, packedSelf, packed, apple

        func make() throws -> VirtualAttestation {
            switch self {
            case .none: return .none
            case .packedSelf: return .packedSelf
            case .packed: return try #require(VirtualTestSupport.packedAttestation)
            case .apple: return try #require(VirtualTestSupport.appleAttestation)
            }
        }

        var format: String {
            switch self {
            case .none: return "none"
            case .packedSelf, .packed: return "packed"
            case .apple: return "apple"
            }
        }

        var type: AttestationType {
            switch self {
            case .none: return .none
            case .packedSelf: return .`self`
            case .packed: return .basic
            case .apple: return .anonCA
            }
        }

        var trustPathLength: Int {
            switch self {
            case .none, .packedSelf: return 0
            case .packed: return 1
            case .apple: return 2
            }
        }
    }

    /// A key for `algorithm`; RSA algorithms reuse the one RSA key.
    static func key(_ algorithm: COSEAlgorithm) throws -> VirtualCredentialKey {
        switch algorithm {
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512:
            return try #require(rsaKey).with(algorithm: algorithm)
        default:
            return try VirtualCredentialKey.generate(algorithm)
        }
    }

    static func registrationExpectations(
        origins: Set<String> = [origin],
        userVerification: UserVerificationRequirement = .required,
        crossOrigin: CrossOriginPolicy = .forbidden,
        at instant: Date = instant
    ) -> RegistrationExpectations {
        RegistrationExpectations(
            relyingPartyID: relyingPartyID,
            origins: origins,
            challenge: registrationChallenge,
            userVerification: userVerification,
            crossOrigin: crossOrigin,
            verificationInstant: instant
        )
    }

    static func authenticationExpectations(
        origins: Set<String> = [origin],
        crossOrigin: CrossOriginPolicy = .forbidden
    ) -> AuthenticationExpectations {
        AuthenticationExpectations(
            relyingPartyID: relyingPartyID,
            origins: origins,
            challenge: authenticationChallenge,
            userVerification: .required,
            crossOrigin: crossOrigin
        )
    }

    /// Registers with `authenticator`, verifies the registration and returns it with the record to store.
    static func registerAndVerify(
        _ authenticator: inout VirtualAuthenticator,
        algorithm: COSEAlgorithm = .es256,
        expectations: RegistrationExpectations = registrationExpectations()
    ) throws -> (registration: VirtualRegistration, verified: VerifiedRegistration) {
        let registration = try authenticator.register(
            challenge: registrationChallenge, key: key(algorithm), userHandle: nil)
        let verifier = RegistrationVerifier(trustAnchors: authenticator.attestation.trustAnchors)
        let verified = try verifier.verify(RegistrationResponse(json: registration.jsonBytes), expecting: expectations)
        return (registration, verified)
    }

    /// The error code `body` throws, or `nil`.
    static func code(_ body: () throws -> Void) -> WebAuthnError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? WebAuthnError)?.code
        }
    }
}

@Suite struct VirtualAuthenticatorTests {
    @Test(arguments: VirtualTestSupport.algorithms, VirtualTestSupport.Attestation.allCases)
    func aRegistrationAndItsAssertionsVerify(algorithm: COSEAlgorithm, kind: VirtualTestSupport.Attestation) throws {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: VirtualTestSupport.relyingPartyID,
            attestation: try kind.make(),
            aaguid: VirtualTestSupport.aaguid,
            signCounter: .incrementing(start: 7, step: 2)
        )
        let (registration, verified) = try VirtualTestSupport.registerAndVerify(&authenticator, algorithm: algorithm)
        #expect(try RegistrationResponse(json: registration.jsonBytes) == registration.response)
        #expect(verified.format == kind.format)
        #expect(registration.format == kind.format)
        #expect(verified.attestationType == kind.type)
        #expect(authenticator.attestation.attestationType == kind.type)
        #expect(verified.trustPath.count == kind.trustPathLength)
        #expect(verified.credentialPublicKey.algorithm == algorithm)
        #expect(verified.credentialPublicKey == registration.credential.publicKey)
        #expect(verified.credentialID == registration.credentialID)
        #expect(verified.credentialID.count == 16)
        #expect(verified.aaguid == VirtualTestSupport.aaguid)
        #expect(verified.signCount == 7)
        #expect(verified.userPresent && verified.userVerified && verified.backupEligible && verified.backupState)
        #expect(verified.transports == ["hybrid", "internal"])

        var record = verified.credentialRecord(userHandle: registration.credential.userHandle)
        for expectedCount: UInt32 in [9, 11] {
            let assertion = try authenticator.authenticate(challenge: VirtualTestSupport.authenticationChallenge)
            #expect(assertion.signCount == expectedCount)
            let response = try AuthenticationResponse(json: assertion.jsonBytes)
            #expect(response == assertion.response)
            var expectations = VirtualTestSupport.authenticationExpectations()
            expectations.allowedCredentialIDs = [registration.credentialID]
            let verifiedAssertion = try AuthenticationVerifier().verify(
                response,
                expecting: expectations,
                credential: record
            )
            #expect(verifiedAssertion.newSignCount == expectedCount)
            #expect(!verifiedAssertion.signCountRegressed)
            #expect(verifiedAssertion.userHandle == registration.credential.userHandle)
            #expect(verifiedAssertion.userPresent && verifiedAssertion.userVerified)
            #expect(verifiedAssertion.backupEligibilityChange == .unchanged)
            record = verifiedAssertion.updatedCredentialRecord
        }
        #expect(record.signCount == 11)
        #expect(authenticator.credentials.map(\.signCount) == [11])
    }

    @Test func thePackedAttestationCertificateMeetsThePackedRules() throws {
        var authenticator = VirtualAuthenticator(
            attestation: try VirtualTestSupport.Attestation.packed.make(),
            aaguid: VirtualTestSupport.aaguid
        )
        let (_, verified) = try VirtualTestSupport.registerAndVerify(&authenticator)
        let leaf = try #require(verified.trustPath.first)
        #expect(leaf.version == 3)
        #expect(
            leaf.subject.values(forOID: DistinguishedName.Attribute.organizationalUnitNameOID) == [
                "Authenticator Attestation"
            ])
        #expect(leaf.subject.values(forOID: DistinguishedName.Attribute.countryNameOID) == ["US"])
        #expect(!leaf.subject.values(forOID: DistinguishedName.Attribute.organizationNameOID).isEmpty)
        #expect(!leaf.subject.values(forOID: DistinguishedName.Attribute.commonNameOID).isEmpty)
        #expect(leaf.isCertificateAuthority == false)
        let aaguidExtension = try #require(leaf.extension(oid: "1.3.6.1.4.1.45724.1.1.4"))
        #expect(!aaguidExtension.isCritical)
        #expect(aaguidExtension.value == [0x04, 0x10] + VirtualTestSupport.aaguid.bytes)
        let root = try #require(authenticator.attestation.rootCertificate)
        #expect(leaf.issuer == root.subject)
        #expect(root.isCertificateAuthority == true)
        #expect(root.notValidAfter == VirtualAttestation.defaultNotValidAfter)
    }

    @Test func theAppleCredentialCertificateCarriesTheCredentialKeyAndTheNonce() throws {
        var authenticator = VirtualAuthenticator(attestation: try VirtualTestSupport.Attestation.apple.make())
        let (registration, verified) = try VirtualTestSupport.registerAndVerify(&authenticator)
        let leaf = try #require(verified.trustPath.first)
        #expect(leaf.publicKey == registration.credential.publicKey.publicKey)
        let clientDataHash = HashAlgorithm.sha256.hash(registration.clientDataJSON)
        let nonce = HashAlgorithm.sha256.hash(registration.authenticatorData + clientDataHash)
        #expect(leaf.extension(oid: "1.2.840.113635.100.8.2")?.value == [0x30, 0x24, 0xA1, 0x22, 0x04, 0x20] + nonce)
        #expect(verified.trustPath.last?.issuer == authenticator.attestation.rootCertificate?.subject)
    }

    @Test func theGeneratedAppleRootIsNotTheRealAppleRoot() throws {
        var authenticator = VirtualAuthenticator(attestation: try VirtualTestSupport.Attestation.apple.make())
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let verifier = RegistrationVerifier(trustAnchors: .builtIn)
        #expect(
            VirtualTestSupport.code {
                _ = try verifier.verify(registration.response, expecting: VirtualTestSupport.registrationExpectations())
            } == .untrustedAttestation)
        #expect(authenticator.attestation.rootCertificate != AppleWebAuthnRootCA.certificate)
    }

    @Test func aNativeAppsBase64FieldsDecodeAndVerify() throws {
        var authenticator = VirtualAuthenticator(
            origin: "ios:bundle-id:com.example.app",
            attestation: try VirtualTestSupport.Attestation.packed.make()
        )
        authenticator.signCounter = .incrementing()
        let registration = try authenticator.register(
            challenge: VirtualTestSupport.registrationChallenge, userHandle: nil)
        let fields = registration.nativeFields
        #expect(fields.credentialID == Data(registration.credentialID).base64EncodedString())
        #expect(fields.rawClientDataJSON == Data(registration.clientDataJSON).base64EncodedString())
        #expect(fields.rawAttestationObject == Data(registration.attestationObject).base64EncodedString())
        #expect(fields.rawAuthenticatorData == nil && fields.signature == nil && fields.userID == nil)

        let posted = try JSONEncoder().encode(fields)
        let text = String(decoding: posted, as: UTF8.self)
        #expect(text.contains("\"rawAttestationObject\"") && text.contains("\"rawClientDataJSON\""))
        let received = try JSONDecoder().decode(NativeCredentialFields.self, from: posted)
        let response = RegistrationResponse(
            credentialID: Array(try #require(Data(base64Encoded: received.credentialID))),
            clientDataJSON: Array(try #require(Data(base64Encoded: received.rawClientDataJSON))),
            attestationObject: Array(try #require(received.rawAttestationObject.flatMap { Data(base64Encoded: $0) }))
        )
        let expectations = VirtualTestSupport.registrationExpectations(origins: ["ios:bundle-id:com.example.app"])
        let verified = try RegistrationVerifier(trustAnchors: authenticator.attestation.trustAnchors)
            .verify(response, expecting: expectations)
        #expect(verified.attestationType == .basic)

        let assertion = try authenticator.authenticate(challenge: VirtualTestSupport.authenticationChallenge)
        let assertionFields = try JSONDecoder().decode(
            NativeCredentialFields.self,
            from: JSONEncoder().encode(assertion.nativeFields)
        )
        #expect(assertionFields.rawAttestationObject == nil)
        #expect(assertionFields.userID == Data(registration.credential.userHandle).base64EncodedString())
        let assertionResponse = AuthenticationResponse(
            credentialID: Array(try #require(Data(base64Encoded: assertionFields.credentialID))),
            clientDataJSON: Array(try #require(Data(base64Encoded: assertionFields.rawClientDataJSON))),
            authenticatorData: Array(
                try #require(assertionFields.rawAuthenticatorData.flatMap { Data(base64Encoded: $0) })),
            signature: Array(try #require(assertionFields.signature.flatMap { Data(base64Encoded: $0) })),
            userHandle: assertionFields.userID.flatMap { Data(base64Encoded: $0) }.map { Array($0) }
        )
        let verifiedAssertion = try AuthenticationVerifier().verify(
            assertionResponse,
            expecting: VirtualTestSupport.authenticationExpectations(origins: ["ios:bundle-id:com.example.app"]),
            credential: verified.credentialRecord(userHandle: registration.credential.userHandle)
        )
        #expect(verifiedAssertion.newSignCount == 1)
    }

    @Test func aCredentialAddedWithAKnownKeySignsVerifiableAssertions() throws {
        let key = try VirtualCredentialKey(ecPrivateScalar: [UInt8](repeating: 0x42, count: 32), curve: .p256)
        #expect(key.algorithm == .es256)
        let sameKey = try VirtualCredentialKey(ecPrivateScalar: [UInt8](repeating: 0x42, count: 32), curve: .p256)
        #expect(sameKey.publicKey == key.publicKey)
        var authenticator = VirtualAuthenticator()
        authenticator.add(VirtualCredential(id: [1, 2, 3], key: key, userHandle: [9], relyingPartyID: "example.com"))
        let assertion = try authenticator.authenticate(challenge: VirtualTestSupport.authenticationChallenge)
        let record = CredentialRecord(id: [1, 2, 3], publicKey: key.publicKey, backupEligible: true, userHandle: [9])
        let verified = try AuthenticationVerifier().verify(
            assertion.response,
            expecting: VirtualTestSupport.authenticationExpectations(),
            credential: record
        )
        #expect(verified.credentialID == [1, 2, 3])
        let edKey = try VirtualCredentialKey(okpSeed: [UInt8](repeating: 7, count: 32), curve: .ed25519)
        #expect(edKey.algorithm == .edDSA)
        let signature = try edKey.sign([1, 2, 3])
        #expect(edKey.publicKey.isValidSignature(signature, for: [1, 2, 3]))
    }

    @Test func assertionsPickTheRequestedOrTheNewestCredentialOfTheRelyingParty() throws {
        var authenticator = VirtualAuthenticator()
        let first = try authenticator.register(challenge: [1], credentialID: [1], userHandle: nil)
        let second = try authenticator.register(challenge: [2], credentialID: [2], userHandle: nil)
        authenticator.relyingPartyID = "other.example"
        let third = try authenticator.register(challenge: [3], credentialID: [3], userHandle: nil)
        #expect(try authenticator.authenticate(challenge: [4]).credentialID == third.credentialID)
        authenticator.relyingPartyID = "example.com"
        #expect(try authenticator.authenticate(challenge: [4]).credentialID == second.credentialID)
        #expect(try authenticator.authenticate(challenge: [4], credentialID: [1]).credentialID == first.credentialID)
        #expect(try authenticator.authenticate(challenge: [4], credentialID: [3]).credentialID == [3])
        #expect(authenticator.credentials.map(\.id) == [[1], [2], [3]])
        #expect(throws: VirtualAuthenticatorError(.credentialNotFound, "")) {
            _ = try authenticator.authenticate(challenge: [4], credentialID: [9])
        }
        authenticator.relyingPartyID = "unknown.example"
        #expect(throws: VirtualAuthenticatorError(.credentialNotFound, "")) {
            _ = try authenticator.authenticate(challenge: [4])
        }
    }

    @Test func theKeyAndParameterErrorsHaveTheirCodes() throws {
        var authenticator = VirtualAuthenticator()
        #expect(throws: VirtualAuthenticatorError(.invalidParameter, "")) {
            _ = try authenticator.register(
                challenge: [1], credentialID: [UInt8](repeating: 0, count: 65_536), userHandle: nil)
        }
        #expect(authenticator.credentials.isEmpty)
        #expect(throws: VirtualAuthenticatorError(.unsupportedAlgorithm, "")) {
            _ = try authenticator.register(challenge: [1], algorithm: .rs1, userHandle: nil)
        }
        #expect(throws: VirtualAuthenticatorError(.unsupportedAlgorithm, "")) {
            _ = try VirtualCredentialKey.generate(COSEAlgorithm(rawValue: -999))
        }
        #expect(throws: VirtualAuthenticatorError(.invalidKey, "")) {
            _ = try VirtualCredentialKey(ecPrivateScalar: [UInt8](repeating: 0, count: 32), curve: .p256)
        }
        #expect(throws: VirtualAuthenticatorError(.invalidKey, "")) {
            _ = try VirtualCredentialKey(okpSeed: [1], curve: .ed25519)
        }
        #expect(throws: VirtualAuthenticatorError(.unsupportedAlgorithm, "")) {
            _ = try VirtualCredentialKey.generate(.es256).with(algorithm: .rs256)
        }
    }
}
