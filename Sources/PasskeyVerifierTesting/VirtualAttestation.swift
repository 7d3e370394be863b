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
///
/// Configure the verifier with ``trustAnchors`` (or add ``rootCertificate`` to your own anchors for
/// ``format``). Generate an attestation once and share it: each generation creates new CA keys.
public struct VirtualAttestation: Sendable {
    enum Kind: Sendable {
        case none
        case packedSelf
        case packed(PackedAuthority)
        case apple(AppleAuthority)
    }

    /// The root CA and the batch attestation key of a `packed` full attestation (§8.2, §8.2.1).
    struct PackedAuthority: Sendable {
        let rootKey: PrivateKey
        let rootCertificate: Certificate
        let attestationKey: PrivateKey
        let notValidBefore: Date
        let notValidAfter: Date
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
    /// - Throws: ``VirtualAuthenticatorError`` when a key or certificate cannot be created.
    public static func packed(
        notValidBefore: Date = defaultNotValidBefore,
        notValidAfter: Date = defaultNotValidAfter,
        algorithm: COSEAlgorithm = .es256,
        includesAAGUIDExtension: Bool = true
    ) throws(VirtualAuthenticatorError) -> VirtualAttestation {
        try VirtualAuthenticatorError.wrapping("cannot create the packed attestation authority") {
            let rootKey = try PrivateKey.generate(.es256)
            let rootCertificate = try certificateAuthority(
                subject: name(
                    country: "US",
                    organization: "PasskeyVerifier",
                    organizationalUnit: "Authenticator Attestation CA",
                    commonName: "PasskeyVerifier Virtual Attestation Root CA"
                ),
                key: rootKey,
                issuer: nil,
                pathLength: 0,
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter
            )
            let authority = PackedAuthority(
                rootKey: rootKey,
                rootCertificate: rootCertificate,
                attestationKey: try PrivateKey.generate(algorithm),
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                includesAAGUIDExtension: includesAAGUIDExtension
            )
            return VirtualAttestation(kind: .packed(authority))
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

    /// The attestation statement format identifier, `fmt` (§6.5.4, §8): `none`, `packed` or `apple`.
    public var format: String {
        switch kind {
        case .none: return "none"
        case .packedSelf, .packed: return "packed"
        case .apple: return "apple"
        }
    }

    /// The attestation type a verifier reports for this attestation (§6.5.3): none, self, basic or anonCA.
    public var attestationType: AttestationType {
        switch kind {
        case .none: return .none
        case .packedSelf: return .`self`
        case .packed: return .basic
        case .apple: return .anonCA
        }
    }

    /// The generated root CA certificate, the trust anchor for ``format`` (§7.1
    /// `#reg-ceremony-attestation-trust-anchors`); `nil` for ``none`` and ``packedSelf``.
    public var rootCertificate: Certificate? {
        switch kind {
        case .none, .packedSelf: return nil
        case .packed(let authority): return authority.rootCertificate
        case .apple(let authority): return authority.rootCertificate
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

    /// The `attStmt` map for authenticator data and client data hash that make up `signedData` (§6.5.5 step 4:
    /// `authenticatorData || clientDataHash`).
    func statement(
        signedData: [UInt8],
        credentialKey: VirtualCredentialKey,
        aaguid: AAGUID
    ) throws(VirtualAuthenticatorError) -> CBORMap {
        try VirtualAuthenticatorError.wrapping("cannot create the \(format) attestation statement") {
            switch kind {
            case .none:
                return CBORMap(entries: [])
            case .packedSelf:
                return Self.map([
                    ("alg", CBORValue(integer: credentialKey.algorithm.rawValue)),
                    ("sig", .byteString(try credentialKey.privateKey.sign(signedData))),
                ])
            case .packed(let authority):
                let certificate = try Self.packedAttestationCertificate(authority, aaguid: aaguid)
                return Self.map([
                    ("alg", CBORValue(integer: authority.attestationKey.algorithm.rawValue)),
                    ("sig", .byteString(try authority.attestationKey.sign(signedData))),
                    ("x5c", .array([.byteString(certificate.derEncoded)])),
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
            }
        }
    }

    // MARK: - Certificates

    private static func map(_ entries: [(String, CBORValue)]) -> CBORMap {
        CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })
    }

    private static func name(
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

    /// A packed attestation certificate meeting §8.2.1 for `aaguid`.
    private static func packedAttestationCertificate(_ authority: PackedAuthority, aaguid: AAGUID) throws
        -> Certificate
    {
        var builder = CertificateBuilder(
            serialNumber: RandomBytes.serialNumber(),
            subject: name(
                country: "US",
                organization: "PasskeyVerifier",
                organizationalUnit: "Authenticator Attestation",
                commonName: "PasskeyVerifier Virtual Authenticator"
            ),
            issuer: authority.rootCertificate.subject,
            notValidBefore: authority.notValidBefore,
            notValidAfter: authority.notValidAfter,
            publicKey: authority.attestationKey.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: false)
        if authority.includesAAGUIDExtension {
            builder.addExtension(oid: fidoAAGUIDOID, isCritical: false, value: DERBuilder.octetString(aaguid.bytes))
        }
        try builder.addAuthorityKeyIdentifier(issuerPublicKey: authority.rootKey.publicKey)
        return try builder.sign(with: authority.rootKey)
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

    private static func hexadecimal(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
