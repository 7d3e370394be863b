/// A COSE algorithm identifier (RFC 9053 §2, RFC 8230 §2, RFC 8812 §2, RFC 9864), as used in
/// `COSEAlgorithmIdentifier` (WebAuthn §5.8.5) and the `alg` (3) label of a COSE_Key (RFC 9052 §7.1).
///
/// Any integer can be represented; ``allSupported`` lists the ones this library verifies.
public struct COSEAlgorithm: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The registered integer value.
    public let rawValue: Int64

    /// Wraps any integer, registered or not.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// ECDSA with SHA-256 on P-256 (RFC 9053 §2.1).
    public static let es256 = COSEAlgorithm(rawValue: -7)
    /// ECDSA with SHA-384 on P-384 (RFC 9053 §2.1).
    public static let es384 = COSEAlgorithm(rawValue: -35)
    /// ECDSA with SHA-512 on P-521 (RFC 9053 §2.1).
    public static let es512 = COSEAlgorithm(rawValue: -36)
    /// EdDSA (RFC 9053 §2.2); WebAuthn requires the Ed25519 curve for it (WebAuthn §5.8.5).
    public static let edDSA = COSEAlgorithm(rawValue: -8)
    /// Ed25519, fully specified (RFC 9864).
    public static let ed25519 = COSEAlgorithm(rawValue: -19)
    /// Ed448, fully specified (RFC 9864).
    public static let ed448 = COSEAlgorithm(rawValue: -53)
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8812 §2).
    public static let rs256 = COSEAlgorithm(rawValue: -257)
    /// RSASSA-PKCS1-v1_5 with SHA-384 (RFC 8812 §2).
    public static let rs384 = COSEAlgorithm(rawValue: -258)
    /// RSASSA-PKCS1-v1_5 with SHA-512 (RFC 8812 §2).
    public static let rs512 = COSEAlgorithm(rawValue: -259)
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256, salt length 32 (RFC 8230 §2).
    public static let ps256 = COSEAlgorithm(rawValue: -37)
    /// RSASSA-PSS with SHA-384, MGF1 with SHA-384, salt length 48 (RFC 8230 §2).
    public static let ps384 = COSEAlgorithm(rawValue: -38)
    /// RSASSA-PSS with SHA-512, MGF1 with SHA-512, salt length 64 (RFC 8230 §2).
    public static let ps512 = COSEAlgorithm(rawValue: -39)
    /// ML-DSA-44, pure, empty context (FIPS 204; draft-ietf-cose-dilithium §8).
    public static let mlDSA44 = COSEAlgorithm(rawValue: -48)
    /// ML-DSA-65, pure, empty context (FIPS 204; draft-ietf-cose-dilithium §8).
    public static let mlDSA65 = COSEAlgorithm(rawValue: -49)
    /// ML-DSA-87, pure, empty context (FIPS 204; draft-ietf-cose-dilithium §8).
    public static let mlDSA87 = COSEAlgorithm(rawValue: -50)
    /// RSASSA-PKCS1-v1_5 with SHA-1 (RFC 8812 §2). Only for TPM attestation statements
    /// (WebAuthn §8.3); never accepted for a credential public key.
    public static let rs1 = COSEAlgorithm(rawValue: -65535)

    /// Every algorithm a credential public key may use here: all of the above except ``rs1``.
    public static let allSupported: Set<COSEAlgorithm> = [
        .es256, .es384, .es512, .edDSA, .ed25519, .ed448,
        .rs256, .rs384, .rs512, .ps256, .ps384, .ps512,
        .mlDSA44, .mlDSA65, .mlDSA87,
    ]

    /// The registered name ("ES256", "EdDSA", "RS1"...), or "COSEAlgorithm(<value>)" when unknown.
    public var name: String {
        switch self {
        case .es256: return "ES256"
        case .es384: return "ES384"
        case .es512: return "ES512"
        case .edDSA: return "EdDSA"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .rs256: return "RS256"
        case .rs384: return "RS384"
        case .rs512: return "RS512"
        case .ps256: return "PS256"
        case .ps384: return "PS384"
        case .ps512: return "PS512"
        case .rs1: return "RS1"
        case .mlDSA44: return "ML-DSA-44"
        case .mlDSA65: return "ML-DSA-65"
        case .mlDSA87: return "ML-DSA-87"
        default: return "COSEAlgorithm(\(rawValue))"
        }
    }

    /// Same as ``name``.
    public var description: String { name }

    /// The hash the algorithm signs with, or `nil` for the pure EdDSA (RFC 8032) and ML-DSA (FIPS 204) families,
    /// which sign the message itself.
    public var hashAlgorithm: HashAlgorithm? {
        switch self {
        case .es256, .rs256, .ps256: return .sha256
        case .es384, .rs384, .ps384: return .sha384
        case .es512, .rs512, .ps512: return .sha512
        case .rs1: return .sha1
        default: return nil
        }
    }

    /// The key family the algorithm needs, or `nil` when the algorithm is not supported.
    var keyFamily: KeyFamily? {
        switch self {
        case .es256, .es384, .es512: return .ellipticCurve
        case .edDSA, .ed25519, .ed448: return .edwardsCurve
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512, .rs1: return .rsa
        case .mlDSA44, .mlDSA65, .mlDSA87: return .moduleLattice
        default: return nil
        }
    }

    /// The curve the algorithm needs, for the EC and EdDSA families.
    var requiredCurve: COSEEllipticCurve? {
        switch self {
        case .es256: return .p256
        case .es384: return .p384
        case .es512: return .p521
        case .edDSA, .ed25519: return .ed25519
        case .ed448: return .ed448
        default: return nil
        }
    }

    /// Whether the algorithm is RSASSA-PSS.
    var usesProbabilisticSignatureScheme: Bool {
        self == .ps256 || self == .ps384 || self == .ps512
    }
}
