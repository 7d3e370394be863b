import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a ``VirtualAuthenticator`` attests new credentials (WebAuthn §6.5 "Attestation"): which attestation
/// statement format it uses (§8) and, for formats with a certificate chain, the generated certification
/// authority whose root the host trusts in its tests.
///
/// - ``none``: the `none` format (§8.7), attestation type None.
/// - ``packedSelf``: the `packed` format without `x5c` (§8.2), signed with the credential key: Self attestation.
/// - ``packed(notValidBefore:notValidAfter:algorithm:)``: the `packed` format with a generated root CA and an
///   attestation certificate meeting §8.2.1, Basic attestation.
/// - ``apple(notValidBefore:notValidAfter:)``: the `apple` format (§8.8) with a generated root and
///   intermediate CA standing in for Apple's, Anonymization CA attestation.
/// - ``fidoU2F(notValidBefore:notValidAfter:defects:)``: the `fido-u2f` format (§8.6), Basic attestation.
/// - ``tpm(notValidBefore:notValidAfter:algorithm:issuesThroughIntermediate:includesAAGUIDExtension:manufacturer:model:version:defects:statementDefects:)``:
///   the `tpm` format (§8.3) with a TPM-like AIK certificate chain, Attestation CA attestation.
/// - ``androidKey(notValidBefore:notValidAfter:issuesThroughIntermediate:defects:statementDefects:)``: the `android-key` format
///   (§8.4) with a KeyDescription extension, Basic attestation.
/// - ``androidSafetyNet(notValidBefore:notValidAfter:issuesThroughIntermediate:defects:statementDefects:clock:)``:
///   the `android-safetynet` format (§8.5), a SafetyNet JWS signed for `attest.android.com`, Basic attestation.
///
/// The formats with a generated chain (packed full, fido-u2f, tpm, android-key, android-safetynet) can issue
/// through an intermediate CA and carry ``CertificateDefect``s for negative tests; tpm, android-key and
/// android-safetynet also ``TPMStatementDefect``s, ``AndroidKeyStatementDefect``s and
/// ``SafetyNetStatementDefect``s, flaws only their generated keys could sign.
///
/// Configure the verifier with ``trustAnchors`` (or add ``rootCertificate`` to your own anchors for
/// ``format``). Generate an attestation once and share it: each generation creates new CA keys.
public struct VirtualAttestation: Sendable {
    enum Kind: Sendable {
        case none
        case packedSelf
        case packed(PackedAuthority)
        case apple(AppleAuthority)
        case fidoU2F(FIDOU2FAuthority)
        case tpm(TPMAuthority)
        case androidKey(AndroidKeyAuthority)
        case androidSafetyNet(AndroidSafetyNetAuthority)
    }

    /// The CA and the batch attestation key of a `packed` full attestation (§8.2, §8.2.1).
    struct PackedAuthority: Sendable {
        let authority: VirtualAttestationAuthority
        let attestationKey: PrivateKey
        var includesAAGUIDExtension = true
    }

    /// The root and intermediate CA of an `apple` anonymous attestation (§8.8).
    struct AppleAuthority: Sendable {
        let rootCertificate: Certificate
        let intermediateKey: PrivateKey
        let intermediateCertificate: Certificate
        let notValidBefore: Date
        let notValidAfter: Date
    }

    let kind: Kind
    /// The `alg` of the statement, when it is not the attestation key's own (``CertificateDefect/leafOnWrongCurve``).
    let statementAlgorithm: COSEAlgorithm?

    init(kind: Kind, statementAlgorithm: COSEAlgorithm? = nil) {
        self.kind = kind
        self.statementAlgorithm = statementAlgorithm
    }

    /// `id-fido-gen-ce-aaguid`, the AAGUID extension of packed attestation certificates (§8.2.1).
    static let fidoAAGUIDOID = "1.3.6.1.4.1.45724.1.1.4"
    /// The nonce extension of Apple anonymous attestation certificates (§8.8).
    static let appleNonceOID = "1.2.840.113635.100.8.2"
    private static let stateOrProvinceNameOID = "2.5.4.8"

