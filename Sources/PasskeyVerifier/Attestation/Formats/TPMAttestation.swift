import PasskeyCrypto

/// The `tpm` attestation statement format (WebAuthn Level 3 §8.3).
///
/// The TPM certifies the credential key (`pubArea`) with an attestation identity key (AIK): it signs a
/// `TPMS_ATTEST` structure (`certInfo`) that names the credential key and carries the hash of this
/// ceremony's authenticator data and client data. The AIK certificate must meet §8.3.1 and chain to one of
/// this format's trust anchors (Microsoft TPM Root Certificate Authority 2014 is built in, see
/// ``AttestationTrustAnchors/builtIn``); `x5c` must not carry the root itself (Docs/Decisions.md "Roots in
/// x5c"). The statement's `alg` may be RS1 (RSASSA-PKCS1-v1_5 with SHA-1), as Windows Hello uses; RS1 is
/// accepted here and nowhere else.
public struct TPMAttestation: AttestationStatementFormat {
    /// `"tpm"`.
    public let identifier = "tpm"
    private let trustPath: TrustPathValidator

    /// `tcg-at-tpmManufacturer` (TCG EK Credential Profile §3.2.9).
    static let tpmManufacturerOID = "2.23.133.2.1"
    /// `tcg-at-tpmModel`.
    static let tpmModelOID = "2.23.133.2.2"
    /// `tcg-at-tpmVersion`.
    static let tpmVersionOID = "2.23.133.2.3"
    /// `tcg-kp-AIKCertificate`, the key purpose an AIK certificate's extended key usage must contain.
    static let aikCertificateKeyPurposeOID = "2.23.133.8.3"
    /// Subject alternative name (RFC 5280 §4.2.1.6).
    static let subjectAlternativeNameOID = "2.5.29.17"

    /// Creates the format with the roots its AIK certificates must chain to.
    public init(trustAnchors: [Certificate]) {
        self.trustPath = TrustPathValidator(format: "tpm", trustAnchors: trustAnchors)
    }

