/// Why an ML-DSA signature does not verify (FIPS 204 Algorithms 3, 8, 22 and 27): one case for each check of
/// the verification, so tests and diagnostics can tell them apart.
public enum MLDSASignatureRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The signature is not exactly the parameter set's length (FIPS 204 Table 2).
    case wrongLength
    /// The context string is longer than 255 bytes (FIPS 204 Algorithm 3 step 1).
    case contextTooLong
    /// A cumulative hint count is smaller than the previous one or larger than ω (FIPS 204 Algorithm 21
    /// step 4): too many hints, or counts out of order.
    case hintCountOutOfRange
    /// The hint positions of a polynomial are not strictly increasing (Algorithm 21 step 8).
    case hintPositionsNotIncreasing
    /// A byte after the last hint position is not zero (Algorithm 21 step 15).
    case hintPaddingNotZero
    /// A coefficient of the response z is not below γ1 − β in absolute value (Algorithm 8 step 13).
    case responseOutOfRange
    /// The recomputed commitment hash differs from c̃ (Algorithm 8 step 13): a wrong key, message, context or
    /// signature.
    case commitmentHashMismatch

    /// The case's name.
    public var description: String {
        switch self {
        case .wrongLength: return "wrongLength"
        case .contextTooLong: return "contextTooLong"
        case .hintCountOutOfRange: return "hintCountOutOfRange"
        case .hintPositionsNotIncreasing: return "hintPositionsNotIncreasing"
        case .hintPaddingNotZero: return "hintPaddingNotZero"
        case .responseOutOfRange: return "responseOutOfRange"
        case .commitmentHashMismatch: return "commitmentHashMismatch"
        }
    }
}