    /// The default start of generated certificates' validity: 2020-01-01T00:00:00Z.
    public static let defaultNotValidBefore = Date(timeIntervalSince1970: 1_577_836_800)
    /// The default end of generated certificates' validity: 9999-12-31T23:59:59Z, the GeneralizedTime
    /// RFC 5280 §4.1.2.5 reserves for certificates with no well-defined expiration date.
    public static let defaultNotValidAfter = Date(timeIntervalSince1970: 253_402_300_799)

    /// The `none` attestation statement format (§8.7): `attStmt` is an empty map.
    public static let none = VirtualAttestation(kind: .none)

    /// `packed` self attestation (§8.2, §6.5.3 "Self Attestation"): `{alg, sig}` signed with the credential
    /// private key.
    public static let packedSelf = VirtualAttestation(kind: .packedSelf)

    /// `packed` full attestation (§8.2) with a newly generated root CA: every registration gets an attestation
    /// certificate issued by the root for one batch attestation key, meeting §8.2.1 (version 3; subject
    /// C, O, OU "Authenticator Attestation" and CN; basic constraints with cA false; the AAGUID extension,
    /// non-critical, carrying the authenticator's AAGUID). `x5c` holds that certificate; the root is not sent.
    ///
    /// - Parameters:
    ///   - notValidBefore: Start of the validity of the root and of every attestation certificate.
    ///   - notValidAfter: End of that validity; years from 2050 are encoded as GeneralizedTime.
    ///   - algorithm: The algorithm of the attestation key, the statement's `alg` (ES256 by default).
    ///   - includesAAGUIDExtension: Whether attestation certificates carry the AAGUID extension
    ///     (`1.3.6.1.4.1.45724.1.1.4`, optional in §8.2.1).
    ///   - issuesThroughIntermediate: Whether an intermediate CA issues the attestation certificates; `x5c` is then
    ///     `[attestation certificate, intermediate]`.
    ///   - defects: Flaws of the issued chains (``CertificateDefect``); ``CertificateDefect/leafOnWrongCurve``
    ///     puts the attestation key on P-384 (on P-256 when `algorithm` is ES384) while `alg` stays `algorithm`.
    /// - Throws: ``VirtualAuthenticatorError`` when a key or certificate cannot be created.
    public static func packed(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        algorithm: COSEAlgorithm = .es256,
        includesAAGUIDExtension: Bool = true,
        issuesThroughIntermediate: Bool = false,
        defects: Set<CertificateDefect> = []
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try VirtualAuthenticatorError.wrapping("cannot create the packed attestation authority") {
            let authority = try VirtualAttestationAuthority(
                name: "PasskeyVerifier Virtual Attestation",
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuesThroughIntermediate: issuesThroughIntermediate,
                defects: defects
            )
            let keyAlgorithm = defects.contains(.leafOnWrongCurve) ? (algorithm == .es256 ? .es384 : .es256) : algorithm
            let attestationKey = try PrivateKey.generate(keyAlgorithm)
            let packed = PackedAuthority(
                authority: authority,
                attestationKey: attestationKey,
                includesAAGUIDExtension: includesAAGUIDExtension
            )
            return VirtualAttestation(kind: .packed(packed), statementAlgorithm: algorithm)
        }
    }

    /// `apple` anonymous attestation (§8.8) with a newly generated root and intermediate CA (P-384, as Apple's
    /// are): every registration gets a credential certificate whose public key is the credential public key and
    /// whose extension `1.2.840.113635.100.8.2` holds the nonce `SHA-256(authenticatorData || clientDataHash)`
    /// as `SEQUENCE { [1] EXPLICIT OCTET STRING }`. `x5c` holds that certificate and the intermediate.
    ///
    /// The verifier must trust the generated root for `apple` instead of (or besides) the real Apple WebAuthn
    /// Root CA: use ``trustAnchors``.
    ///
    /// - Throws: ``VirtualAuthenticatorError`` when a key or certificate cannot be created.
    public static func apple(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try VirtualAuthenticatorError.wrapping("cannot create the apple attestation authority") {
            let rootKey = try PrivateKey.generate(.es384)
            let rootCertificate = try certificateAuthority(
                subject: name(organization: "PasskeyVerifier", commonName: "Virtual Apple WebAuthn Root CA"),
                key: rootKey,
                issuer: nil,
                pathLength: nil,
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter
            )
            let intermediateKey = try PrivateKey.generate(.es384)
            let intermediateCertificate = try certificateAuthority(
                subject: name(organization: "PasskeyVerifier", commonName: "Virtual Apple WebAuthn CA 1"),
                key: intermediateKey,
                issuer: (rootCertificate, rootKey),
                pathLength: 0,
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter
            )
            let authority = AppleAuthority(
                rootCertificate: rootCertificate,
                intermediateKey: intermediateKey,
                intermediateCertificate: intermediateCertificate,
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter
            )
            return VirtualAttestation(kind: .apple(authority))
        }
    }

