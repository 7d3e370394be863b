#if Server
import Foundation
import PasskeyHummingbird
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting

/// The metadata the conformance server starts with, standing in for what the FIDO tools hand over (their BLOB and
/// its root): a `VirtualMetadataService` BLOB listing the suite's authenticator models, plus the defective BLOBs
/// of the MDS3 suite, each listing one more model that only it vouches for.
struct ConformanceMetadata: Sendable {
    /// A model with packed full attestation under ``packed``'s root (`basic_full`).
    static let listedAAGUID = aaguid("c0f0a000-0000-4000-8000-000000000001")
    /// A model whose status reports an attestation key compromise.
    static let compromisedAAGUID = aaguid("c0f0a000-0000-4000-8000-000000000002")
    /// A model whose metadata declares self attestation (`basic_surrogate`) only, under ``packed``'s root.
    static let selfOnlyAAGUID = aaguid("c0f0a000-0000-4000-8000-000000000003")
    /// A model whose metadata declares ES256 only while its attestation key is ES384.
    static let algorithmAAGUID = aaguid("c0f0a000-0000-4000-8000-000000000004")
    /// Models listed only in the defective BLOBs of the MDS3 suite, by test.
    static let badSignatureAAGUID = aaguid("c0f0a000-0000-4000-8000-0000000000f2")
    static let badChainAAGUID = aaguid("c0f0a000-0000-4000-8000-0000000000f3")
    static let revokedIntermediateAAGUID = aaguid("c0f0a000-0000-4000-8000-0000000000f4")
    static let revokedSignerAAGUID = aaguid("c0f0a000-0000-4000-8000-0000000000f5")

    /// The packed full attestation authority the listed models share.
    let packed: VirtualAttestation
    /// A packed full attestation authority with an ES384 attestation key.
    let packedES384: VirtualAttestation
    /// The authorities of the format and certificate cases, each listed for its own model.
    let authorities: [ConformanceAuthority: VirtualAttestation]
    /// The metadata service signing the BLOB the server starts with.
    let service: VirtualMetadataService
    /// A service whose intermediate its root's revocation list revokes.
    let revokedIntermediateService: VirtualMetadataService
    /// A service whose signer its intermediate's revocation list revokes.
    let revokedSignerService: VirtualMetadataService
    /// A service whose root the server does not trust.
    let untrustedService: VirtualMetadataService
    /// The revocation lists of the three trusted services (their authorities have names of their own, so that each
    /// list is found for its own issuer).
    let revocationLists: [CertificateRevocationList]

    init() throws {
        packed = try VirtualAttestation.packed()
        packedES384 = try VirtualAttestation.packed(algorithm: .es384)
        var authorities: [ConformanceAuthority: VirtualAttestation] = [:]
        for authority in ConformanceAuthority.allCases {
            authorities[authority] = try authority.make()
        }
        self.authorities = authorities
        service = try VirtualMetadataService(authorityName: "Conformance Metadata")
        revokedIntermediateService = try VirtualMetadataService(authorityName: "Conformance Revoked Intermediate")
        revokedSignerService = try VirtualMetadataService(authorityName: "Conformance Revoked Signer")
        untrustedService = try VirtualMetadataService(authorityName: "Conformance Untrusted")
        let thisUpdate = Date().addingTimeInterval(-86_400)
        let nextUpdate = Date().addingTimeInterval(30 * 86_400)
        revocationLists =
            try service.revocationLists(thisUpdate: thisUpdate, nextUpdate: nextUpdate)
            + revokedIntermediateService.revocationLists(
                thisUpdate: thisUpdate, nextUpdate: nextUpdate, revokingIntermediate: true)
            + revokedSignerService.revocationLists(thisUpdate: thisUpdate, nextUpdate: nextUpdate, revokingSigner: true)
    }

    /// The roots the server trusts for BLOBs (`--metadata-root`).
    var trustAnchors: [Certificate] {
        [service.rootCertificate, revokedIntermediateService.rootCertificate, revokedSignerService.rootCertificate]
    }

    /// The BLOB the server starts with (`--metadata`), number 1.
    func startingBLOB() throws -> [UInt8] {
        let root = try packedRoot()
        let entries = [
            VirtualMetadataService.entry(
                aaguid: Self.listedAAGUID, description: "Conformance packed key", attestationRootCertificates: [root]),
            VirtualMetadataService.entry(
                aaguid: Self.compromisedAAGUID, description: "Conformance compromised key",
                attestationRootCertificates: [root],
                statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("ATTESTATION_KEY_COMPROMISE", "2024-06-01")],
                timeOfLastStatusChange: "2024-06-01"),
            VirtualMetadataService.entry(
                aaguid: Self.selfOnlyAAGUID, description: "Conformance self-attesting key",
                attestationRootCertificates: [root], attestationTypes: ["basic_surrogate"]),
            VirtualMetadataService.entry(
                aaguid: Self.algorithmAAGUID, description: "Conformance ES256 key",
                attestationRootCertificates: [try Self.root(of: packedES384)],
                statementMembers: ["authenticationAlgorithms": "[\"secp256r1_ecdsa_sha256_raw\"]"]),
        ]
        let authorityEntries = try ConformanceAuthority.allCases.map { authority in
            VirtualMetadataService.entry(
                for: try attestation(authority), aaguid: authority.aaguid,
                description: "Conformance \(authority) key")
        }
        return try service.blob(payload: Self.payload(serialNumber: 1, entries: entries + authorityEntries))
    }

    /// The authority of `authority`.
    func attestation(_ authority: ConformanceAuthority) throws -> VirtualAttestation {
        guard let attestation = authorities[authority] else { throw HarnessError("no \(authority) authority") }
        return attestation
    }

    /// A BLOB number `serialNumber` signed by `signer`, listing `aaguid` under ``packed``'s root.
    func blob(listing aaguid: AAGUID, serialNumber: Int, signedBy signer: VirtualMetadataService) throws -> [UInt8] {
        let entry = VirtualMetadataService.entry(
            aaguid: aaguid, description: "Conformance key of a defective BLOB",
            attestationRootCertificates: [try packedRoot()])
        return try signer.blob(payload: Self.payload(serialNumber: serialNumber, entries: [entry]))
    }

    private func packedRoot() throws -> Certificate { try Self.root(of: packed) }

    private static func root(of attestation: VirtualAttestation) throws -> Certificate {
        guard let root = attestation.rootCertificate else { throw HarnessError("the attestation has no root") }
        return root
    }

    private static func payload(serialNumber: Int, entries: [String]) -> [UInt8] {
        VirtualMetadataService.payload(serialNumber: serialNumber, nextUpdate: "2099-01-01", entries: entries)
    }

    private static func aaguid(_ text: String) -> AAGUID { AAGUID(uuidString: text) ?? .zero }
}
#endif
