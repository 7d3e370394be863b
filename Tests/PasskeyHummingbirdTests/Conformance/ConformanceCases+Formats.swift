#if Server
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// The credential algorithms and the attestation statement formats.
extension ConformanceCases {
    /// A packed self registration of a credential of `algorithm` (RSA ones from the shared key).
    static func selfAttested(_ algorithm: COSEAlgorithm)
        -> @Sendable (ConformanceServer) async throws
        -> ConformanceAnswer
    {
        { server in
            let key: VirtualCredentialKey
            switch algorithm {
            case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512, .rs1:
                key = try RSAKey.shared().with(algorithm: algorithm)
            default:
                key = try VirtualCredentialKey.generate(algorithm)
            }
            var authenticator = packedSelfAuthenticator
            let registration = try await server.registration(with: &authenticator, algorithm: key)
            return try await server.post("/attestation/result", try toolShape(registration))
        }
    }

    static let algorithms: [String: ConformanceCase] = suite(
        ConformanceTestList.algorithms,
        [
            (
                "P-1",
                .notExpressed("not expressed: optional, and the library offers no secp256k1 (ES256K) credential keys")
            ),
            ("P-2", succeeds(selfAttested(.ps256))),
            ("P-3", succeeds(selfAttested(.ps384))),
            ("P-4", succeeds(selfAttested(.ps512))),
            ("P-5", succeeds(selfAttested(.rs256))),
            ("P-6", succeeds(selfAttested(.rs384))),
            ("P-7", succeeds(selfAttested(.rs512))),
            (
                "P-8",
                .notExpressed(
                    "not expressed: RS1 (SHA-1) is refused for credential keys by decision (accepted in tpm"
                        + " statements only, Docs/Decisions.md), and the test kit cannot make such a credential")
            ),
            ("P-9", succeeds(selfAttested(.es256))),
            ("P-10", succeeds(selfAttested(.es384))),
            ("P-11", succeeds(selfAttested(.es512))),
            ("P-12", succeeds(selfAttested(.edDSA))),
        ])

    /// An authenticator of the listed model with the packed full attestation.
    static func packedFullAuthenticator(_ server: ConformanceServer) -> VirtualAuthenticator {
        ConformanceServer.authenticator(attestation: server.metadata.packed, aaguid: ConformanceMetadata.listedAAGUID)
    }

    /// A packed full registration whose attestation object `change` edits, which must fail with `code`.
    static func editedPackedFull(
        _ code: String,
        _ change: @escaping @Sendable (inout AttestationParts, VirtualRegistration) throws -> Void
    ) -> ConformanceCase {
        fails(code) { server in
            try await editedAttestation(server, packedFullAuthenticator(server), change)
        }
    }

    /// The data an attestation signature covers: authenticator data and the client data hash (§6.5.5 step 4).
    static func signedData(_ registration: VirtualRegistration) -> [UInt8] {
        registration.authenticatorData + HashAlgorithm.sha256.hash(registration.clientDataJSON)
    }

    /// `signature` with its last byte changed.
    static func corrupted(_ signature: CBORValue?) -> CBORValue {
        var bytes = signature?.byteStringValue ?? [0]
        bytes[bytes.count - 1] ^= 0x01
        return .byteString(bytes)
    }

