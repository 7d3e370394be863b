#if Server
import Foundation
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting

/// The MDS3 suite: the server holds a valid BLOB; each defective BLOB is offered to its metadata service as a
/// refresh would (the conformance tools hand a server one BLOB per test), must be refused, and the model only it
/// lists must then fail to register.
extension ConformanceCases {
    /// A packed full registration of model `aaguid`.
    static func packedFull(_ server: ConformanceServer, _ aaguid: AAGUID) async throws -> ConformanceAnswer {
        var authenticator = ConformanceServer.authenticator(attestation: server.metadata.packed, aaguid: aaguid)
        return try await postedRegistration(server, &authenticator)
    }

    /// Offers `blob` to the server's metadata service, which must refuse it as `invalidMetadata` with a message
    /// containing `reason` (so that the intended defect, not another, is what it found), then registers model
    /// `aaguid`.
    static func refusedBLOB(
        _ server: ConformanceServer,
        _ blob: [UInt8],
        listing aaguid: AAGUID,
        because reason: String
    ) async throws -> ConformanceAnswer {
        do {
            try await server.metadataService.load(jws: blob, at: Date())
        } catch let error as WebAuthnError where error.code == .invalidMetadata && error.message.contains(reason) {
            return try await packedFull(server, aaguid)
        }
        throw HarnessError("the metadata service did not refuse the BLOB for \(reason)")
    }

    static let metadata: [String: ConformanceCase] = suite(
        ConformanceTestList.metadata,
        [
            ("P-1", succeeds { server in try await packedFull(server, ConformanceMetadata.listedAAGUID) }),
            (
                "F-1",
                fails("authenticatorStatusRejected") { server in
                    try await packedFull(server, ConformanceMetadata.compromisedAAGUID)
                }
            ),
            (
                "F-2",
                fails("untrustedAttestation") { server in
                    let aaguid = ConformanceMetadata.badSignatureAAGUID
                    var blob = try server.metadata.blob(
                        listing: aaguid, serialNumber: 2, signedBy: server.metadata.service)
                    let last = blob.count - 2
                    blob[last] = blob[last] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
                    return try await refusedBLOB(server, blob, listing: aaguid, because: "signature does not verify")
                }
            ),
            (
                "F-3",
                fails("untrustedAttestation") { server in
                    let aaguid = ConformanceMetadata.badChainAAGUID
                    let blob = try server.metadata.blob(
                        listing: aaguid, serialNumber: 3, signedBy: server.metadata.untrustedService)
                    return try await refusedBLOB(
                        server, blob, listing: aaguid, because: "unable to get local issuer certificate")
                }
            ),
            (
                "F-4",
                fails("untrustedAttestation") { server in
                    let aaguid = ConformanceMetadata.revokedIntermediateAAGUID
                    let blob = try server.metadata.blob(
                        listing: aaguid, serialNumber: 4, signedBy: server.metadata.revokedIntermediateService)
                    return try await refusedBLOB(server, blob, listing: aaguid, because: "certificate revoked (depth 1")
                }
            ),
            (
                "F-5",
                fails("untrustedAttestation") { server in
                    let aaguid = ConformanceMetadata.revokedSignerAAGUID
                    let blob = try server.metadata.blob(
                        listing: aaguid, serialNumber: 5, signedBy: server.metadata.revokedSignerService)
                    return try await refusedBLOB(server, blob, listing: aaguid, because: "certificate revoked (depth 0")
                }
            ),
        ])
}
#endif