    /// Verifies a tpm statement (§8.3.2 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(
            input.statement,
            format: identifier,
            allowed: ["ver", "alg", "x5c", "sig", "certInfo", "pubArea"]
        )
        let version = try members.textString("ver")
        guard version == "2.0" else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm attestation statement ver is \"\(version)\", not \"2.0\""
            )
        }
        let (algorithm, hash) = try Self.statementAlgorithm(members)
        let chain = try members.certificateChain()
        let signature = try members.byteString("sig")
        let certInfoBytes = try members.byteString("certInfo")
        let pubArea = try TPMTPublic(bytes: members.byteString("pubArea"))
        try Self.checkKey(pubArea.key, equals: input.attestedCredentialData.credentialPublicKey)

        let certInfo = try TPMSAttest(bytes: certInfoBytes)
        guard ConstantTime.equals(certInfo.extraData, hash.hash(input.signedData)) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm certInfo extraData is not the \(algorithm) hash of authenticatorData || clientDataHash"
            )
        }
        guard certInfo.attestedName == pubArea.name else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm certInfo attested.name is not nameAlg || H_nameAlg(pubArea): it certifies another key"
            )
        }
        guard let aik = chain.first else {
            throw WebAuthnError(.invalidAttestationStatement, "the tpm attestation statement has no certificate")
        }
        try AttestationSignature.verify(
            signature, over: certInfoBytes, with: aik, algorithm: algorithm, format: "tpm",
            certificateName: "AIK certificate")
        let manufacturer = try Self.checkCertificateRequirements(aik, aaguid: input.attestedCredentialData.aaguid)
        try SentRootCertificate.refuse(in: chain, format: identifier)
        try trustPath.validate(chain, for: input)
        return AttestationResult(type: .attCA, trustPath: chain, tpmManufacturer: manufacturer)
    }

    /// The statement's `alg` and its hash: any supported COSE algorithm with a hash, or RS1 (§8.3, RFC 8812 §2).
    private static func statementAlgorithm(
        _ members: AttestationStatementMembers
    ) throws(WebAuthnError) -> (COSEAlgorithm, HashAlgorithm) {
        let algorithm = COSEAlgorithm(rawValue: try members.integer("alg"))
        guard algorithm == .rs1 || COSEAlgorithm.allSupported.contains(algorithm), let hash = algorithm.hashAlgorithm
        else {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "the tpm attestation statement uses COSE algorithm \(algorithm), which is not supported for TPM "
                    + "attestation (an ECDSA, RSASSA or RSASSA-PSS algorithm, or RS1, is required)"
            )
        }
        return (algorithm, hash)
    }

    /// §8.3.2: the key in `pubArea` must be the credential public key (RSA `n` and `e`, an exponent of 0 meaning
    /// 65537; ECC curve, `x` and `y`).
    package static func checkKey(_ key: TPMTPublic.Key, equals credentialKey: COSEKey) throws(WebAuthnError) {
        switch key {
        case .rsa(_, let exponent, let modulus):
            guard credentialKey.keyType == .rsa, let credentialModulus = credentialKey.modulus,
                let credentialExponent = credentialKey.exponent
            else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm pubArea holds an RSA key but the credential key has kty \(credentialKey.keyType.rawValue)"
                )
            }
            guard credentialModulus == modulus else {
                throw WebAuthnError(.invalidAttestationStatement, "the tpm pubArea RSA modulus is not the credential's")
            }
            let effectiveExponent = exponent == 0 ? 65537 : exponent
            guard credentialExponent == minimalBigEndian(effectiveExponent) else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm pubArea RSA exponent \(effectiveExponent) is not the credential's"
                )
            }
        case .ecc(let curveID, let x, let y):
            guard credentialKey.keyType == .ec2, let credentialCurve = credentialKey.curve else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm pubArea holds an ECC key but the credential key has kty \(credentialKey.keyType.rawValue)"
                )
            }
            guard TPMAlgorithmID.curve(curveID) == credentialCurve else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm pubArea curve \(TPMAlgorithmID.hex(curveID)) is not the credential's crv "
                        + "\(credentialCurve.rawValue)"
                )
            }
            guard credentialKey.xCoordinate == x, credentialKey.yCoordinate == y else {
                throw WebAuthnError(.invalidAttestationStatement, "the tpm pubArea ECC point is not the credential's")
            }
        }
    }

    /// The big-endian bytes of `value` without leading zeros, as a COSE RSA `e` is encoded (RFC 8230 §4).
    private static func minimalBigEndian(_ value: UInt32) -> [UInt8] {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        return Array(bytes.drop { $0 == 0 })
    }

    /// The AIK certificate requirements (§8.3.1) and the AAGUID extension check (§8.3.2); returns the
    /// certified TPM manufacturer.
    static func checkCertificateRequirements(
        _ certificate: Certificate,
        aaguid: AAGUID
    ) throws(WebAuthnError) -> TPMManufacturer {
        guard certificate.version == 3 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate is version \(certificate.version); version 3 is required"
            )
        }
        guard certificate.subject.isEmpty else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate's subject must be empty, not \(certificate.subject)"
            )
        }
        guard let subjectAlternativeName = certificate.extension(oid: subjectAlternativeNameOID) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate has no subject alternative name extension"
            )
        }
        guard subjectAlternativeName.isCritical else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate's subject alternative name must be critical (its subject is empty)"
            )
        }
        let attributes = certificate.subjectAlternativeNameDirectoryAttributes
        let required = [
            (tpmManufacturerOID, "TPM manufacturer"), (tpmModelOID, "TPM model"), (tpmVersionOID, "TPM version"),
        ]
        for (oid, name) in required {
            let values = attributes.filter { $0.oid == oid }.map(\.value)
            guard values.count == 1, let value = values.first, !value.isEmpty else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm AIK certificate's subject alternative name must hold one non-empty \(name) (\(oid)) "
                        + "in a directoryName; it holds \(values.count)"
                )
            }
        }
        guard certificate.extendedKeyUsageOIDs.contains(aikCertificateKeyPurposeOID) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate's extended key usage does not contain tcg-kp-AIKCertificate "
                    + "\(aikCertificateKeyPurposeOID): \(certificate.extendedKeyUsageOIDs)"
            )
        }
        if certificate.isCertificateAuthority == true {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm AIK certificate is a CA certificate (basic constraints cA is true)"
            )
        }
        try CertificateExtensionValues.checkAAGUIDExtension(
            of: certificate,
            matches: aaguid,
            certificateName: "tpm AIK certificate",
            requireNonCritical: false
        )
        let manufacturer = attributes.first { $0.oid == tpmManufacturerOID }?.value ?? ""
        return TPMManufacturer(identifier: manufacturer)
    }
}
