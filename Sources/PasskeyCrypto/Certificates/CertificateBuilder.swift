import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds and signs X.509 v3 certificates (RFC 5280 §4.1) with libcrypto, for tests and virtual authenticators:
/// attestation roots and leaves for the `packed` (WebAuthn §8.2.1) and `apple` (WebAuthn §8.8) formats.
///
/// Set the fields, add extensions, then ``sign(with:)``. The result is parsed back into a ``Certificate``, so
/// everything it exposes reflects the DER that was produced. No libcrypto handle outlives a call.
package struct CertificateBuilder: Sendable {
    /// The key usage bits of RFC 5280 §4.2.1.3.
    package struct KeyUsage: OptionSet, Sendable, Hashable {
        /// The bits, bit 0 (`digitalSignature`) as `1 << 0`.
        package let rawValue: UInt16

        /// Wraps the bits.
        package init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// digitalSignature (0).
        package static let digitalSignature = KeyUsage(rawValue: 1 << 0)
        /// nonRepudiation, also named contentCommitment (1).
        package static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
        /// keyEncipherment (2).
        package static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
        /// dataEncipherment (3).
        package static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
        /// keyAgreement (4).
        package static let keyAgreement = KeyUsage(rawValue: 1 << 4)
        /// keyCertSign (5).
        package static let keyCertSign = KeyUsage(rawValue: 1 << 5)
        /// cRLSign (6).
        package static let cRLSign = KeyUsage(rawValue: 1 << 6)
        /// encipherOnly (7).
        package static let encipherOnly = KeyUsage(rawValue: 1 << 7)
        /// decipherOnly (8).
        package static let decipherOnly = KeyUsage(rawValue: 1 << 8)
    }

    /// `2.5.29.14`, subject key identifier (RFC 5280 §4.2.1.2).
    package static let subjectKeyIdentifierOID = "2.5.29.14"
    /// `2.5.29.35`, authority key identifier (RFC 5280 §4.2.1.1).
    package static let authorityKeyIdentifierOID = "2.5.29.35"
    /// `2.5.29.15`, key usage (RFC 5280 §4.2.1.3).
    package static let keyUsageOID = "2.5.29.15"

    /// The earliest and latest validity instants a certificate can encode: GeneralizedTime years 0001 to 9999
    /// (RFC 5280 §4.1.2.5.2).
    private static let representableSeconds: ClosedRange<Int> = -62_135_596_800...253_402_300_799

    /// The serial number as big-endian magnitude, 1 to 20 octets (RFC 5280 §4.1.2.2); it is encoded positive.
    package var serialNumber: [UInt8]
    /// The subject (RFC 5280 §4.1.2.6); attributes are encoded one per RDN, in order.
    package var subject: DistinguishedName
    /// The issuer (RFC 5280 §4.1.2.4): the subject of the signing certificate, or ``subject`` when self-signed.
    package var issuer: DistinguishedName
    /// The start of the validity period (RFC 5280 §4.1.2.5), whole seconds.
    package var notValidBefore: Date
    /// The end of the validity period; years from 2050 are encoded as GeneralizedTime (RFC 5280 §4.1.2.5).
    package var notValidAfter: Date
    /// The subject public key (RFC 5280 §4.1.2.7).
    package var publicKey: PublicKey
    /// The extensions, in the order they are encoded (RFC 5280 §4.1.2.9).
    package var extensions: [CertificateExtension] = []

    /// Starts a certificate; `issuer` defaults to `subject` (a self-issued certificate).
    package init(
        serialNumber: [UInt8],
        subject: DistinguishedName,
        issuer: DistinguishedName? = nil,
        notValidBefore: Date,
        notValidAfter: Date,
        publicKey: PublicKey
    ) {
        self.serialNumber = serialNumber
        self.subject = subject
        self.issuer = issuer ?? subject
        self.notValidBefore = notValidBefore
        self.notValidAfter = notValidAfter
        self.publicKey = publicKey
    }

    /// Adds an extension with a DER `value` (the contents of `extnValue`, RFC 5280 §4.1.2.9) under the dotted
    /// object identifier `oid`, such as the FIDO AAGUID extension `1.3.6.1.4.1.45724.1.1.4` (WebAuthn §8.2.1).
    package mutating func addExtension(oid: String, isCritical: Bool, value: [UInt8]) {
        extensions.append(CertificateExtension(oid: oid, isCritical: isCritical, value: value))
    }

    /// Adds basic constraints (RFC 5280 §4.2.1.9): `cA` (omitted when false, its DER default) and an optional
    /// `pathLenConstraint`.
    package mutating func addBasicConstraints(
        isCertificateAuthority: Bool,
        pathLengthConstraint: UInt64? = nil,
        isCritical: Bool = true
    ) {
        var members: [[UInt8]] = []
        if isCertificateAuthority {
            members.append(DERBuilder.boolean(true))
        }
        if let pathLengthConstraint {
            members.append(DERBuilder.integer(pathLengthConstraint))
        }
        addExtension(oid: Certificate.basicConstraintsOID, isCritical: isCritical, value: DERBuilder.sequence(members))
    }

    /// Adds key usage (RFC 5280 §4.2.1.3), critical by default as CA certificates mark it.
    package mutating func addKeyUsage(_ usage: KeyUsage, isCritical: Bool = true) {
        let bits = Set((0..<9).filter { usage.rawValue & (1 << UInt16($0)) != 0 })
        addExtension(oid: Self.keyUsageOID, isCritical: isCritical, value: DERBuilder.namedBitString(bits))
    }

    /// Adds the subject key identifier of ``publicKey`` (RFC 5280 §4.2.1.2, method 1).
    package mutating func addSubjectKeyIdentifier() throws {
        let identifier = try Self.keyIdentifier(of: publicKey)
        addExtension(oid: Self.subjectKeyIdentifierOID, isCritical: false, value: DERBuilder.octetString(identifier))
    }

    /// Adds an authority key identifier naming the issuer's key (RFC 5280 §4.2.1.1: `[0] keyIdentifier`).
    package mutating func addAuthorityKeyIdentifier(issuerPublicKey: PublicKey) throws {
        let identifier = try Self.keyIdentifier(of: issuerPublicKey)
        let value = DERBuilder.sequence([DERBuilder.element(tag: 0x80, contents: identifier)])
        addExtension(oid: Self.authorityKeyIdentifierOID, isCritical: false, value: value)
    }

    /// The SHA-1 of the `subjectPublicKey` BIT STRING's bits (RFC 5280 §4.2.1.2, method 1).
    package static func keyIdentifier(of publicKey: PublicKey) throws -> [UInt8] {
        let members = try DER.children(of: publicKey.subjectPublicKeyInfo[...])
        guard members.count == 2, let bitString = members.last, bitString.tag == DERBuilder.bitStringTag,
            bitString.value.first == 0
        else {
            throw CryptoError(.malformedDER, "SubjectPublicKeyInfo is not SEQUENCE { algorithm, BIT STRING }")
        }
        return HashAlgorithm.sha1.hash(Array(bitString.value.dropFirst()))
    }

    /// Encodes the certificate and signs it with `key` (RFC 5280 §4.1.1.2, §4.1.1.3): ECDSA with the curve's
    /// hash (SHA-256 for P-256, SHA-384 for P-384, SHA-512 for P-521; RFC 5758 §3.2), RSASSA-PKCS1-v1_5 with
    /// SHA-256 for RSA (RFC 4055 §5) and pure EdDSA for Ed25519 and Ed448 (RFC 8410 §6).
    ///
    /// Throws ``CryptoError/Code/invalidCertificate`` for a serial number that is empty or longer than
    /// 20 octets, a validity instant outside years 0001 to 9999, an attribute or extension identifier that is
    /// not a dotted object identifier, or an attribute value libcrypto refuses (a country name must have
    /// two characters); ``CryptoError/Code/libcryptoFailure`` when libcrypto fails otherwise.
    package func sign(with key: PrivateKey) throws -> Certificate {
        try Certificate(derEncoded: signedEncoding(with: key))
    }

    /// The certificate signed with `key`, encoded as libcrypto writes it, not parsed back: for test certificates
    /// whose extension values are BER (X.690 §8), which only ``Certificate/init(berEncoded:)`` reads.
    package func signedEncoding(with key: PrivateKey) throws -> [UInt8] {
        guard (1...20).contains(serialNumber.count) else {
            throw CryptoError(.invalidCertificate, "serial number is \(serialNumber.count) octets; 1 to 20 are allowed")
        }
        let notBefore = try Self.seconds(notValidBefore, field: "notBefore")
        let notAfter = try Self.seconds(notValidAfter, field: "notAfter")
        ERR_clear_error()
        guard let certificate = X509_new() else {
            throw LibCrypto.failure("X509_new")
        }
        defer { X509_free(certificate) }
        guard X509_set_version(certificate, Int(X509_VERSION_3)) == 1 else {
            throw LibCrypto.failure("X509_set_version")
        }
        try Self.setSerialNumber(serialNumber, of: certificate)
        try Self.withName(subject) { name in
            guard X509_set_subject_name(certificate, name) == 1 else {
                throw LibCrypto.failure("X509_set_subject_name")
            }
        }
        try Self.withName(issuer) { name in
            guard X509_set_issuer_name(certificate, name) == 1 else {
                throw LibCrypto.failure("X509_set_issuer_name")
            }
        }
        try Self.setValidity(notBefore: notBefore, notAfter: notAfter, of: certificate)
        guard let handle = publicKey.handle else {
            throw CryptoError(.unsupportedAlgorithm, "a certificate for an ML-DSA key cannot be built here")
        }
        guard X509_set_pubkey(certificate, handle.pointer) == 1 else {
            throw LibCrypto.failure("X509_set_pubkey")
        }
        for item in extensions {
            try Self.add(item, to: certificate)
        }
        let digest = try Self.signatureDigest(for: key)
        guard let signingHandle = key.handle else {
            throw CryptoError(.unsupportedAlgorithm, "certificates are not signed with ML-DSA here")
        }
        let signed = withExtendedLifetime(key) { X509_sign(certificate, signingHandle.pointer, digest) }
        guard signed > 0 else {
            throw LibCrypto.failure("X509_sign")
        }
        return try Self.encoded(certificate)
    }

    // MARK: - Fields

    static func seconds(_ date: Date, field: String) throws -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, let whole = Int(exactly: seconds), representableSeconds.contains(whole) else {
            throw CryptoError(.invalidCertificate, "validity \(field) \(date) is outside the years 0001 to 9999")
        }
        return whole
    }

    private static func setSerialNumber(_ magnitude: [UInt8], of certificate: OpaquePointer) throws {
        guard let number = KeyImport.bigNumber(magnitude) else {
            throw LibCrypto.failure("BN_bin2bn")
        }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else {
            throw LibCrypto.failure("BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_set_serialNumber(certificate, integer) == 1 else {
            throw LibCrypto.failure("X509_set_serialNumber")
        }
    }

    private static func setValidity(notBefore: Int, notAfter: Int, of certificate: OpaquePointer) throws {
        guard let start = ASN1_TIME_set(nil, notBefore) else {
            throw LibCrypto.failure("ASN1_TIME_set(notBefore)")
        }
        defer { ASN1_TIME_free(start) }
        guard let end = ASN1_TIME_set(nil, notAfter) else {
            throw LibCrypto.failure("ASN1_TIME_set(notAfter)")
        }
        defer { ASN1_TIME_free(end) }
        guard X509_set1_notBefore(certificate, start) == 1, X509_set1_notAfter(certificate, end) == 1 else {
            throw LibCrypto.failure("X509_set1_notBefore/notAfter")
        }
    }

    /// Calls `body` with a temporary `X509_NAME` holding `name`'s attributes as UTF-8 strings (libcrypto picks
    /// PrintableString where X.520 requires it, as for countryName).
    static func withName(_ name: DistinguishedName, _ body: (OpaquePointer) throws -> Void) throws {
        guard let libcryptoName = X509_NAME_new() else {
            throw LibCrypto.failure("X509_NAME_new")
        }
        defer { X509_NAME_free(libcryptoName) }
        for attribute in name.attributes {
            try withObject(attribute.oid) { object in
                let value = Array(attribute.value.utf8)
                guard let length = Int32(exactly: value.count) else {
                    throw CryptoError(.invalidCertificate, "name attribute \(attribute.oid) is too long")
                }
                let added = LibCrypto.withBytes(value) { pointer, _ in
                    X509_NAME_add_entry_by_OBJ(libcryptoName, object, MBSTRING_UTF8, pointer, length, -1, 0)
                }
                guard added == 1 else {
                    let detail = LibCrypto.drainErrorQueue()
                    throw CryptoError(
                        .invalidCertificate,
                        "name attribute \(attribute.oid)=\"\(attribute.value)\" is refused: \(detail)"
                    )
                }
            }
        }
        try body(libcryptoName)
    }

    /// Calls `body` with a temporary ASN1_OBJECT for the dotted identifier `oid` (names are not accepted).
    private static func withObject(_ oid: String, _ body: (OpaquePointer) throws -> Void) throws {
        guard !oid.isEmpty, oid.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }),
            let object = OBJ_txt2obj(oid, 1)
        else {
            ERR_clear_error()
            throw CryptoError(.invalidCertificate, "\"\(oid)\" is not a dotted object identifier")
        }
        defer { ASN1_OBJECT_free(object) }
        try body(object)
    }

    private static func add(_ item: CertificateExtension, to certificate: OpaquePointer) throws {
        try withObject(item.oid) { object in
            guard let value = ASN1_OCTET_STRING_new() else {
                throw LibCrypto.failure("ASN1_OCTET_STRING_new")
            }
            defer { ASN1_OCTET_STRING_free(value) }
            guard let length = Int32(exactly: item.value.count),
                LibCrypto.withBytes(item.value, { pointer, _ in ASN1_OCTET_STRING_set(value, pointer, length) }) == 1
            else {
                throw LibCrypto.failure("ASN1_OCTET_STRING_set")
            }
            guard let created = X509_EXTENSION_create_by_OBJ(nil, object, item.isCritical ? 1 : 0, value) else {
                throw LibCrypto.failure("X509_EXTENSION_create_by_OBJ")
            }
            defer { X509_EXTENSION_free(created) }
            guard X509_add_ext(certificate, created, -1) == 1 else {
                throw LibCrypto.failure("X509_add_ext")
            }
        }
    }

    // MARK: - Signing

    static func signatureDigest(for key: PrivateKey) throws -> OpaquePointer? {
        switch key.publicKey.family {
        case .edwardsCurve:
            return nil
        case .moduleLattice:
            throw CryptoError(.unsupportedAlgorithm, "certificates are not signed with ML-DSA here")
        case .rsa:
            return try MessageDigest.fetched(.sha256)
        case .ellipticCurve:
            switch key.publicKey.ellipticCurve {
            case .p256: return try MessageDigest.fetched(.sha256)
            case .p384: return try MessageDigest.fetched(.sha384)
            case .p521: return try MessageDigest.fetched(.sha512)
            default:
                throw CryptoError(.unsupportedAlgorithm, "cannot sign a certificate with a key on this curve")
            }
        }
    }

    private static func encoded(_ certificate: OpaquePointer) throws -> [UInt8] {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else {
            throw LibCrypto.failure("i2d_X509")
        }
        var output = [UInt8](repeating: 0, count: Int(length))
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        guard written == length else {
            throw LibCrypto.failure("i2d_X509")
        }
        return output
    }
}
