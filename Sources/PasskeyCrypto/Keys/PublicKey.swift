import CPasskeyLibCrypto

/// A public key that verifies WebAuthn signatures: ECDSA on P-256/P-384/P-521 (RFC 9053 §2.1),
/// EdDSA on Ed25519/Ed448 (RFC 9053 §2.2, RFC 8032), RSASSA-PKCS1-v1_5 (RFC 8812 §2) and
/// RSASSA-PSS (RFC 8230 §2) through libcrypto, and ML-DSA (FIPS 204) in Swift (``MLDSAPublicKey``).
///
/// The key is parsed once; keep the value and reuse it for every verification. Two keys are equal
/// when their DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) is equal.
public struct PublicKey: Sendable, Hashable {
    /// The libcrypto key; `nil` for an ML-DSA key. (Two optionals rather than an enum with two payloads: such an
    /// enum keeps its case in the spare bits of a pointer, which LeakSanitizer cannot follow.)
    let handle: EVPKeyHandle?
    let family: KeyFamily

    /// The DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) as re-encoded by libcrypto (`i2d_PUBKEY`).
    public let subjectPublicKeyInfo: [UInt8]
    /// The curve of an EC or EdDSA key, `nil` for RSA and for EC keys on curves COSE does not name here.
    public let ellipticCurve: COSEEllipticCurve?
    /// The modulus size of an RSA key in bits, `nil` for other keys.
    public let rsaModulusBits: Int?
    /// The ML-DSA key, `nil` for other keys.
    public let moduleLatticeKey: MLDSAPublicKey?

