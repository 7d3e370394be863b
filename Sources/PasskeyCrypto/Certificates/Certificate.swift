import CPasskeyLibCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An X.509 certificate (RFC 5280 §4.1), parsed once with libcrypto and read eagerly.
///
/// Used for attestation certificates (`x5c`, WebAuthn §8.2 packed, §8.8 apple, §8.3 tpm) and trust anchors.
/// Two certificates are equal when their DER encodings are equal.
public struct Certificate: Sendable, Hashable {
    let handle: X509Handle

    /// The DER encoding, exactly as given.
    public let derEncoded: [UInt8]
    /// The version in RFC numbering: 1, 2 or 3 (RFC 5280 §4.1.2.1; encoded as 0, 1 or 2).
    public let version: Int
    /// The serial number's magnitude as lowercase hexadecimal, `-` first when negative (RFC 5280 §4.1.2.2).
    public let serialNumberHex: String
    /// The subject (RFC 5280 §4.1.2.6).
    public let subject: DistinguishedName
    /// The issuer (RFC 5280 §4.1.2.4).
    public let issuer: DistinguishedName
    /// The start of the validity period (RFC 5280 §4.1.2.5).
    public let notValidBefore: Date
    /// The end of the validity period (RFC 5280 §4.1.2.5), GeneralizedTime years such as 3024 included.
    public let notValidAfter: Date
    /// The subject public key (RFC 5280 §4.1.2.7).
    public let publicKey: PublicKey
    /// The `cA` component of the basic constraints extension (RFC 5280 §4.2.1.9), `nil` when the
    /// extension is absent.
    public let isCertificateAuthority: Bool?
    /// Every extension in encoded order (RFC 5280 §4.1.2.9).
    public let extensions: [CertificateExtension]
    /// The key purposes of the extended key usage extension as dotted OIDs (RFC 5280 §4.2.1.12), `[]` when
    /// absent.
    public let extendedKeyUsageOIDs: [String]
    /// The attributes of every directoryName in the subject alternative name extension (RFC 5280 §4.2.1.6),
    /// as TPM attestation certificates carry them (WebAuthn §8.3.1, TPMv2-EK-Profile §3.2.9); `[]` when absent.
    public let subjectAlternativeNameDirectoryAttributes: [DistinguishedName.Attribute]

    /// `2.5.29.19`, basic constraints (RFC 5280 §4.2.1.9).
    static let basicConstraintsOID = "2.5.29.19"

    /// Parses a DER certificate (RFC 5280 §4.1). Throws ``CryptoError/Code/invalidCertificate`` when the bytes
    /// are not one DER certificate (trailing bytes included), when a field cannot be read, or when the subject
    /// public key is not an EC, Ed25519, Ed448 or RSA key.
    public init(derEncoded: [UInt8]) throws {
        try self.init(encoded: derEncoded, requiringDER: true)
    }

    /// Parses a certificate as libcrypto's `d2i_X509` reads it (RFC 5280 §4.1 in any X.690 BER encoding that
    /// libcrypto accepts, for example `basicConstraints` with `cA FALSE` written out, or a non-minimal length):
    /// the DER re-encoding check of ``init(derEncoded:)`` is not made and basic constraints are read by
    /// libcrypto. ``derEncoded`` then holds the bytes as given.
    ///
    /// For certificates a trusted publisher lists (the roots of a FIDO metadata statement, FIDO Metadata
    /// Statement v3.0 §4 `attestationRootCertificates`), never for what a client sends. Throws
    /// ``CryptoError/Code/invalidCertificate`` when libcrypto cannot read one certificate filling `berEncoded`.
    public init(berEncoded: [UInt8]) throws {
        try self.init(encoded: berEncoded, requiringDER: false)
    }

