import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Metadata BLOB entries for the test kit's attestation authorities
/// (``VirtualMetadataService/entry(for:aaguid:description:statusReports:timeOfLastStatusChange:)``): the entry's root
/// anchors the registration without any other trust anchor (WebAuthn Level 3
/// §7.1 `#reg-ceremony-attestation-trust-anchors`; FIDO Metadata Service v3.0 §3.1.4), its status decides, and the PEM
/// forms of the service's roots and lists read back.
@Suite struct VirtualMetadataAttestationTests {
    typealias Support = MetadataTestSupport

    static let tpm: VirtualAttestation? = try? VirtualAttestation.tpm(algorithm: .es256)
    static let androidKey: VirtualAttestation? = try? VirtualAttestation.androidKey()
    static let fidoU2F: VirtualAttestation? = try? VirtualAttestation.fidoU2F()
    static let androidSafetyNet: VirtualAttestation? = try? VirtualAttestation.androidSafetyNet(clock: {
        MetadataTestSupport.instant
    })

    enum Authority: String, CaseIterable, Sendable {
        case tpm, androidKey, fidoU2F, androidSafetyNet

        func attestation() throws -> VirtualAttestation {
            switch self {
            case .tpm: return try #require(VirtualMetadataAttestationTests.tpm)
            case .androidKey: return try #require(VirtualMetadataAttestationTests.androidKey)
            case .fidoU2F: return try #require(VirtualMetadataAttestationTests.fidoU2F)
            case .androidSafetyNet: return try #require(VirtualMetadataAttestationTests.androidSafetyNet)
            }
        }
    }

    /// Registers with `attestation` and verifies with a BLOB holding `entry` only, no other anchor.
    static func verify(_ attestation: VirtualAttestation, entry: String) throws -> VerifiedRegistration {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: MetadataTestSupport.relyingPartyID,
            attestation: attestation,
            aaguid: attestation.format == "fido-u2f" ? .zero : Support.aaguidA
        )
        let registration = try authenticator.register(
            challenge: MetadataTestSupport.registrationChallenge, userHandle: nil)
        let service = try Support.service()
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        return try RegistrationVerifier(trustAnchors: .empty, metadata: MetadataTrustPolicy(blob: blob)).verify(
            RegistrationResponse(json: registration.jsonBytes),
            expecting: MetadataTestSupport.registrationExpectations(at: Support.instant))
    }

    @Test(arguments: Authority.allCases)
    func theEntrysRootAnchorsTheRegistration(_ authority: Authority) throws {
        let attestation = try authority.attestation()
        let entry = VirtualMetadataService.entry(
            for: attestation, aaguid: Support.aaguidA, description: "Virtual \(authority.rawValue)")
        let verified = try Self.verify(attestation, entry: entry)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.attestationType == attestation.attestationType)
        #expect(verified.metadataEntry?.description == "Virtual \(authority.rawValue)")
    }

    @Test(arguments: Authority.allCases)
    func aRevokedEntryRejectsTheRegistration(_ authority: Authority) throws {
        let attestation = try authority.attestation()
        let entry = VirtualMetadataService.entry(
            for: attestation, aaguid: Support.aaguidA, description: "Revoked \(authority.rawValue)",
            statusReports: [("FIDO_CERTIFIED", "2020-01-01"), ("REVOKED", "2025-01-01")])
        let error = Support.error { _ = try Self.verify(attestation, entry: entry) }
        #expect(error?.code == .authenticatorStatusRejected)
    }

    @Test func theU2FEntryListsTheBatchKeyAndNoAAGUID() throws {
        let attestation = try Authority.fidoU2F.attestation()
        let entry = VirtualMetadataService.entry(for: attestation, aaguid: Support.aaguidA, description: "U2F")
        let identifier = try #require(attestation.attestationCertificateKeyIdentifier)
        #expect(entry.contains("\"attestationCertificateKeyIdentifiers\":[\"\(identifier)\"]"))
        #expect(!entry.contains("\"aaguid\""))
        #expect(entry.contains("\"protocolFamily\":\"u2f\""))
        let tpmEntry = VirtualMetadataService.entry(
            for: try Authority.tpm.attestation(), aaguid: Support.aaguidA, description: "TPM")
        #expect(tpmEntry.contains("\"attestationTypes\":[\"attca\"]"))
        #expect(tpmEntry.contains("\"aaguid\":\"\(Support.aaguidA.uuidString)\""))
    }

    @Test func thePEMFormsReadBack() throws {
        let service = try Support.service()
        let rootPEM = VirtualMetadataService.pem(service.rootCertificate)
        #expect(rootPEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(rootPEM.split(separator: "\n").allSatisfy { $0.count <= 64 })
        #expect(try Certificate.certificates(fromPEM: rootPEM) == [service.rootCertificate])
        let lists = try service.revocationLists(
            thisUpdate: Support.instant, nextUpdate: Support.instant.addingTimeInterval(86_400),
            revokingSigner: true)
        let listsPEM = lists.map(VirtualMetadataService.pem).joined()
        #expect(try CertificateRevocationList.lists(fromPEM: listsPEM).map(\.derEncoded) == lists.map(\.derEncoded))
    }
}
