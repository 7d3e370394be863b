import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Registrations verified with FIDO metadata (``MetadataTrustPolicy``; WebAuthn Level 3
/// §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`, FIDO Metadata Service v3.0 §3.1.4):
/// the entry's roots as anchors, statuses and certification as of the instant, `basic` versus `attca`, and the matched
/// entry in the result.
@Suite struct MetadataTrustPolicyTests {
    typealias Support = MetadataTestSupport

    static let packed: VirtualAttestation? = try? VirtualAttestation.packed()
    static let aaguid = Support.aaguidA

    /// A packed (full attestation) registration by an authenticator of model ``aaguid`` (or `aaguid`).
    static func registration(
        aaguid: AAGUID = aaguid,
        attestation: VirtualAttestation? = packed
    ) throws -> RegistrationResponse {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: MetadataTestSupport.relyingPartyID,
            attestation: try #require(attestation),
            aaguid: aaguid
        )
        let registration = try authenticator.register(
            challenge: MetadataTestSupport.registrationChallenge, algorithm: .es256, userHandle: nil)
        return try RegistrationResponse(json: registration.jsonBytes)
    }

    /// A policy over a BLOB holding one entry for ``aaguid`` whose roots are the packed attestation's root.
    static func policy(
        statusReports: [(status: String, effectiveDate: String?)] = [("FIDO_CERTIFIED_L1", "2024-01-01")],
        attestationTypes: [String] = ["basic_full"],
        roots: [Certificate]? = nil,
        minimumCertificationLevel: AuthenticatorStatus? = nil
    ) throws -> MetadataTrustPolicy {
        let service = try Support.service()
        let entry = VirtualMetadataService.entry(
            aaguid: aaguid,
            description: "Virtual Packed Key",
            attestationRootCertificates: try roots ?? [#require(packed?.rootCertificate)],
            attestationTypes: attestationTypes,
            statusReports: statusReports
        )
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        return MetadataTrustPolicy(blob: blob, minimumCertificationLevel: minimumCertificationLevel)
    }

    static func verify(
        _ response: RegistrationResponse,
        metadata: MetadataTrustPolicy?,
        trustAnchors: AttestationTrustAnchors = .empty,
        untrustedAttestationPolicy: UntrustedAttestationPolicy = .reject
    ) throws -> VerifiedRegistration {
        var expectations = MetadataTestSupport.registrationExpectations(at: Support.instant)
        expectations.untrustedAttestationPolicy = untrustedAttestationPolicy
        return try RegistrationVerifier(trustAnchors: trustAnchors, metadata: metadata).verify(
            response, expecting: expectations)
    }

    @Test func theEntrysRootsAnchorTheAttestationAndTheEntryIsReported() throws {
        let response = try Self.registration()
        let untrusted = Support.error { _ = try Self.verify(response, metadata: nil) }
        #expect(untrusted?.code == .untrustedAttestation)
        let verified = try Self.verify(response, metadata: Self.policy())
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.attestationType == .basic)
        #expect(verified.metadataEntry?.description == "Virtual Packed Key")
        #expect(verified.metadataEntry?.latestStatusReport(at: Support.instant)?.status == .fidoCertifiedL1)
    }

    @Test func anotherEntrysRootsDoNotAnchorTheAttestation() throws {
        let otherRoot = try #require(try VirtualAttestation.packed().rootCertificate)
        let error = Support.error {
            _ = try Self.verify(Self.registration(), metadata: Self.policy(roots: [otherRoot]))
        }
        #expect(error?.code == .untrustedAttestation)
        #expect(error?.message.contains("metadata entry's roots") == true)
    }

    @Test func anAuthenticatorWithoutAnEntryIsVerifiedAsWithoutMetadata() throws {
        let response = try Self.registration(aaguid: Support.aaguidB)
        let packed = try #require(Self.packed)
        let verified = try Self.verify(response, metadata: Self.policy(), trustAnchors: packed.trustAnchors)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.metadataEntry == nil)
        #expect(Support.error { _ = try Self.verify(response, metadata: Self.policy()) }?.code == .untrustedAttestation)
    }

    @Test(arguments: [
        "REVOKED", "USER_VERIFICATION_BYPASS", "ATTESTATION_KEY_COMPROMISE", "USER_KEY_REMOTE_COMPROMISE",
        "USER_KEY_PHYSICAL_COMPROMISE",
    ])
    func aCompromisedLatestStatusIsRejected(status: String) throws {
        let policy = try Self.policy(statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), (status, "2025-06-01")])
        let error = Support.error { _ = try Self.verify(Self.registration(), metadata: policy) }
        #expect(error?.code == .authenticatorStatusRejected)
        #expect(error?.message.contains(status) == true)
        let none = try Self.registration(attestation: VirtualAttestation.none)
        #expect(Support.error { _ = try Self.verify(none, metadata: policy) }?.code == .authenticatorStatusRejected)
    }

    @Test func aCompromiseEffectiveAfterTheInstantIsNotYetInForce() throws {
        let policy = try Self.policy(statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("REVOKED", "2026-06-01")])
        #expect(try Self.verify(Self.registration(), metadata: policy).attestationTrust == .trusted)
    }

    @Test func aLaterCertificationClearsACompromise() throws {
        let fixed = try Self.policy(statusReports: [
            ("FIDO_CERTIFIED_L1", "2024-01-01"), ("USER_VERIFICATION_BYPASS", "2024-06-01"),
            ("FIDO_CERTIFIED_L1", "2025-01-01"),
        ])
        let verified = try Self.verify(Self.registration(), metadata: fixed)
        #expect(verified.metadataStatus == .fidoCertifiedL1)
        let updateAvailable = try Self.policy(statusReports: [
            ("FIDO_CERTIFIED_L1", "2024-01-01"), ("UPDATE_AVAILABLE", "2025-01-01"),
        ])
        #expect(try Self.verify(Self.registration(), metadata: updateAvailable).metadataStatus == .updateAvailable)
    }

    @Test func theRejectedStatusesAreTheHostsChoice() throws {
        var policy = try Self.policy(statusReports: [("UPDATE_AVAILABLE", "2024-01-01")])
        policy.rejectedStatuses.insert(.updateAvailable)
        let error = Support.error { _ = try Self.verify(Self.registration(), metadata: policy) }
        #expect(error?.code == .authenticatorStatusRejected)
        var lenient = try Self.policy(statusReports: [("REVOKED", "2024-01-01")])
        lenient.rejectedStatuses = []
        #expect(try Self.verify(Self.registration(), metadata: lenient).attestationTrust == .trusted)
    }

    @Test func aMinimumCertificationLevelIsEnforced() throws {
        let response = try Self.registration()
        let level2 = [(status: "FIDO_CERTIFIED_L2", effectiveDate: Optional("2024-01-01"))]
        #expect(
            try Self.verify(
                response, metadata: Self.policy(statusReports: level2, minimumCertificationLevel: .fidoCertifiedL1)
            )
            .attestationTrust == .trusted)
        #expect(
            try Self.verify(
                response, metadata: Self.policy(statusReports: level2, minimumCertificationLevel: .fidoCertifiedL2)
            )
            .attestationTrust == .trusted)
        let tooLow = Support.error {
            _ = try Self.verify(
                response, metadata: Self.policy(statusReports: level2, minimumCertificationLevel: .fidoCertifiedL2Plus))
        }
        #expect(tooLow?.code == .uncertifiedAuthenticator)
        let notCertified = Support.error {
            _ = try Self.verify(
                response,
                metadata: Self.policy(
                    statusReports: [("FIDO_CERTIFIED_L3", "2024-01-01"), ("NOT_FIDO_CERTIFIED", "2025-01-01")],
                    minimumCertificationLevel: .fidoCertifiedL1))
        }
        #expect(notCertified?.code == .uncertifiedAuthenticator)
    }

    @Test func aMinimumCertificationLevelNeedsAnEntryAndATrustedAttestation() throws {
        let policy = try Self.policy(
            statusReports: [("FIDO_CERTIFIED_L3", "2024-01-01")], minimumCertificationLevel: .fidoCertifiedL1)
        let unlisted = try Self.registration(aaguid: Support.aaguidB)
        let packed = try #require(Self.packed)
        let noEntry = Support.error {
            _ = try Self.verify(unlisted, metadata: policy, trustAnchors: packed.trustAnchors)
        }
        #expect(noEntry?.code == .uncertifiedAuthenticator)
        let none = try Self.registration(attestation: VirtualAttestation.none)
        #expect(Support.error { _ = try Self.verify(none, metadata: policy) }?.code == .uncertifiedAuthenticator)
        let selfAttested = try Self.registration(attestation: VirtualAttestation.packedSelf)
        #expect(
            Support.error { _ = try Self.verify(selfAttested, metadata: policy) }?.code == .uncertifiedAuthenticator)
    }

    @Test func metadataTellsBasicFromAttCA() throws {
        let response = try Self.registration()
        let attCAOnly = try Self.policy(attestationTypes: ["attca"])
        #expect(try Self.verify(response, metadata: attCAOnly).attestationType == .attCA)
        let both = try Self.policy(attestationTypes: ["basic_full", "attca"])
        #expect(try Self.verify(response, metadata: both).attestationType == .basic)
        var expectations = MetadataTestSupport.registrationExpectations(at: Support.instant)
        expectations.acceptedAttestationTypes = [.basic]
        let rejected = Support.error {
            _ = try RegistrationVerifier(trustAnchors: .empty, metadata: attCAOnly).verify(
                response, expecting: expectations)
        }
        #expect(rejected?.code == .untrustedAttestation)
    }

    /// An authenticator that reports a zero AAGUID is looked up by its attestation certificate's key identifier,
    /// as a U2F authenticator's entry lists it.
    @Test func aZeroAAGUIDIsLookedUpByTheAttestationCertificatesKeyIdentifier() throws {
        let response = try Self.registration(aaguid: .zero)
        let packed = try #require(Self.packed)
        let probe = try Self.verify(response, metadata: nil, untrustedAttestationPolicy: .acceptAsUnverified)
        let identifier = try VirtualMetadataService.keyIdentifier(of: #require(probe.trustPath.first))
        let service = try Support.service()
        let entry = VirtualMetadataService.entry(
            aaguid: nil, description: "Virtual U2F Key",
            attestationRootCertificates: [try #require(packed.rootCertificate)],
            statusReports: [("FIDO_CERTIFIED", "2020-01-01"), ("ATTESTATION_KEY_COMPROMISE", "2025-01-01")],
            attestationCertificateKeyIdentifiers: [identifier.uppercased()])
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        let error = Support.error { _ = try Self.verify(response, metadata: MetadataTrustPolicy(blob: blob)) }
        #expect(error?.code == .authenticatorStatusRejected)
        #expect(error?.message.contains("Virtual U2F Key") == true)
        let lenient = MetadataTrustPolicy(blob: blob, rejectedStatuses: [])
        let verified = try Self.verify(response, metadata: lenient)
        #expect(verified.metadataEntry?.description == "Virtual U2F Key")
        #expect(verified.attestationTrust == .trusted)
    }

    @Test func theRelyingPartyVerifiesWithItsMetadataAndRejectsUntrustedAttestationByDefault() async throws {
        let policy = try Self.policy()
        var configuration = RelyingPartyConfiguration(
            relyingPartyID: "example.com", relyingPartyName: "Example", origins: ["https://example.com"])
        configuration.metadataTrustPolicy = policy
        let clock = ManualClock(Support.instant)
        let relyingParty = try RelyingParty(
            configuration: configuration, credentialStore: InMemoryCredentialStore(),
            challengeStore: InMemoryChallengeStore(), clock: { clock.now })
        let options = try await relyingParty.beginRegistration(
            for: PublicKeyCredentialUserEntity(id: [1, 2, 3], name: "ada", displayName: "Ada"))
        var authenticator = VirtualAuthenticator(
            relyingPartyID: "example.com", attestation: try #require(Self.packed), aaguid: Self.aaguid)
        let registration = try authenticator.register(
            challenge: try #require(options.challengeBytes), algorithm: .es256,
            userHandle: Base64URL.decode(options.user.id))
        let registered = try await relyingParty.finishRegistration(json: registration.jsonBytes)
        #expect(registered.verifiedRegistration.metadataEntry?.description == "Virtual Packed Key")
        #expect(registered.verifiedRegistration.attestationTrust == .trusted)

        var stranger = VirtualAuthenticator(
            relyingPartyID: "example.com", attestation: try VirtualAttestation.packed(), aaguid: Support.aaguidB)
        let strangerOptions = try await relyingParty.beginRegistration(
            for: PublicKeyCredentialUserEntity(id: [4, 5, 6], name: "bob", displayName: "Bob"))
        let strangerRegistration = try stranger.register(
            challenge: try #require(strangerOptions.challengeBytes), algorithm: .es256,
            userHandle: Base64URL.decode(strangerOptions.user.id))
        await #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try await relyingParty.finishRegistration(json: strangerRegistration.jsonBytes)
        }
    }
}