    /// The certificates of `bytes` laid end to end (as some FIDO metadata statements hold several in one
    /// `attestationRootCertificates` string, FIDO Metadata Statement v3.0 §4), each read as
    /// ``init(berEncoded:)`` reads it, in order.
    ///
    /// Reading stops at the first failure, which is the last element; more than `maximumCount` certificates
    /// end with a failure too. Every failure is ``CryptoError/Code/invalidCertificate``.
    public static func certificates(
        concatenatedBER bytes: [UInt8],
        maximumCount: Int
    ) -> [Result<Certificate, CryptoError>] {
        var results: [Result<Certificate, CryptoError>] = []
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard results.count < maximumCount else {
                results.append(
                    .failure(CryptoError(.invalidCertificate, "more than \(maximumCount) certificates in one string")))
                break
            }
            let remaining = Array(bytes[offset...])
            let consumed: Int = remaining.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                var cursor: UnsafePointer<UInt8>? = base
                guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return 0 }
                X509_free(certificate)
                guard let end = cursor else { return 0 }
                return end - base
            }
            guard consumed > 0, consumed <= remaining.count else {
                let detail = LibCrypto.drainErrorQueue()
                let position = results.count + 1
                results.append(
                    .failure(
                        CryptoError(
                            .invalidCertificate,
                            "certificate \(position) is not an X.509 certificate libcrypto reads"
                                + (detail.isEmpty ? "" : " (\(detail))")
                        )))
                break
            }
            do {
                results.append(.success(try Certificate(berEncoded: Array(remaining.prefix(consumed)))))
            } catch let error as CryptoError {
                results.append(.failure(error))
                break
            } catch {
                results.append(.failure(CryptoError(.invalidCertificate, "\(error)")))
                break
            }
            offset += consumed
        }
        return results
    }

    private init(encoded derEncoded: [UInt8], requiringDER: Bool) throws {
        let parsed: OpaquePointer? = derEncoded.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            guard let end = cursor, end - base == buffer.count else {
                X509_free(certificate)
                return nil
            }
            return certificate
        }
        guard let parsed else {
            let detail = LibCrypto.drainErrorQueue()
            throw CryptoError(
                .invalidCertificate,
                "not a DER X.509 certificate, or trailing bytes after it\(detail.isEmpty ? "" : " (\(detail))")"
            )
        }
        let handle = X509Handle(taking: parsed)
        self.handle = handle
        self.derEncoded = derEncoded
        let certificate = handle.pointer

        guard !requiringDER || Self.reencoded(certificate) == derEncoded else {
            throw CryptoError(.invalidCertificate, "certificate is BER, not DER: it does not re-encode identically")
        }

        let rawVersion = X509_get_version(certificate)
        guard (0...2).contains(rawVersion) else {
            throw CryptoError(.invalidCertificate, "certificate version field \(rawVersion) is not 0, 1 or 2")
        }
        version = rawVersion + 1

        var serial = ""
        if let serialNumber = X509_get0_serialNumber(certificate) {
            let magnitude = LibCrypto.bytes(of: serialNumber)
            let negative = ASN1_STRING_type(serialNumber) & V_ASN1_NEG != 0
            serial = (negative ? "-" : "") + (magnitude.isEmpty ? "00" : LibCrypto.hex(magnitude))
        }
        serialNumberHex = serial

        subject = try DistinguishedName(name: X509_get_subject_name(certificate))
        issuer = try DistinguishedName(name: X509_get_issuer_name(certificate))
        notValidBefore = try Self.date(X509_get0_notBefore(certificate), field: "notBefore")
        notValidAfter = try Self.date(X509_get0_notAfter(certificate), field: "notAfter")

        guard let key = X509_get0_pubkey(certificate) else {
            let detail = LibCrypto.drainErrorQueue()
            throw CryptoError(.invalidCertificate, "subject public key cannot be decoded: \(detail)")
        }
        guard EVP_PKEY_up_ref(key) == 1 else {
            throw LibCrypto.failure("EVP_PKEY_up_ref")
        }
        do {
            publicKey = try PublicKey(
                handle: EVPKeyHandle(taking: key),
                subjectPublicKeyInfo: Self.encodedSubjectPublicKeyInfo(certificate)
            )
        } catch let error as CryptoError {
            throw CryptoError(.invalidCertificate, "subject public key: \(error.reason)")
        }

        var extensions: [CertificateExtension] = []
        let count = X509_get_ext_count(certificate)
        for index in 0..<max(count, 0) {
            guard let item = X509_get_ext(certificate, index) else {
                throw CryptoError(.invalidCertificate, "extension \(index) cannot be read")
            }
            let oid = try LibCrypto.dottedOID(X509_EXTENSION_get_object(item))
            let value = LibCrypto.bytes(of: X509_EXTENSION_get_data(item))
            extensions.append(
                CertificateExtension(oid: oid, isCritical: X509_EXTENSION_get_critical(item) > 0, value: value))
        }
        self.extensions = extensions
        isCertificateAuthority =
            requiringDER ? try Self.basicConstraintsCA(extensions) : try Self.libcryptoBasicConstraintsCA(certificate)
        extendedKeyUsageOIDs = try Self.extendedKeyUsage(certificate)
        subjectAlternativeNameDirectoryAttributes = try Self.directoryNameAttributes(certificate)
    }

    /// The certificate's own SubjectPublicKeyInfo re-encoded from its parsed fields (`i2d_X509_PUBKEY`), which
    /// is what `i2d_PUBKEY` writes for the key without the encoder lookup; `nil` when it cannot be encoded.
    private static func encodedSubjectPublicKeyInfo(_ certificate: OpaquePointer) -> [UInt8]? {
        guard let field = X509_get_X509_PUBKEY(certificate) else { return nil }
        let length = i2d_X509_PUBKEY(field, nil)
        guard length > 0 else {
            ERR_clear_error()
            return nil
        }
        var encoded = [UInt8](repeating: 0, count: Int(length))
        let written = encoded.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509_PUBKEY(field, &cursor)
        }
        guard written == length else {
            ERR_clear_error()
            return nil
        }
        return encoded
    }

    /// Parses `der` as ``init(derEncoded:)`` does, reusing an earlier parse of the same bytes in this process
    /// (a bounded cache: attestation batch certificates and intermediates are shared by many registrations).
    package static func parsed(derEncoded der: [UInt8]) throws -> Certificate {
        try ParsedCertificateCache.shared.certificate(derEncoded: der)
    }

    /// How many parsed certificates the process-wide cache holds (tests).
    package static var cachedParseCount: Int { ParsedCertificateCache.shared.count }

    /// Every certificate of PEM text (RFC 7468 §5, `-----BEGIN CERTIFICATE-----` blocks), in order.
    ///
    /// Explanatory text outside the blocks is ignored as RFC 7468 §5.2 allows; text without any certificate,
    /// or a block whose body is not a DER certificate, throws ``CryptoError/Code/invalidCertificate``.
    public static func certificates(fromPEM text: String) throws -> [Certificate] {
        let bytes = Array(text.utf8)
        guard let length = Int32(exactly: bytes.count), length > 0 else {
            throw CryptoError(.invalidCertificate, "PEM text is empty or too large")
        }
        var encodings: [[UInt8]] = []
        try bytes.withUnsafeBufferPointer { buffer in
            ERR_clear_error()
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, length) else {
                throw LibCrypto.failure("BIO_new_mem_buf")
            }
            defer { BIO_free(bio) }
            while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
                defer { X509_free(certificate) }
                guard let der = reencoded(certificate) else {
                    throw LibCrypto.failure("i2d_X509")
                }
                encodings.append(der)
            }
            let error = ERR_peek_last_error()
            let endOfInput = ERR_GET_LIB(error) == ERR_LIB_PEM && ERR_GET_REASON(error) == PEM_R_NO_START_LINE
            guard endOfInput || error == 0 else {
                let detail = LibCrypto.drainErrorQueue()
                throw CryptoError(.invalidCertificate, "PEM certificate block is malformed: \(detail)")
            }
            ERR_clear_error()
        }
        guard !encodings.isEmpty else {
            throw CryptoError(.invalidCertificate, "PEM text contains no CERTIFICATE block")
        }
        return try encodings.map { try Certificate(derEncoded: $0) }
    }

    /// The first extension with identifier `oid`, if any.
    public func `extension`(oid: String) -> CertificateExtension? {
        extensions.first { $0.oid == oid }
    }

    /// Certificates are equal when their DER encodings are equal.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.derEncoded == rhs.derEncoded
    }

    /// Hashes the DER encoding.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded)
    }

    // MARK: - Reading

    /// `i2d_X509` of a parsed certificate.
    private static func reencoded(_ certificate: OpaquePointer) -> [UInt8]? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: Int(length))
        let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return written == length ? output : nil
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?, field: String) throws -> Date {
        var seconds: Int64 = 0
        guard CPasskeyLibCrypto_ASN1_TIME_to_unix(time, &seconds) == 1 else {
            ERR_clear_error()
            throw CryptoError(.invalidCertificate, "validity \(field) is not a valid UTCTime or GeneralizedTime")
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Decodes `BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER OPTIONAL }`.
    private static func basicConstraintsCA(_ extensions: [CertificateExtension]) throws -> Bool? {
        let matching = extensions.filter { $0.oid == basicConstraintsOID }
        guard let basicConstraints = matching.first else { return nil }
        guard matching.count == 1 else {
            throw CryptoError(.invalidCertificate, "basic constraints extension appears more than once")
        }
        do {
            let children = try DER.children(of: basicConstraints.value[...])
            guard let first = children.first, first.tag == DER.booleanTag else {
                guard children.allSatisfy({ $0.tag == DER.integerTag }), children.count <= 1 else {
                    throw CryptoError(.malformedDER, "unexpected basic constraints member")
                }
                return false
            }
            guard first.value.count == 1, let flag = first.value.first, flag == 0 || flag == 0xff,
                children.count == 1 || (children.count == 2 && children[1].tag == DER.integerTag)
            else {
                throw CryptoError(.malformedDER, "basic constraints cA is not a DER BOOLEAN")
            }
            return flag == 0xff
        } catch let error as CryptoError {
            throw CryptoError(.invalidCertificate, "basic constraints extension is malformed: \(error.reason)")
        }
    }

    /// The `cA` component of the basic constraints as libcrypto reads it (BER), `nil` when the extension is absent.
    private static func libcryptoBasicConstraintsCA(_ certificate: OpaquePointer) throws -> Bool? {
        let flags = X509_get_extension_flags(certificate)
        guard flags & UInt32(EXFLAG_INVALID) == 0 else {
            ERR_clear_error()
            throw CryptoError(.invalidCertificate, "an extension cannot be read, or one appears more than once")
        }
        guard flags & UInt32(EXFLAG_BCONS) != 0 else { return nil }
        return flags & UInt32(EXFLAG_CA) != 0
    }

    private static func extendedKeyUsage(_ certificate: OpaquePointer) throws -> [String] {
        var critical: Int32 = 0
        guard let raw = X509_get_ext_d2i(certificate, NID_ext_key_usage, &critical, nil) else {
            guard critical == -1 else {
                ERR_clear_error()
                throw CryptoError(.invalidCertificate, "extended key usage extension is malformed or repeated")
            }
            return []
        }
        let usages = OpaquePointer(raw)
        defer { EXTENDED_KEY_USAGE_free(usages) }
        var oids: [String] = []
        for index in 0..<max(CPasskeyLibCrypto_sk_ASN1_OBJECT_num(usages), 0) {
            oids.append(try LibCrypto.dottedOID(CPasskeyLibCrypto_sk_ASN1_OBJECT_value(usages, index)))
        }
        return oids
    }

    private static func directoryNameAttributes(_ certificate: OpaquePointer) throws -> [DistinguishedName.Attribute] {
        var critical: Int32 = 0
        guard let raw = X509_get_ext_d2i(certificate, NID_subject_alt_name, &critical, nil) else {
            guard critical == -1 else {
                ERR_clear_error()
                throw CryptoError(.invalidCertificate, "subject alternative name extension is malformed or repeated")
            }
            return []
        }
        let names = OpaquePointer(raw)
        defer { GENERAL_NAMES_free(names) }
        var attributes: [DistinguishedName.Attribute] = []
        for index in 0..<max(CPasskeyLibCrypto_sk_GENERAL_NAME_num(names), 0) {
            if let directoryName = CPasskeyLibCrypto_general_name_directory_name(names, index) {
                attributes += try DistinguishedName(name: directoryName).attributes
            }
        }
        return attributes
    }
}
