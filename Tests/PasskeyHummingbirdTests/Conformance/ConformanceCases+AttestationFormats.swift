#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The fido-u2f, tpm, android-key and android-safetynet suites, played with the test kit's attestations to
/// generated roots that the starting BLOB lists (``ConformanceAuthority``).
extension ConformanceCases {
    /// A registration attested by `authority` (of its own model unless `aaguid` names another) for a new ES256
    /// credential, with `change` (if any) applied to the attestation object.
    static func listedRegistration(
        _ server: ConformanceServer,
        _ authority: ConformanceAuthority,
        aaguid: AAGUID? = nil,
        _ change: ((inout AttestationParts, VirtualRegistration) throws -> Void)? = nil
    ) async throws -> ConformanceAnswer {
        var authenticator = ConformanceServer.authenticator(
            attestation: try server.metadata.attestation(authority), aaguid: aaguid ?? authority.aaguid)
        let registration = try await server.registration(
            with: &authenticator, algorithm: try VirtualCredentialKey.generate(.es256))
        guard let change else { return try await server.post("/attestation/result", try toolShape(registration)) }
        var parts = try AttestationParts(registration.attestationObject)
        try change(&parts, registration)
        return try await postAttestationObject(server, registration, parts.encoded)
    }

    /// A case that registers with `authority` and must fail with `code` for the check whose message contains
    /// `detail`.
    static func listedFails(_ code: String, _ authority: ConformanceAuthority, naming detail: String)
        -> ConformanceCase
    {
        .executable(.failsNaming(code, detail)) { server in try await listedRegistration(server, authority) }
    }

    static let fidoU2F: [String: ConformanceCase] = suite(
        ConformanceTestList.fidoU2F,
        [
            ("P-1", succeeds { server in try await listedRegistration(server, .fidoU2F) }),
            (
                "F-1",
                .executable(
                    .acceptedByDecision(
                        reason: "the fido-u2f signature does not cover the AAGUID, so it is neither checked nor"
                            + " used (row \"fido-u2f AAGUID\"; the metadata entry is found by the certificate's key)"),
                    play: { server in
                        try await listedRegistration(server, .fidoU2F, aaguid: ConformanceMetadata.listedAAGUID)
                    })
            ),
            (
                "F-2",
                fails("invalidSignature") { server in
                    try await listedRegistration(server, .fidoU2F) { parts, _ in
                        parts.setStatement("sig", corrupted(parts.statementMap[textKey: "sig"]))
                    }
                }
            ),
        ])

    static let tpm: [String: ConformanceCase] = suite(
        ConformanceTestList.tpm,
        [
            ("P-1", succeeds { server in try await listedRegistration(server, .tpmSHA256) }),
            ("P-2", succeeds { server in try await listedRegistration(server, .tpmSHA1) }),
            ("P-3", succeeds { server in try await listedRegistration(server, .tpmSHA512) }),
            (
                "F-1",
                listedFails(
                    "invalidAttestationStatement", .tpmReversedChain, naming: "does not fit the AIK certificate's key")
            ),
            ("F-2", listedFails("invalidAttestationStatement", .tpmWrongExtraData, naming: "certInfo extraData")),
            ("F-3", listedFails("invalidAttestationStatement", .tpmWrongMagic, naming: "certInfo magic")),
            ("F-4", listedFails("invalidAttestationStatement", .tpmPubAreaForAnotherKey, naming: "pubArea")),
        ])

    static let androidKey: [String: ConformanceCase] = suite(
        ConformanceTestList.androidKey,
        [
            ("P-1", succeeds { server in try await listedRegistration(server, .androidKey) }),
            (
                "F-1",
                listedFails("invalidAttestationStatement", .androidKeyWrongChallenge, naming: "attestationChallenge")
            ),
            (
                "F-2",
                listedFails(
                    "invalidAttestationStatement", .androidKeyAnotherKey, naming: "is not the credential public key")
            ),
            ("F-3", listedFails("invalidSignature", .androidKeyReversedChain, naming: "attestation certificate's key")),
        ])

    static let androidSafetyNet: [String: ConformanceCase] = suite(
        ConformanceTestList.androidSafetyNet,
        [
            ("P-1", succeeds { server in try await listedRegistration(server, .androidSafetyNet) }),
            ("F-1", listedFails("invalidAttestationStatement", .androidSafetyNetEmptyVersion, naming: "ver is empty")),
            (
                "F-2",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetEmptyResponse, naming: "is not a compact JWS")
            ),
            (
                "F-3",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetWrongNonce,
                    naming: "nonce is not the base64 of SHA-256")
            ),
            (
                "F-4",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetEmptyCertificateChain,
                    naming: "has no x5c certificate")
            ),
            (
                "F-5",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetCTSProfileMismatch,
                    naming: "ctsProfileMatch is false")
            ),
            (
                "F-6",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetFutureTimestamp,
                    naming: "after the verification instant")
            ),
            (
                "F-7",
                listedFails(
                    "invalidAttestationStatement", .androidSafetyNetStaleTimestamp,
                    naming: "before the verification instant")
            ),
        ])
}
#endif
