import PasskeyCBOR

/// A credential public key in COSE_Key form (WebAuthn §6.5.1.1, RFC 9052 §7, RFC 9053 §7, RFC 8230 §4).
///
/// Accepted: EC2 on P-256/P-384/P-521 with ES256/ES384/ES512, OKP Ed25519 with EdDSA (-8) or Ed25519 (-19),
/// OKP Ed448 with Ed448 (-53), RSA (modulus of at least 2048 bits) with RS256/384/512 or PS256/384/512, and
/// AKP with ML-DSA-44 (-48), ML-DSA-65 (-49) or ML-DSA-87 (-50) (draft-ietf-cose-dilithium, FIPS 204).
/// The key's libcrypto form is built once at init; keep the value to verify many assertions.
public struct COSEKey: Sendable, Hashable {
    /// The COSE_Key bytes: exactly as received with ``init(encoded:)``, the CTAP2 canonical encoding
    /// (CTAP2 §8) when built with ``init(cbor:)``.
    public let encoded: [UInt8]
    /// `kty` (label 1).
    public let keyType: COSEKeyType
    /// `alg` (label 3), which WebAuthn §6.5.1.1 requires.
    public let algorithm: COSEAlgorithm
    /// `crv` (label -1) of EC2 and OKP keys.
    public let curve: COSEEllipticCurve?
    /// EC2 `x` (label -2, full field length) or the OKP public key (label -2).
    public let xCoordinate: [UInt8]?
    /// EC2 `y` (label -3, full field length).
    public let yCoordinate: [UInt8]?
    /// RSA `n` (label -1), big-endian.
    public let modulus: [UInt8]?
    /// RSA `e` (label -2), big-endian.
    public let exponent: [UInt8]?
    /// AKP `pub` (label -1): the encoded ML-DSA public key (FIPS 204 Algorithm 22; draft-ietf-cose-dilithium §4).
    public let algorithmKeyPairPublicKey: [UInt8]?
    /// The key in verifiable form, built once at init.
    public let publicKey: PublicKey

    /// The smallest RSA modulus accepted, in bits.
    static let minimumRSAModulusBits = 2048
    /// The largest RSA modulus accepted, in bits (libcrypto's own verification limit).
    static let maximumRSAModulusBits = 16384

    /// Parses a decoded COSE_Key map (RFC 9052 §7) and checks it for WebAuthn use.
    ///
    /// `encoded` is the canonical re-encoding of `cbor` (CTAP2 §8). Rejected with
    /// ``CryptoError/Code/invalidPublicKey``: not a map, a non-integer map key, missing or mistyped `kty`,
    /// `alg`, `crv`, `x`, `y`, `n` or `e`, `kty`/`alg`/`crv` that disagree, coordinates not exactly the field
    /// length (P-256 32, P-384 48, P-521 66, Ed25519 32, Ed448 57 bytes), an EC point not on its curve,
    /// private members (`d` -4 for EC2/OKP; -3 through -12 for RSA), an RSA modulus under 2048 bits or with
    /// a leading zero byte, an RSA exponent that is even, 1, or has a leading zero byte, an AKP key without `pub`
    /// or with `priv` (-2), or whose `pub` is not exactly its parameter set's length (1312, 1952, 2592 bytes). An
    /// unknown or
    /// unsupported `alg` (including RS1, which credential keys never use) throws
    /// ``CryptoError/Code/unsupportedAlgorithm``; other labels (such as `kid`, 2) are ignored.
    public init(cbor: CBORValue) throws {
        try self.init(map: cbor, encoded: CBOREncoder.encode(cbor))
    }

    /// Decodes COSE_Key bytes with the strict CBOR decoder (RFC 8949 §4.2, CTAP2 §8) and parses them as
    /// ``init(cbor:)`` does. ``encoded`` keeps the given bytes. A `CBORError` is rethrown unchanged.
    public init(encoded: [UInt8]) throws {
        let value = try CBORDecoder().decode(encoded)
        try self.init(map: value, encoded: encoded)
    }

