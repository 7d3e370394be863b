import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The generated certification authority of a ``VirtualAttestation`` with a certificate chain: a root CA,
/// optionally an intermediate CA, and the ``CertificateDefect``s its issued chains carry (WebAuthn Level 3 §6.5.5
/// `x5c`, §7.1 `#reg-ceremony-assess-trust`; RFC 5280 §4.1).
struct VirtualAttestationAuthority: Sendable {
    /// A CA's key and certificate.
    struct Issuer: Sendable {
        let key: PrivateKey
        let certificate: Certificate
    }

    let root: Issuer
    let intermediate: Issuer?
    let notValidBefore: Date
    let notValidAfter: Date
    let defects: Set<CertificateDefect>

    /// How long an expired or not-yet-valid certificate is valid: one day.
    private static let defectiveValidity: TimeInterval = 86_400

    /// Generates a P-256 root (`pathLenConstraint` 1) and, when `issuesThroughIntermediate` or a defect needs
    /// one, an intermediate (`pathLenConstraint` 0) named after `name`.
    init(
        name: String,
        notValidBefore: Date,
        notValidAfter: Date,
        issuesThroughIntermediate: Bool,
        defects: Set<CertificateDefect>
    ) throws {
        let rootKey = try PrivateKey.generate(.es256)
        let rootCertificate = try Self.certificateAuthority(
            subject: Self.name(organizationalUnit: "Authenticator Attestation CA", commonName: "\(name) Root CA"),
            key: rootKey,
            issuer: nil,
            pathLength: 1,
            validity: (notValidBefore, notValidAfter)
        )
        root = Issuer(key: rootKey, certificate: rootCertificate)
        if issuesThroughIntermediate || defects.contains(where: \.needsIntermediate) {
            let key = try PrivateKey.generate(.es256)
            let validity = Self.validity(
                from: notValidBefore, to: notValidAfter,
                expired: defects.contains(.expiredIntermediate),
                notYetValid: defects.contains(.notYetValidIntermediate))
            let certificate = try Self.certificateAuthority(
                subject: Self.name(organizationalUnit: "Authenticator Attestation CA", commonName: "\(name) CA 1"),
                key: key,
                issuer: root,
                pathLength: 0,
                validity: validity
            )
            intermediate = Issuer(key: key, certificate: certificate)
        } else {
            intermediate = nil
        }
        self.notValidBefore = notValidBefore
        self.notValidAfter = notValidAfter
        self.defects = defects
    }

    /// The certificate leaves are issued by: the intermediate when there is one, else the root.
    var issuer: Issuer { intermediate ?? root }

    /// Issues a leaf for `publicKey` with `subject` and `extensions` (after basic constraints, which say `cA`
    /// TRUE under ``CertificateDefect/certificateAuthorityLeaf``) and returns `x5c`: the leaf and the
    /// intermediate, in the order the defects say.
    func issueChain(
        subject: DistinguishedName,
        publicKey: PublicKey,
        extensions: [CertificateExtension]
    ) throws -> [Certificate] {
        let validity = Self.validity(
            from: notValidBefore, to: notValidAfter,
            expired: defects.contains(.expiredLeaf), notYetValid: defects.contains(.notYetValidLeaf))
        var builder = CertificateBuilder(
            serialNumber: RandomBytes.serialNumber(),
            subject: subject,
            issuer: issuer.certificate.subject,
            notValidBefore: validity.notValidBefore,
            notValidAfter: validity.notValidAfter,
            publicKey: publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: defects.contains(.certificateAuthorityLeaf))
        builder.extensions += extensions
        try builder.addAuthorityKeyIdentifier(issuerPublicKey: issuer.key.publicKey)
        let leaf = try builder.sign(with: issuer.key)
        let chain = [leaf] + (intermediate.map { [$0.certificate] } ?? [])
        return defects.contains(.reversedChainOrder) ? chain.reversed() : chain
    }

    /// The validity of a certificate of the authority: the whole of it, or one day at its start (expired) or at
    /// its end (not yet valid).
    private static func validity(
        from start: Date,
        to end: Date,
        expired: Bool,
        notYetValid: Bool
    ) -> (notValidBefore: Date, notValidAfter: Date) {
        if expired {
            return (start, start.addingTimeInterval(defectiveValidity))
        }
        if notYetValid {
            return (end.addingTimeInterval(-defectiveValidity), end)
        }
        return (start, end)
    }

    /// `C=US, O=PasskeyVerifier, OU=…, CN=…`.
    static func name(organizationalUnit: String, commonName: String) -> DistinguishedName {
        DistinguishedName(attributes: [
            .init(oid: DistinguishedName.Attribute.countryNameOID, value: "US"),
            .init(oid: DistinguishedName.Attribute.organizationNameOID, value: "PasskeyVerifier"),
            .init(oid: DistinguishedName.Attribute.organizationalUnitNameOID, value: organizationalUnit),
            .init(oid: DistinguishedName.Attribute.commonNameOID, value: commonName),
        ])
    }

    /// A CA certificate (RFC 5280 §4.2.1.9, §4.2.1.3): self-signed when `issuer` is `nil`.
    private static func certificateAuthority(
        subject: DistinguishedName,
        key: PrivateKey,
        issuer: Issuer?,
        pathLength: UInt64,
        validity: (notValidBefore: Date, notValidAfter: Date)
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: RandomBytes.serialNumber(),
            subject: subject,
            issuer: issuer?.certificate.subject,
            notValidBefore: validity.notValidBefore,
            notValidAfter: validity.notValidAfter,
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
}