    /// Parses a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7; RFC 5480 for EC, RFC 8410 for EdDSA,
    /// RFC 3279 for RSA, RFC 9881 for ML-DSA). Trailing bytes and key types other than EC, Ed25519, Ed448, RSA
    /// and ML-DSA are rejected.
    public init(subjectPublicKeyInfo der: [UInt8]) throws {
        if let parameterSet = SubjectPublicKeyInfoEncoding.moduleLatticeParameterSet(of: der) {
            let prefixLength = SubjectPublicKeyInfoEncoding.moduleLatticePrefix(parameterSet).count
            try self.init(
                moduleLatticeKey: MLDSAPublicKey(encoded: Array(der[prefixLength...]), parameterSet: parameterSet))
            return
        }
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let key = d2i_PUBKEY(nil, &cursor, buffer.count) else { return nil }
            guard let end = cursor, end - base == buffer.count else {
                EVP_PKEY_free(key)
                return nil
            }
            return key
        }
        guard let parsed else {
            ERR_clear_error()
            throw CryptoError(.invalidPublicKey, "not a DER SubjectPublicKeyInfo (or trailing bytes after it)")
        }
        try self.init(handle: EVPKeyHandle(taking: parsed))
    }

    /// Wraps a key built by this module, classifying it and caching its SubjectPublicKeyInfo: `encoded` when the
    /// caller has it (it must be what `i2d_PUBKEY` would write), otherwise `i2d_PUBKEY`'s output.
    init(handle: EVPKeyHandle, subjectPublicKeyInfo encoded: [UInt8]? = nil) throws {
        let key = handle.pointer
        self.handle = handle
        self.moduleLatticeKey = nil
        if EVP_PKEY_is_a(key, "EC") == 1 {
            family = .ellipticCurve
            var name = [CChar](repeating: 0, count: 64)
            var length = 0
            let status = name.withUnsafeMutableBufferPointer {
                EVP_PKEY_get_group_name(key, $0.baseAddress, 64, &length)
            }
            if status == 1 {
                ellipticCurve = COSEEllipticCurve(groupName: LibCrypto.string(fromNulTerminated: name))
            } else {
                ERR_clear_error()
                ellipticCurve = nil
            }
            rsaModulusBits = nil
        } else if EVP_PKEY_is_a(key, "ED25519") == 1 {
            family = .edwardsCurve
            ellipticCurve = .ed25519
            rsaModulusBits = nil
        } else if EVP_PKEY_is_a(key, "ED448") == 1 {
            family = .edwardsCurve
            ellipticCurve = .ed448
            rsaModulusBits = nil
        } else if EVP_PKEY_is_a(key, "RSA") == 1 {
            family = .rsa
            ellipticCurve = nil
            rsaModulusBits = Int(EVP_PKEY_get_bits(key))
        } else {
            let type = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
            throw CryptoError(
                .unsupportedAlgorithm, "public key type \(type) is not supported (EC, Ed25519, Ed448, RSA)")
        }
        subjectPublicKeyInfo = try encoded ?? Self.encodedByLibCrypto(key)
    }

    /// Wraps an ML-DSA key; its SubjectPublicKeyInfo is the RFC 9881 encoding of the raw key.
    public init(moduleLatticeKey key: MLDSAPublicKey) {
        handle = nil
        moduleLatticeKey = key
        family = .moduleLattice
        ellipticCurve = nil
        rsaModulusBits = nil
        subjectPublicKeyInfo = SubjectPublicKeyInfoEncoding.moduleLatticePrefix(key.parameterSet) + key.encoded
    }

    /// The SubjectPublicKeyInfo as libcrypto's `i2d_PUBKEY` writes it, for tests that check the cached
    /// ``subjectPublicKeyInfo`` against it.
    package func subjectPublicKeyInfoEncodedByLibCrypto() throws -> [UInt8] {
        guard let handle else { throw CryptoError(.unsupportedAlgorithm, "an ML-DSA key is not a libcrypto key") }
        return try Self.encodedByLibCrypto(handle.pointer)
    }

    /// `i2d_PUBKEY`: correct for every key, but slow for provider keys (encoder lookup on every call).
    private static func encodedByLibCrypto(_ key: OpaquePointer) throws -> [UInt8] {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else {
            throw LibCrypto.failure("i2d_PUBKEY")
        }
        var encoded = [UInt8](repeating: 0, count: Int(length))
        let written = encoded.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(key, &cursor)
        }
        guard written == length else {
            throw LibCrypto.failure("i2d_PUBKEY")
        }
        return encoded
    }

    /// Whether `algorithm` can be used with this key: ES256 needs P-256, ES384 P-384, ES512 P-521,
    /// EdDSA/Ed25519 Ed25519, Ed448 Ed448, RS*/PS*/RS1 RSA (RFC 9053 §2, RFC 8812, RFC 8230), ML-DSA-44/65/87
    /// a key of the same parameter set (FIPS 204).
    func fits(_ algorithm: COSEAlgorithm) -> Bool {
        guard let required = algorithm.keyFamily, required == family else { return false }
        switch family {
        case .rsa: return true
        case .moduleLattice: return moduleLatticeKey?.parameterSet.algorithm == algorithm
        case .ellipticCurve, .edwardsCurve: return ellipticCurve != nil && algorithm.requiredCurve == ellipticCurve
        }
    }

    /// Verifies `signature` over `message` with `algorithm`, the hash taken from the algorithm only: the message's
    /// digest checked with `EVP_PKEY_verify` (ECDSA, RSA), or one-shot `EVP_DigestVerify` (EdDSA), with
    /// verification contexts initialised once per key and algorithm and reused (``VerificationContextPool``).
    /// ECDSA signatures are DER `Ecdsa-Sig-Value` (WebAuthn §6.5.6), EdDSA signatures raw (RFC 8032), RSA
    /// signatures raw PKCS #1 v1.5 (RFC 8812) or PSS with MGF1 on the same hash and a salt as long as the digest
    /// (RFC 8230 §2).
    ///
    /// Returns `false` for a wrong or malformed signature. Throws ``CryptoError/Code/unsupportedAlgorithm``
    /// when `algorithm` does not fit this key's type or curve.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8], algorithm: COSEAlgorithm) throws -> Bool {
        guard fits(algorithm) else {
            throw CryptoError(
                .unsupportedAlgorithm,
                "algorithm \(algorithm.name) does not fit this \(keyDescription) key"
            )
        }
        if let moduleLatticeKey {
            return moduleLatticeKey.isValidSignature(signature, for: message)
        }
        guard let handle else { throw CryptoError(.unsupportedAlgorithm, "the key has no libcrypto form") }
        let pool = handle.verificationContexts
        let status: Int32
        if let hash = algorithm.hashAlgorithm {
            let digest = try MessageDigest.fetched(hash)
            let messageDigest = hash.hash(message)
            guard let context = try pool.take(algorithm) ?? publicKeyContext(handle, algorithm, digest) else {
                throw LibCrypto.failure("EVP_PKEY_verify_init")
            }
            status = LibCrypto.withBytes(signature) { signaturePointer, signatureCount in
                EVP_PKEY_verify(context, signaturePointer, signatureCount, messageDigest, messageDigest.count)
            }
            status == 1
                ? pool.put(context, algorithm, .publicKeyContext)
                : VerificationContextPool.free(context, .publicKeyContext)
        } else {
            // Since OpenSSL 3.2 a context that ran the one-shot EVP_DigestVerify is finalised and cannot verify
            // again: the pooled context is a template that is never used itself, and each verification runs
            // on a copy of it (a copy costs no algorithm fetch, unlike a new EVP_DigestVerifyInit).
            guard let template = try pool.take(algorithm) ?? digestContext(handle) else {
                throw LibCrypto.failure("EVP_DigestVerifyInit")
            }
            defer { pool.put(template, algorithm, .digestContext) }
            guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_MD_CTX_copy_ex(context, template) == 1 else { throw LibCrypto.failure("EVP_MD_CTX_copy_ex") }
            status = LibCrypto.withBytes(signature) { signaturePointer, signatureCount in
                LibCrypto.withBytes(message) { messagePointer, messageCount in
                    EVP_DigestVerify(context, signaturePointer, signatureCount, messagePointer, messageCount)
                }
            }
        }
        ERR_clear_error()
        return status == 1
    }

    /// A new `EVP_PKEY_CTX` ready for `EVP_PKEY_verify` of a `digest` hash with `algorithm`: ECDSA, RSASSA-PKCS1-v1_5,
    /// or RSASSA-PSS with MGF1 on the same hash and a salt as long as the digest (RFC 8230 §2).
    private func publicKeyContext(
        _ handle: EVPKeyHandle,
        _ algorithm: COSEAlgorithm,
        _ digest: OpaquePointer
    ) throws -> OpaquePointer? {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, handle.pointer, nil) else { return nil }
        var configured = EVP_PKEY_verify_init(context) == 1 && EVP_PKEY_CTX_set_signature_md(context, digest) == 1
        if configured, algorithm.usesProbabilisticSignatureScheme {
            configured =
                EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PSS_PADDING) == 1
                && EVP_PKEY_CTX_set_rsa_pss_saltlen(context, RSA_PSS_SALTLEN_DIGEST) == 1
                && EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest) == 1
        }
        guard configured else {
            EVP_PKEY_CTX_free(context)
            throw LibCrypto.failure("configuring the \(algorithm.name) verification")
        }
        return context
    }

    /// A new `EVP_MD_CTX` ready for one-shot `EVP_DigestVerify` with this EdDSA key (RFC 8032: no prehash).
    private func digestContext(_ handle: EVPKeyHandle) throws -> OpaquePointer? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, handle.pointer) == 1 else {
            EVP_MD_CTX_free(context)
            throw LibCrypto.failure("EVP_DigestVerifyInit")
        }
        return context
    }

    /// "P-256 EC", "Ed25519", "2048-bit RSA"... for error messages.
    var keyDescription: String {
        switch family {
        case .rsa: return "\(rsaModulusBits ?? 0)-bit RSA"
        case .moduleLattice: return moduleLatticeKey.map { "\($0.parameterSet)" } ?? "ML-DSA"
        case .edwardsCurve: return ellipticCurve == .ed448 ? "Ed448" : "Ed25519"
        case .ellipticCurve:
            switch ellipticCurve {
            case .p256: return "P-256 EC"
            case .p384: return "P-384 EC"
            case .p521: return "P-521 EC"
            default: return "EC (curve not supported)"
            }
        }
    }

    /// Keys are equal when their SubjectPublicKeyInfo DER is equal.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.subjectPublicKeyInfo == rhs.subjectPublicKeyInfo
    }

    /// Hashes the SubjectPublicKeyInfo DER.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(subjectPublicKeyInfo)
    }
}