    private init(map value: CBORValue, encoded: [UInt8]) throws {
        guard let map = value.mapValue else {
            throw CryptoError(.invalidPublicKey, "COSE_Key is not a CBOR map")
        }
        var labels: Set<Int64> = []
        for entry in map {
            guard let label = entry.key.integerValue else {
                throw CryptoError(.invalidPublicKey, "COSE_Key map key \(entry.key) is not an integer label")
            }
            labels.insert(label)
        }
        guard let keyTypeValue = map[integerKey: 1] else {
            throw CryptoError(.invalidPublicKey, "COSE_Key has no kty (label 1)")
        }
        guard let keyTypeNumber = keyTypeValue.integerValue else {
            throw CryptoError(.invalidPublicKey, "COSE_Key kty (label 1) is not an integer")
        }
        guard let algorithmValue = map[integerKey: 3] else {
            throw CryptoError(.invalidPublicKey, "COSE_Key has no alg (label 3), which WebAuthn requires")
        }
        guard let algorithmNumber = algorithmValue.integerValue else {
            throw CryptoError(.invalidPublicKey, "COSE_Key alg (label 3) is not an integer")
        }
        let algorithm = COSEAlgorithm(rawValue: algorithmNumber)
        guard COSEAlgorithm.allSupported.contains(algorithm), let family = algorithm.keyFamily else {
            throw CryptoError(
                .unsupportedAlgorithm,
                "COSE_Key alg \(algorithm.name) is not supported for credential public keys"
            )
        }
        let expectedKeyType: COSEKeyType
        switch family {
        case .ellipticCurve: expectedKeyType = .ec2
        case .edwardsCurve: expectedKeyType = .okp
        case .rsa: expectedKeyType = .rsa
        case .moduleLattice: expectedKeyType = .algorithmKeyPair
        }
        guard let keyType = COSEKeyType(rawValue: keyTypeNumber), keyType == expectedKeyType else {
            throw CryptoError(
                .invalidPublicKey,
                "COSE_Key kty \(keyTypeNumber) does not match alg \(algorithm.name), which needs kty "
                    + "\(expectedKeyType.rawValue)"
            )
        }
        self.encoded = encoded
        self.keyType = keyType
        self.algorithm = algorithm

        switch keyType {
        case .ec2, .okp:
            guard !labels.contains(-4) else {
                throw CryptoError(.invalidPublicKey, "COSE_Key contains the private key d (label -4)")
            }
            guard let curveValue = map[integerKey: -1] else {
                throw CryptoError(.invalidPublicKey, "COSE_Key has no crv (label -1)")
            }
            guard let curveNumber = curveValue.integerValue else {
                throw CryptoError(.invalidPublicKey, "COSE_Key crv (label -1) is not an integer")
            }
            guard let curve = COSEEllipticCurve(rawValue: curveNumber), curve == algorithm.requiredCurve else {
                throw CryptoError(
                    .invalidPublicKey,
                    "COSE_Key crv \(curveNumber) does not match alg \(algorithm.name), which needs crv "
                        + "\(algorithm.requiredCurve?.rawValue ?? 0)"
                )
            }
            let x = try Self.coordinate(map, label: -2, name: "x", curve: curve)
            self.curve = curve
            self.xCoordinate = x
            self.modulus = nil
            self.exponent = nil
            self.algorithmKeyPairPublicKey = nil
            if keyType == .ec2 {
                guard let yValue = map[integerKey: -3] else {
                    throw CryptoError(.invalidPublicKey, "COSE_Key has no y (label -3)")
                }
                if yValue.booleanValue != nil {
                    throw CryptoError(
                        .invalidPublicKey,
                        "COSE_Key y (label -3) is a sign bit (compressed point), which WebAuthn does not allow"
                    )
                }
                let y = try Self.coordinate(map, label: -3, name: "y", curve: curve)
                self.yCoordinate = y
                guard let handle = KeyImport.ellipticCurvePublicKey(uncompressedPoint: [0x04] + x + y, curve: curve)
                else {
                    let detail = LibCrypto.drainErrorQueue()
                    throw CryptoError(
                        .invalidPublicKey,
                        "COSE_Key EC point is not on the curve\(detail.isEmpty ? "" : " (\(detail))")"
                    )
                }
                self.publicKey = try PublicKey(
                    handle: handle,
                    subjectPublicKeyInfo: SubjectPublicKeyInfoEncoding.ellipticCurve(curve, x: x, y: y)
                )
            } else {
                self.yCoordinate = nil
                guard !EdwardsCurveSmallOrderPoints.contains(x, curve: curve) else {
                    throw CryptoError(
                        .invalidPublicKey,
                        "COSE_Key \(curve) public key is a point of small order, which would let one forged "
                            + "signature verify for any message (RFC 8032 §5.1.7)"
                    )
                }
                guard let handle = KeyImport.edwardsCurvePublicKey(x, curve: curve) else {
                    throw LibCrypto.failure("EVP_PKEY_new_raw_public_key_ex")
                }
                self.publicKey = try PublicKey(
                    handle: handle,
                    subjectPublicKeyInfo: SubjectPublicKeyInfoEncoding.edwardsCurve(curve, key: x)
                )
            }
        case .rsa:
            for label in Int64(-12)...Int64(-3) where labels.contains(label) {
                throw CryptoError(.invalidPublicKey, "COSE_Key contains the RSA private member label \(label)")
            }
            guard let n = map[integerKey: -1]?.byteStringValue else {
                throw CryptoError(.invalidPublicKey, "COSE_Key has no RSA modulus n (label -1) byte string")
            }
            guard let e = map[integerKey: -2]?.byteStringValue else {
                throw CryptoError(.invalidPublicKey, "COSE_Key has no RSA exponent e (label -2) byte string")
            }
            guard let first = n.first, first != 0 else {
                throw CryptoError(.invalidPublicKey, "RSA modulus n is empty or has a leading zero byte (RFC 8230 §4)")
            }
            let bits = (n.count - 1) * 8 + (8 - first.leadingZeroBitCount)
            guard bits >= Self.minimumRSAModulusBits else {
                throw CryptoError(
                    .invalidPublicKey,
                    "RSA modulus is \(bits) bits; at least \(Self.minimumRSAModulusBits) are required"
                )
            }
            guard bits <= Self.maximumRSAModulusBits else {
                throw CryptoError(
                    .invalidPublicKey,
                    "RSA modulus is \(bits) bits; at most \(Self.maximumRSAModulusBits) are supported"
                )
            }
            guard let last = n.last, last & 1 == 1 else {
                throw CryptoError(.invalidPublicKey, "RSA modulus n is even")
            }
            guard let eFirst = e.first, eFirst != 0, e.count <= 32 else {
                throw CryptoError(
                    .invalidPublicKey,
                    "RSA exponent e is empty, has a leading zero byte, or is longer than 32 bytes"
                )
            }
            guard let eLast = e.last, eLast & 1 == 1, e != [1] else {
                throw CryptoError(.invalidPublicKey, "RSA exponent e must be odd and greater than 1")
            }
            guard let handle = KeyImport.rsaPublicKey(modulus: n, exponent: e) else {
                let detail = LibCrypto.drainErrorQueue()
                throw CryptoError(.invalidPublicKey, "RSA key rejected by libcrypto: \(detail)")
            }
            self.curve = nil
            self.xCoordinate = nil
            self.yCoordinate = nil
            self.modulus = n
            self.exponent = e
            self.algorithmKeyPairPublicKey = nil
            self.publicKey = try PublicKey(
                handle: handle,
                subjectPublicKeyInfo: SubjectPublicKeyInfoEncoding.rsa(modulus: n, exponent: e)
            )
        case .algorithmKeyPair:
            guard !labels.contains(-2) else {
                throw CryptoError(.invalidPublicKey, "COSE_Key contains the AKP private key priv (label -2)")
            }
            guard let encodedKey = map[integerKey: -1]?.byteStringValue else {
                throw CryptoError(.invalidPublicKey, "COSE_Key has no AKP public key pub (label -1) byte string")
            }
            guard let parameterSet = MLDSAParameterSet(algorithm: algorithm) else {
                throw CryptoError(.unsupportedAlgorithm, "COSE_Key alg \(algorithm.name) is not an AKP algorithm")
            }
            self.curve = nil
            self.xCoordinate = nil
            self.yCoordinate = nil
            self.modulus = nil
            self.exponent = nil
            self.algorithmKeyPairPublicKey = encodedKey
            self.publicKey = PublicKey(
                moduleLatticeKey: try MLDSAPublicKey(encoded: encodedKey, parameterSet: parameterSet))
        }
    }

