#if Server
import Foundation

/// How the suite plays one test of the list: a request sequence against the server with what the answer must be,
/// or why the test is not expressed.
enum ConformanceCase: Sendable {
    /// Runs `play` against a fresh account of the conformance server; its last answer is judged by `expectation`.
    case executable(ConformanceExpectation, play: @Sendable (ConformanceServer) async throws -> ConformanceAnswer)
    /// Not played, for `reason`.
    case notExpressed(String)
}

/// What the answer of an executable case must be.
enum ConformanceExpectation: Sendable, Equatable {
    /// `200` with `status: "ok"` (a `P` case).
    case succeeds
    /// A `4xx` with `status: "failed"` and this code at the start of `errorMessage` (an `F` case).
    case fails(String)
    /// As ``fails(_:)``, and the `errorMessage` must contain the second text: the check that names the case's
    /// defect, so that a case whose response carries a defect of its own fails for it and not for another.
    case failsNaming(String, String)
    /// A `P` case the server refuses on purpose, with this code, for the documented `reason`.
    case refusedByDecision(String, reason: String)
    /// An `F` case the server accepts today, for the known gap `reason`; the case fails once the gap closes, so
    /// that the expectation is updated with the fix.
    case acceptedKnownGap(reason: String)
    /// An `F` case the server accepts on purpose, for the documented `reason` (the library's reading of the
    /// specification, `Docs/Decisions.md`).
    case acceptedByDecision(reason: String)
}

/// The status and the common body (`status`, `errorMessage`) of the answer a case ends with.
struct ConformanceAnswer: Sendable, Equatable {
    let httpStatus: Int
    let status: String
    let errorMessage: String

    /// The stable code at the start of `errorMessage` (before the first `:`).
    var code: String { String(errorMessage.prefix { $0 != ":" }) }

    /// The result as the table shows it, or a description of why it does not meet `expectation`.
    func verdict(_ expectation: ConformanceExpectation) -> (met: Bool, text: String) {
        let isOK = httpStatus == 200 && status == "ok" && errorMessage.isEmpty
        let isFailure = (400..<500).contains(httpStatus) && status == "failed"
        switch expectation {
        case .succeeds:
            return (isOK, isOK ? "passes" : "FAILS: \(httpStatus) \(status) \(code)")
        case .fails(let expected):
            let met = isFailure && code == expected
            return (met, met ? "passes (`\(code)`)" : "FAILS: \(httpStatus) \(status) \(code), not `\(expected)`")
        case .failsNaming(let expected, let detail):
            let met = isFailure && code == expected && errorMessage.contains(detail)
            return (
                met,
                met
                    ? "passes (`\(code)`)"
                    : "FAILS: \(httpStatus) \(status) \(errorMessage), not `\(expected)` for \(detail)"
            )
        case .refusedByDecision(let expected, let reason):
            let met = isFailure && code == expected
            return (
                met,
                met ? "refused by decision (`\(code)`, Docs/Decisions.md): \(reason)" : "CHANGED: \(httpStatus) \(code)"
            )
        case .acceptedKnownGap(let reason):
            return (
                isOK, isOK ? "known gap, accepted (Docs/Decisions.md): \(reason)" : "CHANGED: now \(httpStatus) \(code)"
            )
        case .acceptedByDecision(let reason):
            return (
                isOK,
                isOK ? "accepted by decision (Docs/Decisions.md): \(reason)" : "CHANGED: now \(httpStatus) \(code)"
            )
        }
    }
}
#endif