    static let packed: [String: ConformanceCase] =
        suite(
            ConformanceTestList.packedFull,
            [
                (
                    "P-1",
                    succeeds { server in
                        var authenticator = packedFullAuthenticator(server)
                        return try await postedRegistration(server, &authenticator)
                    }
                ),
                ("P-2", succeeds { server in try await listedRegistration(server, .packedIntermediate) }),
                (
                    "F-1",
                    editedPackedFull("unsupportedAttestationFormat") { parts, _ in
                        parts.format = .textString("x-unknown")
                    }
                ),
                (
                    "F-2",
                    editedPackedFull("invalidSignature") { parts, _ in
                        parts.setStatement("sig", corrupted(parts.statementMap[textKey: "sig"]))
                    }
                ),
                (
                    // With x5c gone the statement reads as a self attestation; the credential is ES256 like the
                    // attestation key, so the algorithms agree and the signature check, not an alg mismatch, refuses.
                    "F-3",
                    .executable(
                        .failsNaming("invalidSignature", "self attestation signature does not verify"),
                        play: { server in
                            try await editedAttestation(
                                server, packedFullAuthenticator(server), key: try VirtualCredentialKey.generate(.es256)
                            ) { parts, _ in parts.setStatement("x5c", nil) }
                        })
                ),
                (
                    "F-4",
                    editedPackedFull("invalidAttestationStatement") { parts, _ in
                        parts.setStatement("x5c", .textString("x5c"))
                    }
                ),
                (
                    "F-5",
                    editedPackedFull("invalidAttestationStatement") { parts, _ in parts.setStatement("x5c", .array([]))
                    }
                ),
                (
                    "F-6",
                    listedFails("untrustedAttestation", .packedExpiredLeaf, naming: "certificate has expired (depth 0")
                ),
                (
                    "F-7",
                    listedFails("untrustedAttestation", .packedNotYetValidLeaf, naming: "not yet valid (depth 0")
                ),
                (
                    "F-8",
                    .executable(
                        .failsNaming(
                            "untrustedAttestation", "signed with ES384 on P-384, which the metadata statement"),
                        play: { server in
                            var authenticator = ConformanceServer.authenticator(
                                attestation: server.metadata.packedES384, aaguid: ConformanceMetadata.algorithmAAGUID)
                            return try await postedRegistration(server, &authenticator)
                        })
                ),
                (
                    "F-9",
                    fails("untrustedAttestation") { server in
                        var authenticator = ConformanceServer.authenticator(
                            attestation: try VirtualAttestation.packed(), aaguid: ConformanceMetadata.listedAAGUID)
                        return try await postedRegistration(server, &authenticator)
                    }
                ),
                (
                    "F-10",
                    .executable(
                        .failsNaming("invalidAttestationStatement", "packed x5c carries a root (depth 1"),
                        play: { server in
                            let root = try required(server.metadata.packed.rootCertificate, "the root")
                            return try await editedAttestation(server, packedFullAuthenticator(server)) { parts, _ in
                                let chain = parts.statementMap[textKey: "x5c"]?.arrayValue ?? []
                                parts.setStatement("x5c", .array(chain + [.byteString(root.derEncoded)]))
                            }
                        })
                ),
                (
                    "F-11",
                    listedFails("invalidSignature", .packedReversedChain, naming: "attestation certificate's key")
                ),
                (
                    "F-12",
                    listedFails(
                        "untrustedAttestation", .packedExpiredIntermediate, naming: "certificate has expired (depth 1")
                ),
                (
                    "F-13",
                    editedPackedFull("invalidSignature") { parts, registration in
                        let other = try VirtualCredentialKey.generate(.es256)
                        parts.setStatement("sig", .byteString(try other.sign(signedData(registration))))
                    }
                ),
                (
                    "F-14",
                    editedPackedFull("invalidSignature") { parts, registration in
                        parts.setStatement(
                            "sig", .byteString(try registration.credential.key.sign(signedData(registration))))
                    }
                ),
            ]
        )
        .merging(
            suite(
                ConformanceTestList.packedSelf,
                [
                    (
                        "P-1",
                        succeeds { server in
                            var authenticator = packedSelfAuthenticator
                            return try await postedRegistration(server, &authenticator)
                        }
                    ),
                    (
                        "F-1",
                        editedPackedSelf("invalidSignature") {
                            $0.setStatement("sig", corrupted($0.statementMap[textKey: "sig"]))
                        }
                    ),
                    (
                        "F-2",
                        .executable(
                            .failsNaming(
                                "untrustedAttestation", "the attestation is basic_full, which the metadata statement"),
                            play: { server in
                                var authenticator = ConformanceServer.authenticator(
                                    attestation: server.metadata.packed, aaguid: ConformanceMetadata.selfOnlyAAGUID)
                                return try await postedRegistration(server, &authenticator)
                            })
                    ),
                    ("F-3", editedPackedSelf("unsupportedAttestationFormat") { $0.format = .textString("x-unknown") }),
                ])
        ) { first, _ in first }

    static let noneFormat: [String: ConformanceCase] =
        suite(
            ConformanceTestList.none,
            [
                ("P-1", succeeds(noneRegistration)),
                ("P-2", succeeds(noneRegistration)),
                (
                    "F-1",
                    fails("invalidAttestationStatement") { server in
                        try await editedAttestation(server, packedFullAuthenticator(server), attestation: "none") {
                            parts, _ in
                            parts.format = .textString("none")
                        }
                    }
                ),
            ]
        )

    /// A registration of a `none` authenticator with attestation `none` asked.
    @Sendable static func noneRegistration(_ server: ConformanceServer) async throws -> ConformanceAnswer {
        var authenticator = ConformanceServer.authenticator()
        let registration = try await server.registration(with: &authenticator, attestation: "none")
        return try await server.post("/attestation/result", try toolShape(registration))
    }
}

/// One RSA-2048 key for every RSA case: generating one takes long.
enum RSAKey {
    private static let generated = Result { try VirtualCredentialKey.generate(.rs256) }

    /// The key, generated on first use.
    static func shared() throws -> VirtualCredentialKey { try generated.get() }
}
#endif
