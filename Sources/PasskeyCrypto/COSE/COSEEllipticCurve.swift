/// A COSE elliptic curve identifier (`crv`, label -1; RFC 9053 §7.1, IANA "COSE Elliptic Curves").
public enum COSEEllipticCurve: Int64, Sendable {
    /// NIST P-256 (secp256r1), EC2.
    case p256 = 1
    /// NIST P-384 (secp384r1), EC2.
    case p384 = 2
    /// NIST P-521 (secp521r1), EC2.
    case p521 = 3
    /// Ed25519, OKP (RFC 8032).
    case ed25519 = 6
    /// Ed448, OKP (RFC 8032).
    case ed448 = 7

    /// The fixed length of a coordinate (EC2 x and y, RFC 9053 §7.1.1 with leading zeros kept) or of an
    /// OKP public key (RFC 8032 §5.1.5 and §5.2.5).
    var coordinateLength: Int {
        switch self {
        case .p256: return 32
        case .p384: return 48
        case .p521: return 66
        case .ed25519: return 32
        case .ed448: return 57
        }
    }

    /// Whether this is a Weierstrass curve used with kty EC2 (otherwise OKP).
    var isWeierstrass: Bool {
        switch self {
        case .p256, .p384, .p521: return true
        case .ed25519, .ed448: return false
        }
    }

    /// The libcrypto group name for EC2 curves.
    var groupName: StaticString {
        switch self {
        case .p256: return "prime256v1"
        case .p384: return "secp384r1"
        case .p521: return "secp521r1"
        case .ed25519: return "ED25519"
        case .ed448: return "ED448"
        }
    }

    /// The curve for a libcrypto EC group name.
    init?(groupName: String) {
        switch groupName {
        case "prime256v1", "P-256", "secp256r1": self = .p256
        case "secp384r1", "P-384": self = .p384
        case "secp521r1", "P-521": self = .p521
        default: return nil
        }
    }
}