    /// The attestation statement format identifier, `fmt` (§6.5.4, §8): `none`, `packed`, `apple`, `fido-u2f`,
    /// `tpm`, `android-key` or `android-safetynet`.
    public var format: String {
        switch kind {
        case .none: return "none"
        case .packedSelf, .packed: return "packed"
        case .apple: return "apple"
        case .fidoU2F: return "fido-u2f"
        case .tpm: return "tpm"
        case .androidKey: return "android-key"
        case .androidSafetyNet: return "android-safetynet"
        }
    }

    /// The attestation type a verifier reports for this attestation (§6.5.3): none, self, basic (packed full,
    /// fido-u2f, android-key, android-safetynet), attCA (tpm) or anonCA (apple).
    public var attestationType: AttestationType {
        switch kind {
        case .none: return .none
        case .packedSelf: return .`self`
        case .packed, .fidoU2F, .androidKey, .androidSafetyNet: return .basic
        case .tpm: return .attCA
        case .apple: return .anonCA
        }
    }

    /// The generated root CA certificate, the trust anchor for ``format`` (§7.1
    /// `#reg-ceremony-attestation-trust-anchors`); `nil` for ``none`` and ``packedSelf``.
    public var rootCertificate: Certificate? {
        switch kind {
        case .none, .packedSelf: return nil
        case .packed(let packed): return packed.authority.root.certificate
        case .apple(let authority): return authority.rootCertificate
        case .fidoU2F(let u2f): return u2f.authority.root.certificate
        case .tpm(let tpm): return tpm.authority.root.certificate
        case .androidKey(let android): return android.authority.root.certificate
        case .androidSafetyNet(let safetyNet): return safetyNet.authority.root.certificate
        }
    }

    /// The generated intermediate CA certificate that issues the attestation certificates, `nil` when the root
    /// issues them (and for ``none`` and ``packedSelf``). It is sent in `x5c` after the leaf (§6.5.5).
    public var intermediateCertificate: Certificate? {
        switch kind {
        case .none, .packedSelf: return nil
        case .packed(let packed): return packed.authority.intermediate?.certificate
        case .apple(let authority): return authority.intermediateCertificate
        case .fidoU2F(let u2f): return u2f.authority.intermediate?.certificate
        case .tpm(let tpm): return tpm.authority.intermediate?.certificate
        case .androidKey(let android): return android.authority.intermediate?.certificate
        case .androidSafetyNet(let safetyNet): return safetyNet.authority.intermediate?.certificate
        }
    }

    /// The key identifier (lowercase hexadecimal SHA-1 of the subject public key, RFC 5280 §4.2.1.2 method 1) of
    /// the batch attestation key that every attestation certificate of this authority certifies, as a metadata
    /// statement's `attestationCertificateKeyIdentifiers` lists it (FIDO Metadata Statement v3.0 §4): packed
    /// full, fido-u2f, tpm (the AIK) and android-safetynet (the `attest.android.com` key); `nil` for the others,
    /// whose leaf key changes with every credential.
    public var attestationCertificateKeyIdentifier: String? {
        let key: PrivateKey
        switch kind {
        case .none, .packedSelf, .apple, .androidKey: return nil
        case .packed(let packed): key = packed.attestationKey
        case .fidoU2F(let u2f): key = u2f.attestationKey
        case .tpm(let tpm): key = tpm.attestationKey
        case .androidSafetyNet(let safetyNet): key = safetyNet.signingKey
        }
        guard let identifier = try? CertificateBuilder.keyIdentifier(of: key.publicKey) else { return nil }
        return Self.hexadecimal(identifier)
    }

    /// The defects the issued chains carry (``CertificateDefect``); empty for formats without a generated chain.
    public var defects: Set<CertificateDefect> {
        switch kind {
        case .none, .packedSelf, .apple: return []
        case .packed(let packed): return packed.authority.defects
        case .fidoU2F(let u2f): return u2f.authority.defects
        case .tpm(let tpm): return tpm.authority.defects
        case .androidKey(let android): return android.authority.defects
        case .androidSafetyNet(let safetyNet): return safetyNet.authority.defects
        }
    }

