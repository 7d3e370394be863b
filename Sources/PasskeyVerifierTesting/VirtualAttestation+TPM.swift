import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension VirtualAttestation {
    /// The CA chain, the attestation identity key (AIK) and the AIK certificate's TPM description of a `tpm`
    /// attestation (§8.3).
    struct TPMAuthority: Sendable {
        let authority: VirtualAttestationAuthority
        let attestationKey: PrivateKey
        let includesAAGUIDExtension: Bool
        let manufacturer: String
        let model: String
        let version: String
        let statementDefects: Set<TPMStatementDefect>
    }

    /// `tcg-at-tpmManufacturer`, `tcg-at-tpmModel`, `tcg-at-tpmVersion` (TCG EK Credential Profile §3.2.9).
    static let tpmManufacturerOID = "2.23.133.2.1"
    static let tpmModelOID = "2.23.133.2.2"
    static let tpmVersionOID = "2.23.133.2.3"
    /// `tcg-kp-AIKCertificate` (§8.3.1).
    static let aikCertificateKeyPurposeOID = "2.23.133.8.3"
    /// `id-kp-serverAuth` (RFC 5280 §4.2.1.12).
    static let serverAuthKeyPurposeOID = "1.3.6.1.5.5.7.3.1"

    /// `tpm` attestation (§8.3) with a newly generated TPM-like CA chain (a root and, by default, an intermediate
    /// as TPM vendors use) and one attestation identity key (AIK). Every registration gets:
    /// - `pubArea`: a `TPMT_PUBLIC` (TPM 2.0 Part 2 §12.2.4) whose `unique` is the credential key: RSA (`keyBits`,
    ///   `exponent` 0 for 65537, the modulus) or ECC (the curve of P-256, P-384 or P-521, `x`, `y`); `nameAlg`
    ///   SHA-256.
    /// - `certInfo`: a `TPMS_ATTEST` (§10.12.12) with `magic` `TPM_GENERATED_VALUE`, `type`
    ///   `TPM_ST_ATTEST_CERTIFY`, `extraData` the hash of `authenticatorData || clientDataHash` with the hash of
    ///   `alg`, and `attested.name` the Name of `pubArea` (`nameAlg || SHA-256(pubArea)`).
    /// - `sig`: the AIK's signature over `certInfo` with `alg`.
    /// - `x5c`: an AIK certificate meeting §8.3.1 (version 3; an empty subject; a critical subject alternative
    ///   name whose directoryName holds the TPM manufacturer, model and version; extended key usage
    ///   `2.23.133.8.3`; basic constraints `cA` false; the AAGUID extension `1.3.6.1.4.1.45724.1.1.4` unless
    ///   excluded), then the intermediate.
    ///
    /// The verifier reports attestation type attCA with `x5c` as trust path. The credential key must be RSA or
    /// EC2; a registration with another key throws ``VirtualAuthenticatorError/Code/unsupportedAlgorithm``.
    ///
    /// - Parameters:
    ///   - notValidBefore: Start of the validity of the CAs and of every AIK certificate.
    ///   - notValidAfter: End of that validity.
    ///   - algorithm: The AIK's algorithm, the statement's `alg`: RS256 (by default, as TPMs' RSA AIKs), any
    ///     RS/PS algorithm, ES256, ES384 or ES512; or RS1 (RSASSA-PKCS1-v1_5 with SHA-1, COSE −65535): an RSA AIK
    ///     that signs `certInfo` with SHA-1, and `extraData` a SHA-1 hash, as older TPMs do and TPM statements may
    ///     (credential keys never use RS1).
    ///   - issuesThroughIntermediate: Whether an intermediate CA issues the AIK certificates.
    ///   - includesAAGUIDExtension: Whether AIK certificates carry the AAGUID extension (optional in §8.3.1).
    ///   - manufacturer: `tcg-at-tpmManufacturer` (2.23.133.2.1): `id:` and eight hexadecimal digits; the default
    ///     `id:FFFFF1D0` is the vendor ID FIDO's own test TPM uses, not in the TCG registry.
    ///   - model: `tcg-at-tpmModel` (2.23.133.2.2).
    ///   - version: `tcg-at-tpmVersion` (2.23.133.2.3).
    ///   - defects: Flaws of the issued chains (``CertificateDefect``); ``CertificateDefect/leafOnWrongCurve``
    ///     gives the AIK a key that does not fit `alg` (P-384 for ES256, otherwise P-256); not
    ///     ``CertificateDefect/wrongOrganizationalUnit`` (the AIK's subject is empty: see
    ///     ``TPMStatementDefect/nonEmptySubject``).
    ///   - statementDefects: Flaws of the statement and the AIK certificate (``TPMStatementDefect``).
    /// - Throws: ``VirtualAuthenticatorError``: `invalidParameter` for a defect that does not apply, or when a key
    ///   or certificate cannot be created.
    public static func tpm(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        algorithm: COSEAlgorithm = .rs256,
        issuesThroughIntermediate: Bool = true,
        includesAAGUIDExtension: Bool = true,
        manufacturer: String = "id:FFFFF1D0",
        model: String = "PasskeyVerifier vTPM",
        version: String = "id:13",
        defects: Set<CertificateDefect> = [],
        statementDefects: Set<TPMStatementDefect> = []
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try requireApplicable(defects, excluding: [.wrongOrganizationalUnit], format: "tpm")
        return try VirtualAuthenticatorError.wrapping("cannot create the tpm attestation authority") {
            let authority = try VirtualAttestationAuthority(
                name: "PasskeyVerifier Virtual TPM",
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuesThroughIntermediate: issuesThroughIntermediate,
                defects: defects
            )
            let keyAlgorithm: COSEAlgorithm =
                defects.contains(.leafOnWrongCurve)
                ? (algorithm == .es256 ? .es384 : .es256) : (algorithm == .rs1 ? .rs256 : algorithm)
            let tpm = TPMAuthority(
                authority: authority,
                attestationKey: try PrivateKey.generate(keyAlgorithm),
                includesAAGUIDExtension: includesAAGUIDExtension,
                manufacturer: manufacturer,
                model: model,
                version: version,
                statementDefects: statementDefects
            )
            return VirtualAttestation(kind: .tpm(tpm), statementAlgorithm: algorithm)
        }
    }

    /// The `tpm` `attStmt` (§8.3): `{ver, alg, x5c, sig, certInfo, pubArea}`.
    static func tpmStatement(
        _ tpm: TPMAuthority,
        signedData: [UInt8],
        credentialKey: VirtualCredentialKey,
        aaguid: AAGUID,
        statementAlgorithm: COSEAlgorithm?
    ) throws -> CBORMap {
        let algorithm = statementAlgorithm ?? tpm.attestationKey.algorithm
        guard let hash = algorithm.hashAlgorithm else {
            throw VirtualAuthenticatorError(.unsupportedAlgorithm, "tpm alg \(algorithm) has no hash")
        }
        // An RS1 AIK is an RS256 key signing with SHA-1; any other AIK signs with its own algorithm (which, under
        // `leafOnWrongCurve`, is not `alg`).
        let signingAlgorithm: COSEAlgorithm =
            algorithm == .rs1 && tpm.attestationKey.algorithm == .rs256 ? .rs1 : tpm.attestationKey.algorithm
        let flaws = tpm.statementDefects
        let certifiedKey =
            flaws.contains(.pubAreaForAnotherKey)
            ? try VirtualCredentialKey.generate(credentialKey.algorithm).publicKey : credentialKey.publicKey
        let pubArea = try tpmPublicArea(certifiedKey)
        let certInfo = tpmCertifyInfo(
            magic: flaws.contains(.wrongMagic) ? 0xFF54_4348 : 0xFF54_4347,
            type: flaws.contains(.wrongType) ? 0x8018 : 0x8017,
            extraData: hash.hash(flaws.contains(.wrongExtraData) ? signedData + [0x00] : signedData),
            attestedName: tpmName(HashAlgorithm.sha256.hash(flaws.contains(.wrongAttestedName) ? [] : pubArea)),
            signerName: tpmName(HashAlgorithm.sha256.hash(tpm.attestationKey.publicKey.subjectPublicKeyInfo))
        )
        var extensions: [CertificateExtension] = []
        if !flaws.contains(.missingSubjectAlternativeName) {
            extensions.append(
                CertificateExtension(
                    oid: "2.5.29.17",
                    isCritical: !flaws.contains(.nonCriticalSubjectAlternativeName),
                    value: TestKitDER.directoryNameAlternativeName([
                        (tpmManufacturerOID, tpm.manufacturer), (tpmModelOID, tpm.model),
                        (tpmVersionOID, tpm.version),
                    ])
                ))
        }
        let keyPurpose = flaws.contains(.missingAIKKeyPurpose) ? serverAuthKeyPurposeOID : aikCertificateKeyPurposeOID
        extensions.append(
            CertificateExtension(
                oid: "2.5.29.37", isCritical: false, value: TestKitDER.extendedKeyUsage([keyPurpose])))
        extensions += aaguidExtensions(
            aaguid, includes: tpm.includesAAGUIDExtension, defects: tpm.authority.defects)
        let subject =
            flaws.contains(.nonEmptySubject)
            ? DistinguishedName(attributes: [
                .init(oid: DistinguishedName.Attribute.commonNameOID, value: "PasskeyVerifier vTPM AIK")
            ])
            : DistinguishedName(attributes: [])
        let chain = try tpm.authority.issueChain(
            subject: subject,
            publicKey: tpm.attestationKey.publicKey,
            extensions: extensions
        )
        return map([
            ("ver", .textString(flaws.contains(.wrongVersion) ? "1.0" : "2.0")),
            ("alg", CBORValue(integer: algorithm.rawValue)),
            ("x5c", .array(chain.map { .byteString($0.derEncoded) })),
            ("sig", .byteString(try tpm.attestationKey.sign(certInfo, algorithm: signingAlgorithm))),
            ("certInfo", .byteString(certInfo)),
            ("pubArea", .byteString(pubArea)),
        ])
    }

    /// `TPM_ALG_SHA256`, `TPM_ALG_NULL`, `TPM_ALG_RSA`, `TPM_ALG_ECC` (TCG Algorithm Registry).
    private static let tpmSHA256: UInt16 = 0x000B
    private static let tpmNull: UInt16 = 0x0010
    private static let tpmRSA: UInt16 = 0x0001
    private static let tpmECC: UInt16 = 0x0023
    /// `fixedTPM | fixedParent | sensitiveDataOrigin | userWithAuth | sign` (TPM 2.0 Part 2 §8.3, `TPMA_OBJECT`).
    private static let tpmSigningKeyAttributes: UInt32 = 0x0004_0072

    /// A `TPMT_PUBLIC` (TPM 2.0 Part 2 §12.2.4) for the credential key: no symmetric algorithm, no scheme, no KDF.
    private static func tpmPublicArea(_ key: COSEKey) throws -> [UInt8] {
        var area = uint16(key.keyType == .rsa ? tpmRSA : tpmECC) + uint16(tpmSHA256)
        area += uint32(tpmSigningKeyAttributes) + sized([])
        if key.keyType == .rsa, let modulus = key.modulus, let exponentBytes = key.exponent, exponentBytes.count <= 4 {
            let exponent = exponentBytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard let keyBits = UInt16(exactly: modulus.count * 8) else {
                throw VirtualAuthenticatorError(.unsupportedAlgorithm, "an RSA modulus of \(modulus.count) bytes")
            }
            area += uint16(tpmNull) + uint16(tpmNull) + uint16(keyBits)
            area += uint32(exponent == 65537 ? 0 : exponent) + sized(modulus)
            return area
        }
        guard key.keyType == .ec2, let x = key.xCoordinate, let y = key.yCoordinate else {
            throw VirtualAuthenticatorError(
                .unsupportedAlgorithm, "tpm attests RSA and EC2 credential keys only, not \(key.algorithm)")
        }
        let curveID: UInt16
        switch key.curve {
        case .p256?: curveID = 0x0003
        case .p384?: curveID = 0x0004
        case .p521?: curveID = 0x0005
        default: throw VirtualAuthenticatorError(.unsupportedAlgorithm, "tpm attests NIST curves only")
        }
        area += uint16(tpmNull) + uint16(tpmNull) + uint16(curveID) + uint16(tpmNull)
        return area + sized(x) + sized(y)
    }

    /// A `TPMS_ATTEST` of type `TPM_ST_ATTEST_CERTIFY` (TPM 2.0 Part 2 §10.12.12, §10.12.3).
    private static func tpmCertifyInfo(
        magic: UInt32,
        type: UInt16,
        extraData: [UInt8],
        attestedName: [UInt8],
        signerName: [UInt8]
    ) -> [UInt8] {
        var info = uint32(magic) + uint16(type)
        info += sized(signerName) + sized(extraData)
        info += uint64(UInt64.random(in: 1...UInt64(UInt32.max))) + uint32(1) + uint32(0) + [0x01]
        info += uint64(0x0002_0000_0000_0000)
        info += sized(attestedName) + sized(tpmName(RandomBytes.generate(32)))
        return info
    }

    /// A TPM Name of SHA-256 digest `digest`: `TPM_ALG_SHA256 || digest` (TPM 2.0 Part 1 §16).
    private static func tpmName(_ digest: [UInt8]) -> [UInt8] {
        uint16(tpmSHA256) + digest
    }

    /// A `TPM2B_*` buffer: a big-endian `UINT16` size and the bytes (TPM 2.0 Part 1 §18).
    private static func sized(_ bytes: [UInt8]) -> [UInt8] {
        uint16(UInt16(truncatingIfNeeded: bytes.count)) + bytes
    }

    private static func uint16(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    private static func uint32(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    private static func uint64(_ value: UInt64) -> [UInt8] {
        [56, 48, 40, 32, 24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
