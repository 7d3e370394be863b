import PasskeyCrypto

/// The private key of a virtual credential or attestation: it signs as an authenticator does (WebAuthn §6.3.3
/// for assertions, §6.5.5 for attestation signatures): DER ECDSA (§6.5.6), raw EdDSA (RFC 8032),
/// RSASSA-PKCS1-v1_5 (RFC 8812) or RSASSA-PSS (RFC 8230).
///
/// RSA key generation is slow (tens to hundreds of milliseconds): generate one RSA key per test run and derive
/// the other RSA algorithms from it with ``with(algorithm:)``.
public struct VirtualCredentialKey: Sendable {
    let privateKey: PrivateKey

    init(privateKey: PrivateKey) {
        self.privateKey = privateKey
    }

    /// A fresh random key for `algorithm` (§5.8.5 `COSEAlgorithmIdentifier`): P-256, P-384 or P-521 for ES256,
    /// ES384 and ES512; Ed25519 for EdDSA and Ed25519; Ed448 for Ed448; RSA-2048 for RS256/384/512 and
    /// PS256/384/512; ML-DSA-44/65/87 (FIPS 204, an AKP COSE_Key) for -48/-49/-50, signed in Swift on every
    /// libcrypto 3.x.
    ///
    /// - Throws: ``VirtualAuthenticatorError/Code/unsupportedAlgorithm`` for any other algorithm.
    public static func generate(_ algorithm: COSEAlgorithm) throws(VirtualAuthenticatorError) -> VirtualCredentialKey {
        try VirtualAuthenticatorError.wrapping("cannot generate a \(algorithm) key") {
            VirtualCredentialKey(privateKey: try PrivateKey.generate(algorithm))
        }
    }

    /// A deterministic ECDSA key from its private scalar (big-endian, SEC 1 §2.3.7) on P-256, P-384 or P-521;
    /// the algorithm is ES256, ES384 or ES512 to match the curve.
    ///
    /// - Throws: ``VirtualAuthenticatorError/Code/invalidKey`` for a scalar out of range or a non-ECDSA curve.
    public init(ecPrivateScalar scalar: [UInt8], curve: COSEEllipticCurve) throws(VirtualAuthenticatorError) {
        privateKey = try VirtualAuthenticatorError.wrapping("cannot import the EC private scalar") {
            try PrivateKey(ecPrivateScalar: scalar, curve: curve)
        }
    }

    /// A deterministic EdDSA key from its seed (RFC 8032 §5.1.5: 32 bytes for Ed25519; §5.2.5: 57 bytes for
    /// Ed448); the algorithm is EdDSA (-8) for Ed25519 and Ed448 (-53) for Ed448.
    ///
    /// - Throws: ``VirtualAuthenticatorError/Code/invalidKey`` for a seed of the wrong length or curve.
    public init(okpSeed seed: [UInt8], curve: COSEEllipticCurve) throws(VirtualAuthenticatorError) {
        privateKey = try VirtualAuthenticatorError.wrapping("cannot import the EdDSA seed") {
            try PrivateKey(okpSeed: seed, curve: curve)
        }
    }

    /// The algorithm the key signs with and its COSE_Key declares (§5.8.5).
    public var algorithm: COSEAlgorithm { privateKey.algorithm }

    /// The public half as the canonical COSE_Key that attested credential data carries (§6.5.1.1).
    public var publicKey: COSEKey { privateKey.coseKey }

    /// The same key declaring another algorithm of its family, such as PS256 for an RSA key generated for RS256.
    ///
    /// - Throws: ``VirtualAuthenticatorError/Code/unsupportedAlgorithm`` when `algorithm` does not fit the key.
    public func with(algorithm: COSEAlgorithm) throws(VirtualAuthenticatorError) -> VirtualCredentialKey {
        try VirtualAuthenticatorError.wrapping("cannot use this key for \(algorithm)") {
            VirtualCredentialKey(privateKey: try privateKey.with(algorithm: algorithm))
        }
    }

    /// Signs `message` with ``algorithm``, as an authenticator signs `authenticatorData || clientDataHash`
    /// (§6.3.3 step 11, §6.5.5).
    public func sign(_ message: [UInt8]) throws(VirtualAuthenticatorError) -> [UInt8] {
        try VirtualAuthenticatorError.wrapping("cannot sign with the \(algorithm) key") {
            try privateKey.sign(message)
        }
    }
}
