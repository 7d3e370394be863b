import CPasskeyLibCrypto
import PasskeyCBOR

/// A signing key for tests and virtual authenticators: produces the signatures WebAuthn authenticators
/// produce (DER ECDSA per WebAuthn §6.5.6, raw EdDSA per RFC 8032, RSASSA-PKCS1-v1_5 per RFC 8812 and
/// RSASSA-PSS per RFC 8230, pure ML-DSA per FIPS 204).
package struct PrivateKey: Sendable {
    /// The libcrypto key; `nil` for an ML-DSA key.
    let handle: EVPKeyHandle?
    /// The ML-DSA key, signed with in Swift; `nil` for other keys.
    let moduleLatticeKey: MLDSAPrivateKey?
    /// The algorithm ``sign(_:)`` uses and ``coseKey`` declares.
    package let algorithm: COSEAlgorithm
    /// The public half.
    package let publicKey: PublicKey
    /// The public half as a canonical COSE_Key (WebAuthn §6.5.1.1) declaring ``algorithm``.
    package let coseKey: COSEKey

    /// A fresh random key for `algorithm`: P-256/P-384/P-521 for ES256/ES384/ES512, Ed25519 for EdDSA and
    /// Ed25519, Ed448 for Ed448, RSA-2048 (e = 65537) for RS256/384/512 and PS256/384/512, an ML-DSA key of the
    /// algorithm's parameter set for ML-DSA-44/65/87.
    package static func generate(_ algorithm: COSEAlgorithm) throws -> PrivateKey {
        guard COSEAlgorithm.allSupported.contains(algorithm), let family = algorithm.keyFamily else {
            throw CryptoError(.unsupportedAlgorithm, "cannot generate a credential key for \(algorithm.name)")
        }
        let name: String
        switch family {
        case .ellipticCurve: name = "EC"
        case .edwardsCurve: name = algorithm == .ed448 ? "ED448" : "ED25519"
        case .rsa: name = "RSA"
        case .moduleLattice:
            guard let parameterSet = MLDSAParameterSet(algorithm: algorithm) else {
                throw CryptoError(.unsupportedAlgorithm, "\(algorithm.name) is not an ML-DSA parameter set")
            }
            return try PrivateKey(moduleLatticeKey: MLDSAPrivateKey.generate(parameterSet))
        }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, name, nil) else {
            throw LibCrypto.failure("EVP_PKEY_CTX_new_from_name")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw LibCrypto.failure("EVP_PKEY_keygen_init")
        }
        switch family {
        case .ellipticCurve:
            let curve = algorithm.requiredCurve ?? .p256
            guard EVP_PKEY_CTX_set_group_name(context, String(describing: curve.groupName)) == 1 else {
                throw LibCrypto.failure("EVP_PKEY_CTX_set_group_name")
            }
        case .rsa:
            guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) == 1 else {
                throw LibCrypto.failure("EVP_PKEY_CTX_set_rsa_keygen_bits")
            }
        case .edwardsCurve, .moduleLattice:
            break
        }
        var key: OpaquePointer?
        guard EVP_PKEY_generate(context, &key) == 1, let key else {
            throw LibCrypto.failure("EVP_PKEY_generate")
        }
        return try PrivateKey(handle: EVPKeyHandle(taking: key), algorithm: algorithm)
    }

    /// An ECDSA key from its private scalar (big-endian, at most the field length: 32, 48 or 66 bytes, shorter
    /// values read as left-padded with zeros; SEC 1 §2.3.7) on P-256, P-384 or P-521; the public point is
    /// derived with `EC_POINT_mul`. The algorithm is ES256, ES384 or ES512 to match the curve.
    package init(ecPrivateScalar scalar: [UInt8], curve: COSEEllipticCurve) throws {
        let algorithm: COSEAlgorithm
        let identifier: Int32
        switch curve {
        case .p256: (algorithm, identifier) = (.es256, NID_X9_62_prime256v1)
        case .p384: (algorithm, identifier) = (.es384, NID_secp384r1)
        case .p521: (algorithm, identifier) = (.es512, NID_secp521r1)
        case .ed25519, .ed448:
            throw CryptoError(.invalidPrivateKey, "curve \(curve.rawValue) is not an ECDSA curve")
        }
        guard !scalar.isEmpty, scalar.count <= curve.coordinateLength else {
            throw CryptoError(
                .invalidPrivateKey,
                "private scalar is \(scalar.count) bytes; crv \(curve.rawValue) needs 1 to \(curve.coordinateLength)"
            )
        }
        guard let group = EC_GROUP_new_by_curve_name(identifier) else {
            throw LibCrypto.failure("EC_GROUP_new_by_curve_name")
        }
        defer { EC_GROUP_free(group) }
        guard let privateScalar = KeyImport.bigNumber(scalar) else {
            throw LibCrypto.failure("BN_bin2bn")
        }
        defer { BN_clear_free(privateScalar) }
        guard let order = EC_GROUP_get0_order(group), BN_is_zero(privateScalar) == 0,
            BN_cmp(privateScalar, order) < 0
        else {
            throw CryptoError(.invalidPrivateKey, "private scalar is not in [1, n - 1]")
        }
        guard let point = EC_POINT_new(group) else {
            throw LibCrypto.failure("EC_POINT_new")
        }
        defer { EC_POINT_free(point) }
        guard EC_POINT_mul(group, point, privateScalar, nil, nil, nil) == 1 else {
            throw LibCrypto.failure("EC_POINT_mul")
        }
        let length = EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, nil, 0, nil)
        guard length > 0 else {
            throw LibCrypto.failure("EC_POINT_point2oct")
        }
        var encodedPoint = [UInt8](repeating: 0, count: length)
        let written = encodedPoint.withUnsafeMutableBufferPointer {
            EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, $0.baseAddress, length, nil)
        }
        guard written == length else {
            throw LibCrypto.failure("EC_POINT_point2oct")
        }
        let groupName = curve.groupName
        let key: EVPKeyHandle? = encodedPoint.withUnsafeBufferPointer { pointBuffer in
            guard let builder = OSSL_PARAM_BLD_new() else { return nil }
            defer { OSSL_PARAM_BLD_free(builder) }
            guard
                OSSL_PARAM_BLD_push_utf8_string(
                    builder, KeyImport.cString("group"), KeyImport.cString(groupName), 0) == 1,
                OSSL_PARAM_BLD_push_BN(builder, KeyImport.cString("priv"), privateScalar) == 1,
                OSSL_PARAM_BLD_push_octet_string(
                    builder, KeyImport.cString("pub"), pointBuffer.baseAddress, pointBuffer.count) == 1,
                let parameters = OSSL_PARAM_BLD_to_param(builder)
            else { return nil }
            defer { OSSL_PARAM_free(parameters) }
            return KeyImport.fromData(algorithm: "EC", selection: CPasskeyLibCrypto_selection_key_pair(), parameters)
        }
        guard let key else {
            throw LibCrypto.failure("EVP_PKEY_fromdata")
        }
        try self.init(handle: key, algorithm: algorithm)
    }

    /// An EdDSA key from its private seed (RFC 8032 §5.1.5: 32 bytes for Ed25519, §5.2.5: 57 bytes for
    /// Ed448). The algorithm is EdDSA (-8) for Ed25519 and Ed448 (-53) for Ed448.
    package init(okpSeed seed: [UInt8], curve: COSEEllipticCurve) throws {
        guard curve == .ed25519 || curve == .ed448 else {
            throw CryptoError(.invalidPrivateKey, "curve \(curve.rawValue) is not an EdDSA curve")
        }
        guard seed.count == curve.coordinateLength else {
            throw CryptoError(
                .invalidPrivateKey,
                "seed is \(seed.count) bytes; crv \(curve.rawValue) needs \(curve.coordinateLength)"
            )
        }
        let name = curve == .ed448 ? "ED448" : "ED25519"
        let key = seed.withUnsafeBufferPointer {
            EVP_PKEY_new_raw_private_key_ex(nil, name, nil, $0.baseAddress, $0.count)
        }
        guard let key else {
            throw LibCrypto.failure("EVP_PKEY_new_raw_private_key_ex")
        }
        try self.init(handle: EVPKeyHandle(taking: key), algorithm: curve == .ed448 ? .ed448 : .edDSA)
    }

    /// An ML-DSA key (FIPS 204); the algorithm is its parameter set's.
    package init(moduleLatticeKey key: MLDSAPrivateKey) throws {
        handle = nil
        moduleLatticeKey = key
        algorithm = key.parameterSet.algorithm
        publicKey = PublicKey(moduleLatticeKey: key.publicKey)
        coseKey = try COSEKey(
            cbor: .map(
                CBORMap(entries: [
                    CBORMap.Entry(
                        key: CBORValue(integer: 1), value: CBORValue(integer: COSEKeyType.algorithmKeyPair.rawValue)),
                    CBORMap.Entry(key: CBORValue(integer: 3), value: CBORValue(integer: algorithm.rawValue)),
                    CBORMap.Entry(key: CBORValue(integer: -1), value: .byteString(key.publicKey.encoded)),
                ])))
    }

    private init(handle: EVPKeyHandle, algorithm: COSEAlgorithm) throws {
        self.handle = handle
        self.moduleLatticeKey = nil
        self.algorithm = algorithm
        let publicKey = try PublicKey(subjectPublicKeyInfo: Self.subjectPublicKeyInfo(of: handle))
        guard publicKey.fits(algorithm) else {
            throw CryptoError(.unsupportedAlgorithm, "\(algorithm.name) does not fit a \(publicKey.keyDescription) key")
        }
        self.publicKey = publicKey
        self.coseKey = try COSEKey(cbor: Self.coseMap(of: handle, publicKey: publicKey, algorithm: algorithm))
    }

    /// The same key declaring another algorithm of its family, such as PS256 for an RSA key generated for
    /// RS256 (RSA key generation is slow; tests generate once).
    package func with(algorithm: COSEAlgorithm) throws -> PrivateKey {
        guard let handle else {
            guard algorithm == self.algorithm else {
                throw CryptoError(.unsupportedAlgorithm, "an ML-DSA key signs with its own parameter set only")
            }
            return self
        }
        return try PrivateKey(handle: handle, algorithm: algorithm)
    }

    /// Signs `message` with ``algorithm``.
    package func sign(_ message: [UInt8]) throws -> [UInt8] {
        try sign(message, algorithm: algorithm)
    }

    /// Signs `message` with `algorithm`, which must fit the key; RS1 is allowed here for TPM attestation tests.
    package func sign(_ message: [UInt8], algorithm: COSEAlgorithm) throws -> [UInt8] {
        guard publicKey.fits(algorithm) else {
            throw CryptoError(.unsupportedAlgorithm, "\(algorithm.name) does not fit a \(publicKey.keyDescription) key")
        }
        if let moduleLatticeKey {
            return try moduleLatticeKey.signature(for: message)
        }
        guard let handle else { throw CryptoError(.unsupportedAlgorithm, "the key has no libcrypto form") }
        let digest = try algorithm.hashAlgorithm.map { try MessageDigest.fetched($0) }
        guard let context = EVP_MD_CTX_new() else {
            throw LibCrypto.failure("EVP_MD_CTX_new")
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit(context, &keyContext, digest, nil, handle.pointer) == 1 else {
            throw LibCrypto.failure("EVP_DigestSignInit")
        }
        if algorithm.usesProbabilisticSignatureScheme {
            guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1,
                EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest) == 1
            else {
                throw LibCrypto.failure("configuring RSASSA-PSS")
            }
        }
        let maximum = Int(EVP_PKEY_get_size(handle.pointer))
        guard maximum > 0 else {
            throw LibCrypto.failure("EVP_PKEY_get_size")
        }
        var signature = [UInt8](repeating: 0, count: maximum)
        var length = maximum
        let status = signature.withUnsafeMutableBufferPointer { output in
            LibCrypto.withBytes(message) { pointer, count in
                EVP_DigestSign(context, output.baseAddress, &length, pointer, count)
            }
        }
        guard status == 1, length <= maximum else {
            throw LibCrypto.failure("EVP_DigestSign")
        }
        return Array(signature.prefix(length))
    }

    // MARK: - Export

    private static func subjectPublicKeyInfo(of handle: EVPKeyHandle) throws -> [UInt8] {
        let length = i2d_PUBKEY(handle.pointer, nil)
        guard length > 0 else {
            throw LibCrypto.failure("i2d_PUBKEY")
        }
        var encoded = [UInt8](repeating: 0, count: Int(length))
        let written = encoded.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(handle.pointer, &cursor)
        }
        guard written == length else {
            throw LibCrypto.failure("i2d_PUBKEY")
        }
        return encoded
    }

    /// The public key as a COSE_Key map: `{1: kty, 3: alg, -1: crv, -2: x, -3: y}` or `{1: 3, 3: alg, -1: n, -2: e}`.
    private static func coseMap(of handle: EVPKeyHandle, publicKey: PublicKey, algorithm: COSEAlgorithm) throws
        -> CBORValue
    {
        let key = handle.pointer
        var entries: [(Int64, CBORValue)]
        switch publicKey.family {
        case .ellipticCurve:
            guard let curve = publicKey.ellipticCurve else {
                throw CryptoError(.unsupportedAlgorithm, "EC key on an unsupported curve")
            }
            var point = [UInt8](repeating: 0, count: 1 + 2 * curve.coordinateLength)
            var length = 0
            let capacity = point.count
            let status = point.withUnsafeMutableBufferPointer {
                EVP_PKEY_get_octet_string_param(key, "encoded-pub-key", $0.baseAddress, capacity, &length)
            }
            guard status == 1, length == capacity, point.first == 0x04 else {
                throw LibCrypto.failure("EVP_PKEY_get_octet_string_param(encoded-pub-key)")
            }
            let x = Array(point[1...curve.coordinateLength])
            let y = Array(point[(curve.coordinateLength + 1)...])
            entries = [
                (1, CBORValue(integer: COSEKeyType.ec2.rawValue)), (3, CBORValue(integer: algorithm.rawValue)),
                (-1, CBORValue(integer: curve.rawValue)), (-2, .byteString(x)), (-3, .byteString(y)),
            ]
        case .edwardsCurve:
            guard let curve = publicKey.ellipticCurve else {
                throw CryptoError(.unsupportedAlgorithm, "EdDSA key on an unsupported curve")
            }
            var raw = [UInt8](repeating: 0, count: curve.coordinateLength)
            var length = raw.count
            let status = raw.withUnsafeMutableBufferPointer {
                EVP_PKEY_get_raw_public_key(key, $0.baseAddress, &length)
            }
            guard status == 1, length == curve.coordinateLength else {
                throw LibCrypto.failure("EVP_PKEY_get_raw_public_key")
            }
            entries = [
                (1, CBORValue(integer: COSEKeyType.okp.rawValue)), (3, CBORValue(integer: algorithm.rawValue)),
                (-1, CBORValue(integer: curve.rawValue)), (-2, .byteString(raw)),
            ]
        case .moduleLattice:
            throw CryptoError(.unsupportedAlgorithm, "an ML-DSA key is not a libcrypto key")
        case .rsa:
            entries = [
                (1, CBORValue(integer: COSEKeyType.rsa.rawValue)), (3, CBORValue(integer: algorithm.rawValue)),
                (-1, .byteString(try bigNumberParameter(key, "n"))),
                (-2, .byteString(try bigNumberParameter(key, "e"))),
            ]
        }
        return .map(CBORMap(entries: entries.map { CBORMap.Entry(key: CBORValue(integer: $0.0), value: $0.1) }))
    }

    private static func bigNumberParameter(_ key: OpaquePointer, _ name: String) throws -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
            throw LibCrypto.failure("EVP_PKEY_get_bn_param(\(name))")
        }
        defer { BN_free(number) }
        let count = (Int(BN_num_bits(number)) + 7) / 8
        var bytes = [UInt8](repeating: 0, count: count)
        let written = bytes.withUnsafeMutableBufferPointer { BN_bn2bin(number, $0.baseAddress) }
        guard Int(written) == count else {
            throw LibCrypto.failure("BN_bn2bin")
        }
        return bytes
    }
}
