import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A registration whose trust a metadata entry decides must agree with the entry's statement (FIDO Metadata
/// Statement v3.0 §4 `attestationTypes`, `authenticationAlgorithms`; Docs/Decisions.md "Metadata statement
/// consistency"): otherwise `untrustedAttestation`. Self and `none` attestations, untrusted ones, empty lists and
/// unknown algorithm names rule nothing out.
@Suite struct MetadataStatementConsistencyTests {
    typealias Support = MetadataTestSupport

    static let packed: VirtualAttestation? = try? VirtualAttestation.packed()
    static let packedES384: VirtualAttestation? = try? VirtualAttestation.packed(algorithm: .es384)

    /// A registration of an `algorithm` credential by an authenticator of model `aaguidA` with `attestation`.
    static func registration(
        _ attestation: VirtualAttestation?,
        algorithm: COSEAlgorithm = .es256
    ) throws -> RegistrationResponse {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: MetadataTestSupport.relyingPartyID, attestation: try #require(attestation),
            aaguid: Support.aaguidA)
        let registration = try authenticator.register(
            challenge: MetadataTestSupport.registrationChallenge, algorithm: algorithm, userHandle: nil)
        return try RegistrationResponse(json: registration.jsonBytes)
    }

    /// A policy over a BLOB whose one entry for `aaguidA` lists `root` (the packed authority's by default),
    /// `attestationTypes` and, when given, `authenticationAlgorithms`.
    static func policy(
        attestationTypes: [String] = ["basic_full"],
        authenticationAlgorithms: [String]? = nil,
        root: Certificate? = nil
    ) throws -> MetadataTrustPolicy {
        let service = try Support.service()
        let algorithms = authenticationAlgorithms.map { names in
            ["authenticationAlgorithms": "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"]
        }
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "Consistent Key",
            attestationRootCertificates: [try root ?? #require(packed?.rootCertificate)],
            attestationTypes: attestationTypes, statementMembers: algorithms ?? [:])
        let blob = try Support.load(Support.blob(service, entries: [entry]), root: service)
        return MetadataTrustPolicy(blob: blob)
    }

    static func verify(
        _ response: RegistrationResponse,
        _ policy: MetadataTrustPolicy,
        untrustedAttestationPolicy: UntrustedAttestationPolicy = .reject
    ) throws -> VerifiedRegistration {
        var expectations = MetadataTestSupport.registrationExpectations(at: Support.instant)
        expectations.untrustedAttestationPolicy = untrustedAttestationPolicy
        return try RegistrationVerifier(metadata: policy).verify(response, expecting: expectations)
    }

    // MARK: attestationTypes

    @Test func aFullAttestationFromAModelDeclaringSelfAttestationOnlyIsRefused() throws {
        let policy = try Self.policy(attestationTypes: ["basic_surrogate"])
        let error = Support.error { _ = try Self.verify(Self.registration(Self.packed), policy) }
        #expect(error?.code == .untrustedAttestation)
        #expect(error?.message.contains("the attestation is basic_full, which the metadata statement") == true)
        #expect(error?.message.contains("\"Consistent Key\"") == true)
    }

    @Test(arguments: [
        (["basic_full"], AttestationType.basic), (["basic_surrogate", "basic_full"], .basic), (["attca"], .attCA),
        (["anonca"], .anonCA), (["anonca", "attca"], .attCA), ([], .basic),
    ])
    func aFullAttestationOfADeclaredTypePasses(types: [String], reported: AttestationType) throws {
        let verified = try Self.verify(Self.registration(Self.packed), Self.policy(attestationTypes: types))
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.attestationType == reported)
    }

    @Test func aTPMAttestationNeedsAttCAAmongTheTypes() throws {
        let tpm = try VirtualAttestation.tpm(algorithm: .es256)
        let root = try #require(tpm.rootCertificate)
        let verified = try Self.verify(
            Self.registration(tpm), Self.policy(attestationTypes: ["attca"], root: root))
        #expect(verified.attestationType == .attCA)
        let error = Support.error {
            _ = try Self.verify(Self.registration(tpm), Self.policy(attestationTypes: ["basic_full"], root: root))
        }
        #expect(error?.code == .untrustedAttestation)
        #expect(error?.message.contains("the attestation is attca") == true)
    }

    @Test(arguments: [VirtualAttestation.packedSelf, .none])
    func selfAndNoneAttestationsAreNotComparedWithTheTypes(attestation: VirtualAttestation) throws {
        let verified = try Self.verify(
            Self.registration(attestation), Self.policy(attestationTypes: ["basic_full"]))
        #expect(verified.attestationTrust == .noTrustPath)
        #expect(verified.metadataEntry?.description == "Consistent Key")
    }

    @Test func anUntrustedAttestationIsNotComparedWithTheTypes() throws {
        let otherRoot = try #require(try VirtualAttestation.packed().rootCertificate)
        let policy = try Self.policy(attestationTypes: ["basic_surrogate"], root: otherRoot)
        let verified = try Self.verify(
            Self.registration(Self.packed), policy, untrustedAttestationPolicy: .acceptAsUnverified)
        #expect(verified.attestationTrust != .trusted)
        let error = Support.error { _ = try Self.verify(Self.registration(Self.packed), policy) }
        #expect(error?.code == .untrustedAttestation)
        #expect(error?.message.contains("metadata entry's roots") == true)
    }

    // MARK: authenticationAlgorithms

    @Test func aPackedAttestationKeyOfAnUndeclaredAlgorithmIsRefused() throws {
        let root = try #require(Self.packedES384?.rootCertificate)
        let policy = try Self.policy(authenticationAlgorithms: ["secp256r1_ecdsa_sha256_raw"], root: root)
        let error = Support.error { _ = try Self.verify(Self.registration(Self.packedES384), policy) }
        #expect(error?.code == .untrustedAttestation)
        #expect(error?.message.contains("signed with ES384 on P-384, which the metadata statement") == true)
    }

    @Test(arguments: [
        ["secp384r1_ecdsa_sha384_raw"], ["secp256r1_ecdsa_sha256_raw", "secp384r1_ecdsa_sha384_raw"], [],
        ["secp256r1_ecdsa_sha256_raw", "sm2_sm3_raw"], ["an_algorithm_of_the_future"],
    ])
    func aPackedAttestationKeyOfADeclaredOrUnruledAlgorithmPasses(names: [String]) throws {
        let root = try #require(Self.packedES384?.rootCertificate)
        let policy = try Self.policy(authenticationAlgorithms: names, root: root)
        #expect(try Self.verify(Self.registration(Self.packedES384), policy).attestationTrust == .trusted)
    }

    @Test(arguments: [
        ("secp256r1_ecdsa_sha256_der", COSEAlgorithm.es256), ("secp521r1_ecdsa_sha512_raw", .es512),
        ("secp512r1_ecdsa_sha512_raw", .es512), ("ed25519_eddsa_sha512_raw", .edDSA),
        ("rsassa_pkcsv15_sha256_raw", .rs256), ("rsa_emsa_pkcs1_sha256_raw", .rs256), ("rsassa_pss_sha256_raw", .ps256),
    ])
    func eachRegistryNameAdmitsItsAlgorithm(name: String, algorithm: COSEAlgorithm) throws {
        let attestation = try VirtualAttestation.packed(algorithm: algorithm)
        let root = try #require(attestation.rootCertificate)
        let admitted = try Self.policy(authenticationAlgorithms: [name], root: root)
        #expect(try Self.verify(Self.registration(attestation), admitted).attestationTrust == .trusted)
        let other = algorithm == .es256 ? "secp384r1_ecdsa_sha384_raw" : "secp256r1_ecdsa_sha256_raw"
        let refused = try Self.policy(authenticationAlgorithms: [other], root: root)
        #expect(
            Support.error { _ = try Self.verify(Self.registration(attestation), refused) }?.code
                == .untrustedAttestation)
    }

    @Test func theCredentialKeyIsNotComparedWithTheAlgorithms() throws {
        let policy = try Self.policy(authenticationAlgorithms: ["secp256r1_ecdsa_sha256_raw"])
        let verified = try Self.verify(Self.registration(Self.packed, algorithm: .edDSA), policy)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.credentialPublicKey.algorithm == .edDSA)
    }
}
