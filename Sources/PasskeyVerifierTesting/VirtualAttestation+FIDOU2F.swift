import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VirtualAttestation {
    /// The root CA and the batch attestation key of a `fido-u2f` attestation (§8.6).
    struct FIDOU2FAuthority: Sendable {
        let authority: VirtualAttestationAuthority
        let attestationKey: PrivateKey
    }

    /// `fido-u2f` attestation (§8.6) with a newly generated root CA: every registration gets an attestation
    /// certificate for one P-256 batch attestation key, issued by the root (`x5c` holds exactly that certificate,
    /// §8.6.2 step 2), and `sig` is the ES256 signature over
    /// `0x00 || rpIdHash || clientDataHash || credentialId || 0x04 || x || y` (FIDO U2F Raw Message Formats §4.3).
    ///
    /// The credential key must be ES256 (an EC2 P-256 key), as a U2F authenticator's is; a registration with
    /// another algorithm throws ``VirtualAuthenticatorError/Code/unsupportedAlgorithm``. The authenticator's
    /// AAGUID is not signed: use ``VirtualAuthenticator/aaguid`` ``AAGUID/zero`` as a CTAP1 authenticator does.
    ///
    /// - Parameters:
    ///   - notValidBefore: Start of the validity of the root and of every attestation certificate.
    ///   - notValidAfter: End of that validity.
    ///   - defects: Flaws of the issued certificates: ``CertificateDefect/expiredLeaf``,
    ///     ``CertificateDefect/notYetValidLeaf``, ``CertificateDefect/leafOnWrongCurve`` (a P-384 batch key) and
    ///     ``CertificateDefect/certificateAuthorityLeaf``; the others do not apply to a one-certificate `x5c`
    ///     without an AAGUID extension or subject rules (§8.6.2).
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for a defect that does not apply, or when a key
    ///   or certificate cannot be created.
    public static func fidoU2F(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        defects: Set<CertificateDefect> = []
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try requireApplicable(
            defects,
            excluding: [
                .expiredIntermediate, .notYetValidIntermediate, .reversedChainOrder, .missingAAGUIDExtension,
                .mismatchedAAGUIDExtension, .wrongOrganizationalUnit,
            ],
            format: "fido-u2f"
        )
        return try VirtualAuthenticatorError.wrapping("cannot create the fido-u2f attestation authority") {
            let authority = try VirtualAttestationAuthority(
                name: "PasskeyVerifier Virtual U2F",
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuesThroughIntermediate: false,
                defects: defects
            )
            let attestationKey = try PrivateKey.generate(defects.contains(.leafOnWrongCurve) ? .es384 : .es256)
            return VirtualAttestation(
                kind: .fidoU2F(FIDOU2FAuthority(authority: authority, attestationKey: attestationKey)))
        }
    }

    /// The `fido-u2f` `attStmt` (§8.6): `{sig, x5c}`.
    static func fidoU2FStatement(
        _ u2f: FIDOU2FAuthority,
        relyingPartyIDHash: [UInt8],
        clientDataHash: [UInt8],
        credentialID: [UInt8],
        credentialKey: VirtualCredentialKey
    ) throws -> CBORMap {
        let publicKey = credentialKey.publicKey
        guard credentialKey.algorithm == .es256, let x = publicKey.xCoordinate, let y = publicKey.yCoordinate else {
            throw VirtualAuthenticatorError(
                .unsupportedAlgorithm,
                "fido-u2f attests EC2 P-256 (ES256) credential keys only, not \(credentialKey.algorithm)"
            )
        }
        let verificationData = [0x00] + relyingPartyIDHash + clientDataHash + credentialID + [0x04] + x + y
        let chain = try u2f.authority.issueChain(
            subject: DistinguishedName(attributes: [
                .init(
                    oid: DistinguishedName.Attribute.commonNameOID,
                    value: "PasskeyVerifier Virtual U2F EE Serial \(hexadecimal(RandomBytes.generate(4)))")
            ]),
            publicKey: u2f.attestationKey.publicKey,
            extensions: []
        )
        return map([
            ("sig", .byteString(try u2f.attestationKey.sign(verificationData))),
            ("x5c", .array(chain.map { .byteString($0.derEncoded) })),
        ])
    }
}
