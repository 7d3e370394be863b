import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VirtualAttestation {
    /// The CA chain of an `android-key` attestation (§8.4) and the flaws of its KeyDescriptions.
    struct AndroidKeyAuthority: Sendable {
        let authority: VirtualAttestationAuthority
        let statementDefects: Set<AndroidKeyStatementDefect>
    }

    /// `android-key` attestation (§8.4) with a newly generated root and, by default, intermediate CA standing in
    /// for Google's hardware attestation roots. Every registration gets a leaf certificate whose public key is
    /// the credential public key and whose KeyDescription extension (1.3.6.1.4.1.11129.2.1.17, §8.4.1,
    /// non-critical) says: attestation version 3 and Keymaster version 4, both at security level
    /// TrustedEnvironment; `attestationChallenge` the `clientDataHash`; an empty `uniqueId`; an empty
    /// `softwareEnforced` list; and a `teeEnforced` list with `purpose` `{KM_PURPOSE_SIGN}` ([1]) and `origin`
    /// `KM_ORIGIN_GENERATED` ([702]), so that both the default and the TEE-only strict authorization policy
    /// accept it, and no `allApplications`. `sig` is the credential key's signature over
    /// `authenticatorData || clientDataHash` with the credential's `alg`; `x5c` is the leaf and the intermediate.
    ///
    /// The verifier reports attestation type basic with `x5c` as trust path.
    ///
    /// - Parameters:
    ///   - notValidBefore: Start of the validity of the CAs and of every leaf.
    ///   - notValidAfter: End of that validity.
    ///   - issuesThroughIntermediate: Whether an intermediate CA issues the leaves.
    ///   - defects: Flaws of the issued chains (``CertificateDefect``); not ``CertificateDefect/leafOnWrongCurve``,
    ///     ``CertificateDefect/missingAAGUIDExtension``, ``CertificateDefect/mismatchedAAGUIDExtension`` or
    ///     ``CertificateDefect/wrongOrganizationalUnit``: the leaf's key is the credential key, it carries no AAGUID
    ///     and §8.4 sets no subject rule.
    ///   - statementDefects: Flaws of the KeyDescription and the leaf's key (``AndroidKeyStatementDefect``).
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for a defect that does not apply, or when a key
    ///   or certificate cannot be created.
    public static func androidKey(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        issuesThroughIntermediate: Bool = true,
        defects: Set<CertificateDefect> = [],
        statementDefects: Set<AndroidKeyStatementDefect> = []
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try requireApplicable(
            defects,
            excluding: [
                .leafOnWrongCurve, .missingAAGUIDExtension, .mismatchedAAGUIDExtension, .wrongOrganizationalUnit,
            ],
            format: "android-key"
        )
        return try VirtualAuthenticatorError.wrapping("cannot create the android-key attestation authority") {
            let authority = try VirtualAttestationAuthority(
                name: "PasskeyVerifier Virtual Android Keystore",
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuesThroughIntermediate: issuesThroughIntermediate,
                defects: defects
            )
            return VirtualAttestation(
                kind: .androidKey(AndroidKeyAuthority(authority: authority, statementDefects: statementDefects)))
        }
    }

    /// `1.3.6.1.4.1.11129.2.1.17`, the Android Keystore KeyDescription extension (§8.4.1).
    static let androidKeyDescriptionOID = "1.3.6.1.4.1.11129.2.1.17"

    /// The `android-key` `attStmt` (§8.4): `{alg, sig, x5c}`.
    static func androidKeyStatement(
        _ android: AndroidKeyAuthority,
        signedData: [UInt8],
        clientDataHash: [UInt8],
        credentialKey: VirtualCredentialKey
    ) throws -> CBORMap {
        let flaws = android.statementDefects
        let signingKey =
            flaws.contains(.leafKeyNotCredentialKey)
            ? try VirtualCredentialKey.generate(credentialKey.algorithm) : credentialKey
        let challenge = flaws.contains(.wrongAttestationChallenge) ? RandomBytes.generate(32) : clientDataHash
        let chain = try android.authority.issueChain(
            subject: DistinguishedName(attributes: [
                .init(oid: DistinguishedName.Attribute.commonNameOID, value: "Android Keystore Key")
            ]),
            publicKey: signingKey.privateKey.publicKey,
            extensions: [
                CertificateExtension(
                    oid: androidKeyDescriptionOID,
                    isCritical: false,
                    value: keyDescription(attestationChallenge: challenge, defects: flaws)
                )
            ]
        )
        return map([
            ("alg", CBORValue(integer: signingKey.algorithm.rawValue)),
            ("sig", .byteString(try signingKey.privateKey.sign(signedData))),
            ("x5c", .array(chain.map { .byteString($0.derEncoded) })),
        ])
    }

    /// A DER `KeyDescription` (§8.4.1; Android "Key and ID attestation" schema) for a key the TEE generated for
    /// signing, with the flaws `defects` name.
    private static func keyDescription(
        attestationChallenge: [UInt8],
        defects: Set<AndroidKeyStatementDefect>
    ) -> [UInt8] {
        let trustedEnvironment: UInt64 = 1
        let purpose: UInt64 = defects.contains(.purposeNotSign) ? 0 : 2
        let origin: UInt64 = defects.contains(.originNotGenerated) ? 2 : 0
        let teeEnforced = DERBuilder.sequence([
            TestKitDER.explicitTag(1, TestKitDER.set([DERBuilder.integer(purpose)])),
            TestKitDER.explicitTag(702, DERBuilder.integer(origin)),
        ])
        let softwareEnforced = DERBuilder.sequence(
            defects.contains(.allApplications) ? [TestKitDER.explicitTag(600, [0x05, 0x00])] : [])
        return DERBuilder.sequence([
            DERBuilder.integer(3),
            TestKitDER.enumerated(trustedEnvironment),
            DERBuilder.integer(4),
            TestKitDER.enumerated(trustedEnvironment),
            DERBuilder.octetString(attestationChallenge),
            DERBuilder.octetString([]),
            softwareEnforced,
            teeEnforced,
        ])
    }
}