    /// Reads a coordinate byte string of exactly the curve's length.
    private static func coordinate(
        _ map: CBORMap,
        label: Int64,
        name: String,
        curve: COSEEllipticCurve
    ) throws -> [UInt8] {
        guard let value = map[integerKey: label] else {
            throw CryptoError(.invalidPublicKey, "COSE_Key has no \(name) (label \(label))")
        }
        guard let bytes = value.byteStringValue else {
            throw CryptoError(.invalidPublicKey, "COSE_Key \(name) (label \(label)) is not a byte string")
        }
        guard bytes.count == curve.coordinateLength else {
            throw CryptoError(
                .invalidPublicKey,
                "COSE_Key \(name) (label \(label)) is \(bytes.count) bytes; crv \(curve.rawValue) needs "
                    + "\(curve.coordinateLength)"
            )
        }
        return bytes
    }

    /// Verifies `signature` over `message` with this key and its own ``algorithm`` (WebAuthn
    /// §7.2 `#sctn-verifying-assertion` step "signature"). Returns `false` for any wrong or malformed signature.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        (try? publicKey.isValidSignature(signature, for: message, algorithm: algorithm)) ?? false
    }

    /// Keys are equal when their ``encoded`` bytes are equal.
    public static func == (lhs: COSEKey, rhs: COSEKey) -> Bool {
        lhs.encoded == rhs.encoded
    }

    /// Hashes ``encoded``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoded)
    }
}
