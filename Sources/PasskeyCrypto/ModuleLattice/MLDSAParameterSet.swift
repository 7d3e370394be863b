/// The three ML-DSA parameter sets (FIPS 204 §4, Table 1) and the sizes of their encodings (Table 2).
public enum MLDSAParameterSet: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ML-DSA-44: security category 2, COSE algorithm -48 (draft-ietf-cose-dilithium).
    case mlDSA44
    /// ML-DSA-65: security category 3, COSE algorithm -49.
    case mlDSA65
    /// ML-DSA-87: security category 5, COSE algorithm -50.
    case mlDSA87

    /// "ML-DSA-44", "ML-DSA-65" or "ML-DSA-87".
    public var description: String {
        switch self {
        case .mlDSA44: return "ML-DSA-44"
        case .mlDSA65: return "ML-DSA-65"
        case .mlDSA87: return "ML-DSA-87"
        }
    }

    /// The COSE algorithm of the parameter set (draft-ietf-cose-dilithium §8).
    public var algorithm: COSEAlgorithm {
        switch self {
        case .mlDSA44: return .mlDSA44
        case .mlDSA65: return .mlDSA65
        case .mlDSA87: return .mlDSA87
        }
    }

    /// The parameter set of a COSE algorithm, or `nil` for any other algorithm.
    public init?(algorithm: COSEAlgorithm) {
        guard let match = Self.allCases.first(where: { $0.algorithm == algorithm }) else { return nil }
        self = match
    }

    /// `k`: the rows of the matrix A (FIPS 204 Table 1).
    var rows: Int {
        switch self {
        case .mlDSA44: return 4
        case .mlDSA65: return 6
        case .mlDSA87: return 8
        }
    }

    /// `ℓ`: the columns of the matrix A (FIPS 204 Table 1).
    var columns: Int {
        switch self {
        case .mlDSA44: return 4
        case .mlDSA65: return 5
        case .mlDSA87: return 7
        }
    }

    /// `η`: the bound of the secret vectors' coefficients (FIPS 204 Table 1).
    var secretBound: Int32 {
        switch self {
        case .mlDSA44, .mlDSA87: return 2
        case .mlDSA65: return 4
        }
    }

    /// `τ`: the number of ±1 coefficients of the challenge polynomial (FIPS 204 Table 1).
    var challengeWeight: Int {
        switch self {
        case .mlDSA44: return 39
        case .mlDSA65: return 49
        case .mlDSA87: return 60
        }
    }

    /// `β = τ·η` (FIPS 204 Table 1).
    var beta: Int32 { Int32(challengeWeight) * secretBound }

    /// `γ1`: the range of the masking vector's coefficients (FIPS 204 Table 1).
    var gamma1: Int32 {
        switch self {
        case .mlDSA44: return 1 << 17
        case .mlDSA65, .mlDSA87: return 1 << 19
        }
    }

    /// `γ2`: the low-order rounding range (FIPS 204 Table 1).
    var gamma2: Int32 {
        switch self {
        case .mlDSA44: return (ModuleLatticeField.modulus - 1) / 88
        case .mlDSA65, .mlDSA87: return (ModuleLatticeField.modulus - 1) / 32
        }
    }

    /// `ω`: the largest number of ones in the hint (FIPS 204 Table 1).
    var maximumHintCount: Int {
        switch self {
        case .mlDSA44: return 80
        case .mlDSA65: return 55
        case .mlDSA87: return 75
        }
    }

    /// `λ/4`: the length of the commitment hash c̃ in bytes (FIPS 204 Table 1, Algorithm 26).
    var commitmentHashLength: Int {
        switch self {
        case .mlDSA44: return 32
        case .mlDSA65: return 48
        case .mlDSA87: return 64
        }
    }

    /// `1 + bitlen(γ1 − 1)`: the bits of one packed coefficient of z (FIPS 204 Algorithm 26).
    var responseCoefficientBits: Int {
        gamma1 == 1 << 17 ? 18 : 20
    }

    /// `bitlen((q − 1)/(2γ2) − 1)`: the bits of one packed coefficient of w1 (FIPS 204 Algorithm 28).
    var commitmentCoefficientBits: Int {
        self == .mlDSA44 ? 6 : 4
    }

    /// `bitlen(2η)`: the bits of one packed coefficient of s1 and s2 (FIPS 204 Algorithm 24).
    var secretCoefficientBits: Int {
        secretBound == 2 ? 3 : 4
    }

    /// The public key's length: 32 + 320·k bytes (FIPS 204 Table 2: 1312, 1952, 2592).
    public var publicKeyLength: Int { 32 + 320 * rows }

    /// The signature's length: λ/4 + 32·ℓ·(1 + bitlen(γ1 − 1)) + ω + k bytes (FIPS 204 Table 2: 2420, 3309,
    /// 4627).
    public var signatureLength: Int {
        commitmentHashLength + 32 * columns * responseCoefficientBits + maximumHintCount + rows
    }
}
