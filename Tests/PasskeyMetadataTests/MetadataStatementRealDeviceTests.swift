import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Recorded registrations of real authenticators against entries written as the FIDO Metadata Service publishes
/// theirs (`attestationTypes`, `authenticationAlgorithms`, the vendor's root): the statement consistency checks
/// (Docs/Decisions.md "Metadata statement consistency") pass them, and refuse them once the entry says otherwise,
/// which shows the entry decided their trust.
@Suite struct MetadataStatementRealDeviceTests {
    typealias Support = MetadataTestSupport

    /// A recorded registration of `Fixtures/real-devices/` and the expectations it was made under.
    static func recorded(_ name: String) throws -> (RegistrationResponse, RegistrationExpectations) {
        let recorded = try Support.recordedRegistration("real-devices/\(name).registration.json")
        return (recorded.response, recorded.expectations)
    }

    /// A policy whose one entry describes `aaguid` under `root` with `attestationTypes` and
    /// `authenticationAlgorithms`.
    static func policy(
        aaguid: String,
        description: String,
        root: Certificate,
        attestationTypes: [String],
        authenticationAlgorithms: [String]
    ) throws -> MetadataTrustPolicy {
        let service = try Support.service()
        let names = authenticationAlgorithms.map { "\"\($0)\"" }.joined(separator: ",")
        let entry = VirtualMetadataService.entry(
            aaguid: AAGUID(uuidString: aaguid) ?? .zero, description: description,
            attestationRootCertificates: [root], attestationTypes: attestationTypes,
            statementMembers: ["authenticationAlgorithms": "[\(names)]"])
        return MetadataTrustPolicy(blob: try Support.load(Support.blob(service, entries: [entry]), root: service))
    }

    @Test func aYubiKey5WithNFCPassesItsEntryAndNotAnotherModels() throws {
        let (response, expectations) = try Self.recorded("YubiKey5Nfc")
        let root = try #require(
            Support.fixtureCertificates("trust-anchors/yubico-u2f-root-ca-457200631.pem").first)
        let entry = { (types: [String], algorithms: [String]) in
            try Self.policy(
                aaguid: "fa2b99dc-9e39-4257-8f92-4a30d23c4118", description: "YubiKey 5 Series with NFC",
                root: root, attestationTypes: types, authenticationAlgorithms: algorithms)
        }
        let published = try entry(["basic_full"], ["ed25519_eddsa_sha512_raw", "secp256r1_ecdsa_sha256_raw"])
        let verified = try RegistrationVerifier(metadata: published).verify(response, expecting: expectations)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.attestationType == .basic)
        #expect(verified.metadataEntry?.description == "YubiKey 5 Series with NFC")

        let selfOnly = try entry(["basic_surrogate"], ["secp256r1_ecdsa_sha256_raw"])
        let ed25519Only = try entry(["basic_full"], ["ed25519_eddsa_sha512_raw"])
        for policy in [selfOnly, ed25519Only] {
            let error = Support.error {
                _ = try RegistrationVerifier(metadata: policy).verify(response, expecting: expectations)
            }
            #expect(error?.code == .untrustedAttestation)
        }
    }

    /// Windows Hello's AIK certificate names no AAGUID (no `1.3.6.1.4.1.45724.1.1.4`), so its entry is not tied to
    /// the attestation: the built-in Microsoft TPM root decides the trust, and the entry is reported but compared
    /// with nothing (nor is the tpm statement's RS1 `alg`).
    @Test(arguments: ["rsassa_pkcsv15_sha256_raw", "rsa_emsa_pkcs1_sha256_raw"])
    func aWindowsHelloTPMPassesItsEntryWhichDoesNotDecideItsTrust(algorithm: String) throws {
        let (response, expectations) = try Self.recorded("WindowsHelloTpm")
        let root = try #require(MicrosoftTPMRootCA.certificate)
        for types in [["attca"], ["basic_full"]] {
            let policy = try Self.policy(
                aaguid: "08987058-cadc-4b81-b6e1-30de50dcbe96", description: "Windows Hello Hardware Authenticator",
                root: root, attestationTypes: types, authenticationAlgorithms: [algorithm])
            let verified = try RegistrationVerifier(metadata: policy).verify(response, expecting: expectations)
            #expect(verified.attestationTrust == .trusted)
            #expect(verified.attestationType == .attCA)
            #expect(verified.metadataEntry?.description == "Windows Hello Hardware Authenticator")
            #expect(verified.trustPath.first?.extension(oid: "1.3.6.1.4.1.45724.1.1.4") == nil)
        }
    }
}