    /// Trust anchors holding only ``rootCertificate``, for ``format`` only; empty when there is no root.
    /// Pass them to `RegistrationVerifier(trustAnchors:)`.
    public var trustAnchors: AttestationTrustAnchors {
        var anchors = AttestationTrustAnchors.empty
        if let rootCertificate {
            anchors.add([rootCertificate], forFormat: format)
        }
        return anchors
    }

    /// The `attStmt` map of a new credential (§6.5.5): the statement signs
    /// `authenticatorData || clientDataHash` (fido-u2f its own verification data, §8.6).
    func statement(
        authenticatorData: [UInt8],
        clientDataHash: [UInt8],
        credentialID: [UInt8],
        credentialKey: VirtualCredentialKey,
        aaguid: AAGUID
    ) throws(VirtualAuthenticatorError) -> CBORMap {
        let signedData = authenticatorData + clientDataHash
        return try VirtualAuthenticatorError.wrapping("cannot create the \(format) attestation statement") {
            switch kind {
            case .none:
                return CBORMap(entries: [])
            case .packedSelf:
                return Self.map([
                    ("alg", CBORValue(integer: credentialKey.algorithm.rawValue)),
                    ("sig", .byteString(try credentialKey.privateKey.sign(signedData))),
                ])
            case .packed(let packed):
                let chain = try Self.packedAttestationChain(packed, aaguid: aaguid)
                let algorithm = statementAlgorithm ?? packed.attestationKey.algorithm
                return Self.map([
                    ("alg", CBORValue(integer: algorithm.rawValue)),
                    ("sig", .byteString(try packed.attestationKey.sign(signedData))),
                    ("x5c", .array(chain.map { .byteString($0.derEncoded) })),
                ])
            case .apple(let authority):
                let nonce = HashAlgorithm.sha256.hash(signedData)
                let certificate = try Self.appleCredentialCertificate(
                    authority,
                    credentialKey: credentialKey,
                    nonce: nonce
                )
                return Self.map([
                    (
                        "x5c",
                        .array([
                            .byteString(certificate.derEncoded),
                            .byteString(authority.intermediateCertificate.derEncoded),
                        ])
                    )
                ])
            case .fidoU2F(let u2f):
                return try Self.fidoU2FStatement(
                    u2f,
                    relyingPartyIDHash: Array(authenticatorData.prefix(32)),
                    clientDataHash: clientDataHash,
                    credentialID: credentialID,
                    credentialKey: credentialKey
                )
            case .tpm(let tpm):
                return try Self.tpmStatement(
                    tpm,
                    signedData: signedData,
                    credentialKey: credentialKey,
                    aaguid: aaguid,
                    statementAlgorithm: statementAlgorithm
                )
            case .androidKey(let android):
                return try Self.androidKeyStatement(
                    android,
                    signedData: signedData,
                    clientDataHash: clientDataHash,
                    credentialKey: credentialKey
                )
            case .androidSafetyNet(let safetyNet):
                return try Self.androidSafetyNetStatement(safetyNet, signedData: signedData)
            }
        }
    }

    /// The AAGUID extension (§8.2.1, §8.3.1) of an attestation certificate for `aaguid`, as `defects` and
    /// `includes` say: none, or the AAGUID with its last byte changed.
    static func aaguidExtensions(
        _ aaguid: AAGUID,
        includes: Bool,
        defects: Set<CertificateDefect>
    ) -> [CertificateExtension] {
        guard includes, !defects.contains(.missingAAGUIDExtension) else { return [] }
        var bytes = aaguid.bytes
        if defects.contains(.mismatchedAAGUIDExtension), let last = bytes.indices.last {
            bytes[last] ^= 0xFF
        }
        return [CertificateExtension(oid: fidoAAGUIDOID, isCritical: false, value: DERBuilder.octetString(bytes))]
    }

