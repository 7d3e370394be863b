/// The DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) of the public keys a COSE_Key describes, written
/// directly from the key's components.
///
/// The bytes are exactly what libcrypto's `i2d_PUBKEY` produces for the same key (the tests compare
/// them for every key type): EC keys with the named-curve OID and the uncompressed point (RFC 5480
/// §2.1.1, §2.2), Ed25519/Ed448 with no parameters (RFC 8410 §4), RSA with `rsaEncryption` and NULL
/// parameters over `RSAPublicKey` (RFC 3279 §2.3.1). It exists because `i2d_PUBKEY` on an OpenSSL 3
/// provider key goes through the encoder framework, which enumerates every provider's encoders on
/// each call and costs more than a P-256 signature verification (Docs/Performance.md).
enum SubjectPublicKeyInfoEncoding {
    /// An EC key on `curve` with the point `04 || x || y`; `nil` for a curve that is not a Weierstrass curve.
    static func ellipticCurve(_ curve: COSEEllipticCurve, x: [UInt8], y: [UInt8]) -> [UInt8]? {
        let curveIdentifier: [UInt8]
        switch curve {
        case .p256: curveIdentifier = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        case .p384: curveIdentifier = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]
        case .p521: curveIdentifier = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23]
        case .ed25519, .ed448: return nil
        }
        let algorithm = element(0x30, ecPublicKeyIdentifier + curveIdentifier)
        return element(0x30, algorithm + bitString([0x04] + x + y))
    }

    /// An Ed25519 or Ed448 key from its raw encoding; `nil` for a Weierstrass curve.
    static func edwardsCurve(_ curve: COSEEllipticCurve, key: [UInt8]) -> [UInt8]? {
        let identifier: [UInt8]
        switch curve {
        case .ed25519: identifier = [0x06, 0x03, 0x2B, 0x65, 0x70]
        case .ed448: identifier = [0x06, 0x03, 0x2B, 0x65, 0x71]
        case .p256, .p384, .p521: return nil
        }
        return element(0x30, element(0x30, identifier) + bitString(key))
    }

    /// An RSA key from its big-endian modulus and exponent (no leading zero bytes).
    static func rsa(modulus: [UInt8], exponent: [UInt8]) -> [UInt8] {
        let algorithm = element(0x30, rsaEncryptionIdentifier + [0x05, 0x00])
        let key = element(0x30, integer(modulus) + integer(exponent))
        return element(0x30, algorithm + bitString(key))
    }

    /// The bytes of an ML-DSA SubjectPublicKeyInfo before the raw public key: the algorithm identifier
    /// id-ml-dsa-44/65/87 (`2.16.840.1.101.3.4.3.17`–`19`) without parameters and the BIT STRING header
    /// (RFC 9881 §4). Every key of a parameter set has the same length, so the prefix is fixed.
    static func moduleLatticePrefix(_ parameterSet: MLDSAParameterSet) -> [UInt8] {
        let lastArc: UInt8
        switch parameterSet {
        case .mlDSA44: lastArc = 0x11
        case .mlDSA65: lastArc = 0x12
        case .mlDSA87: lastArc = 0x13
        }
        let identifier: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, lastArc]
        let placeholder = [UInt8](repeating: 0, count: parameterSet.publicKeyLength)
        return Array(element(0x30, element(0x30, identifier) + bitString(placeholder)).dropLast(placeholder.count))
    }

    /// The ML-DSA parameter set of `der` when it is exactly an ML-DSA SubjectPublicKeyInfo (RFC 9881 §4).
    static func moduleLatticeParameterSet(of der: [UInt8]) -> MLDSAParameterSet? {
        MLDSAParameterSet.allCases.first { parameterSet in
            let prefix = moduleLatticePrefix(parameterSet)
            return der.count == prefix.count + parameterSet.publicKeyLength && der.starts(with: prefix)
        }
    }

    /// `1.2.840.10045.2.1`, id-ecPublicKey (RFC 5480 §2.1.1).
    private static let ecPublicKeyIdentifier: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// `1.2.840.113549.1.1.1`, rsaEncryption (RFC 3279 §2.3.1).
    private static let rsaEncryptionIdentifier: [UInt8] = [
        0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01,
    ]

    /// A BIT STRING with no unused bits.
    private static func bitString(_ bytes: [UInt8]) -> [UInt8] {
        element(0x03, [0x00] + bytes)
    }

    /// A non-negative INTEGER from big-endian magnitude bytes: leading zeros dropped, one zero byte
    /// added when the high bit is set (X.690 §8.3).
    private static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.first.map({ $0 & 0x80 != 0 }) ?? true {
            content.insert(0, at: 0)
        }
        return element(0x02, content)
    }

    /// A DER element: tag, definite length in the shortest form (X.690 §10.1), content.
    private static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        var remaining = content.count
        if remaining < 0x80 {
            length = [UInt8(remaining)]
        } else {
            while remaining > 0 {
                length.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