    /// Throws `invalidParameter` when `defects` holds one of `unsupported`, which make no sense for `format`.
    static func requireApplicable(
        _ defects: Set<CertificateDefect>,
        excluding unsupported: Set<CertificateDefect>,
        format: String
    ) throws(VirtualAuthenticatorError) {
        let inapplicable = defects.intersection(unsupported)
        guard inapplicable.isEmpty else {
            throw VirtualAuthenticatorError(
                .invalidParameter,
                "the certificate defects \(inapplicable.map { "\($0)" }.sorted()) do not apply to \(format) attestation"
            )
        }
    }

    // MARK: - Certificates

    static func map(_ entries: [(String, CBORValue)]) -> CBORMap {
        CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })
    }

    static func name(
        country: String? = nil,
        organization: String,
        organizationalUnit: String? = nil,
        stateOrProvince: String? = nil,
        commonName: String
    ) -> DistinguishedName {
        var attributes: [DistinguishedName.Attribute] = []
        if let country {
            attributes.append(.init(oid: DistinguishedName.Attribute.countryNameOID, value: country))
        }
        attributes.append(.init(oid: DistinguishedName.Attribute.organizationNameOID, value: organization))
        if let organizationalUnit {
            attributes.append(
                .init(oid: DistinguishedName.Attribute.organizationalUnitNameOID, value: organizationalUnit))
        }
        if let stateOrProvince {
            attributes.append(.init(oid: stateOrProvinceNameOID, value: stateOrProvince))
        }
        attributes.append(.init(oid: DistinguishedName.Attribute.commonNameOID, value: commonName))
        return DistinguishedName(attributes: attributes)
    }

    /// A CA certificate (RFC 5280 §4.2.1.9, §4.2.1.3): self-signed when `issuer` is `nil`.
    private static func certificateAuthority(
        subject: DistinguishedName,
        key: PrivateKey,
        issuer: (certificate: Certificate, key: PrivateKey)?,
        pathLength: UInt64?,
        notValidBefore: Date,
        notValidAfter: Date
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: RandomBytes.serialNumber(),
            subject: subject,
            issuer: issuer?.certificate.subject,
            notValidBefore: notValidBefore,
            notValidAfter: notValidAfter,
            publicKey: key.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: true, pathLengthConstraint: pathLength)
        builder.addKeyUsage([.keyCertSign, .cRLSign])
        try builder.addSubjectKeyIdentifier()
        if let issuer {
            try builder.addAuthorityKeyIdentifier(issuerPublicKey: issuer.key.publicKey)
        }
        return try builder.sign(with: issuer?.key ?? key)
    }

    /// A packed attestation certificate meeting §8.2.1 for `aaguid` (unless a defect says otherwise) and the rest
    /// of `x5c`.
    private static func packedAttestationChain(_ packed: PackedAuthority, aaguid: AAGUID) throws -> [Certificate] {
        try packed.authority.issueChain(
            subject: name(
                country: "US",
                organization: "PasskeyVerifier",
                organizationalUnit: packed.authority.defects.contains(.wrongOrganizationalUnit)
                    ? "Authenticator" : "Authenticator Attestation",
                commonName: "PasskeyVerifier Virtual Authenticator"
            ),
            publicKey: packed.attestationKey.publicKey,
            extensions: aaguidExtensions(
                aaguid, includes: packed.includesAAGUIDExtension, defects: packed.authority.defects)
        )
    }

    /// An apple credential certificate (§8.8): the credential public key and the nonce extension.
    private static func appleCredentialCertificate(
        _ authority: AppleAuthority,
        credentialKey: VirtualCredentialKey,
        nonce: [UInt8]
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: RandomBytes.serialNumber(),
            subject: name(
                organization: "Apple Inc.",
                organizationalUnit: "AAA Certification",
                stateOrProvince: "California",
                commonName: hexadecimal(RandomBytes.generate(16))
            ),
            issuer: authority.intermediateCertificate.subject,
            notValidBefore: authority.notValidBefore,
            notValidAfter: authority.notValidAfter,
            publicKey: credentialKey.privateKey.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: false)
        let nonceValue = DERBuilder.sequence([DERBuilder.element(tag: 0xA1, contents: DERBuilder.octetString(nonce))])
        builder.addExtension(oid: appleNonceOID, isCritical: false, value: nonceValue)
        try builder.addAuthorityKeyIdentifier(issuerPublicKey: authority.intermediateKey.publicKey)
        return try builder.sign(with: authority.intermediateKey)
    }

    static func hexadecimal(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
