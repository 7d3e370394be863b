import PasskeyCBOR

/// The `compound` attestation statement format (WebAuthn Level 3 §8.9).
///
/// The statement is an array of at least two statements of other formats, each a map
/// `{fmt: text, attStmt: ...}`; every one is verified with the same authenticator data and client data hash
/// by the format this verifier was given for its `fmt`. A ``Policy`` decides how many must verify. The
/// shape is checked before anything is verified, and a malformed entry always fails the whole statement:
/// fewer than two entries, an entry that is not a map of exactly `fmt` (text) and `attStmt` (map), or a
/// nested `compound`.
///
/// §8.9 sets no upper bound on the number of sub-statements; this verifier accepts at most
/// ``maximumStatementCount`` (8), so that one response cannot make it verify an unbounded number of
/// signatures and certificate chains. A longer array fails with `invalidAttestationStatement` before any
/// sub-statement is verified.
///
/// The result carries every sub-statement's outcome in ``AttestationResult/subStatementResults``; its type
/// and trust path are those of the strongest sub-statement that verified: the first one with a trust path
/// (`basic`, `attca` or `anonca`), else the first `self`, else `none`.
public struct CompoundAttestation: AttestationStatementFormat {
    /// How many sub-statements must verify (§8.9 leaves it to the relying party's policy).
    public enum Policy: Sendable, Hashable {
        /// Every sub-statement must verify; the first failure is thrown. The default.
        case allMustPass
        /// At least this many sub-statements must verify (values below 1 count as 1); failures are reported
        /// in the result.
        case atLeast(Int)
    }

    /// The outcome of one sub-statement of a compound statement (WebAuthn Level 3 §8.9).
    public struct SubStatementResult: Sendable, Hashable {
        /// The position of the sub-statement in the compound array.
        public let index: Int
        /// Its `fmt`.
        public let format: String
        /// The result of its format's verification, or the error it failed with.
        public let outcome: Result<AttestationResult, WebAuthnError>

        /// Creates an outcome.
        public init(index: Int, format: String, outcome: Result<AttestationResult, WebAuthnError>) {
            self.index = index
            self.format = format
            self.outcome = outcome
        }

        /// The result when the sub-statement verified.
        public var result: AttestationResult? {
            if case .success(let result) = outcome { return result }
            return nil
        }

        /// The error when the sub-statement failed.
        public var error: WebAuthnError? {
            if case .failure(let error) = outcome { return error }
            return nil
        }
    }

    /// `"compound"`.
    public let identifier = "compound"
    /// How many sub-statements must verify.
    public let policy: Policy
    private let formats: [String: any AttestationStatementFormat]

    /// The smallest number of sub-statements a compound statement has (§8.9, `[2* nonCompoundAttStmt]`).
    public static let minimumStatementCount = 2

    /// The largest number of sub-statements this verifier accepts, 8 (a bound of this library; §8.9 has none).
    public static let maximumStatementCount = 8

    /// Creates the format over the formats its sub-statements may use; a `compound` among them is ignored,
    /// and a later format with the same identifier replaces an earlier one.
    public init(formats: [any AttestationStatementFormat], policy: Policy = .allMustPass) {
        var byIdentifier: [String: any AttestationStatementFormat] = [:]
        for format in formats where format.identifier != "compound" {
            byIdentifier[format.identifier] = format
        }
        self.formats = byIdentifier
        self.policy = policy
    }

    /// Verifies a compound statement (§8.9 "Verification procedure").
    /// - Throws: `invalidAttestationStatement` for a malformed array or entry, an array of more than
    ///   ``maximumStatementCount`` statements, or when the policy asks for more
    ///   sub-statements than there are; otherwise the code of the first failing sub-statement (which may be
    ///   `unsupportedAttestationFormat` for a format this verifier does not know).
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let statements = try Self.subStatements(of: input.statementValue)
        var results: [SubStatementResult] = []
        results.reserveCapacity(statements.count)
        for (index, statement) in statements.enumerated() {
            let outcome = verifySubStatement(statement.format, statement.map, input: input)
            if case .failure(let error) = outcome, policy == .allMustPass {
                throw WebAuthnError(
                    error.code,
                    "compound attStmt[\(index)] (\(statement.format)): \(error.message)",
                    file: error.file,
                    line: error.line
                )
            }
            results.append(SubStatementResult(index: index, format: statement.format, outcome: outcome))
        }
        let verified = results.compactMap(\.result)
        let required: Int
        switch policy {
        case .allMustPass: required = statements.count
        case .atLeast(let count): required = max(count, 1)
        }
        guard verified.count >= required, let chosen = Self.strongest(verified) else {
            let failure = results.first { $0.error != nil }
            let detail = failure.flatMap { failed in
                failed.error.map { "; first failure, attStmt[\(failed.index)] (\(failed.format)): \($0.message)" }
            }
            throw WebAuthnError(
                failure?.error?.code ?? .invalidAttestationStatement,
                "\(verified.count) of the \(statements.count) compound sub-statements verified; the policy "
                    + "requires \(required)\(detail ?? "")"
            )
        }
        return AttestationResult(
            type: chosen.type,
            trustPath: chosen.trustPath,
            tpmManufacturer: chosen.tpmManufacturer,
            subStatementResults: results
        )
    }

    private func verifySubStatement(
        _ format: String,
        _ statement: CBORMap,
        input: AttestationStatementInput
    ) -> Result<AttestationResult, WebAuthnError> {
        guard let verifier = formats[format] else {
            return .failure(
                WebAuthnError(
                    .unsupportedAttestationFormat,
                    "attestation format \"\(format)\" is not supported inside compound; supported: "
                        + "\(formats.keys.sorted())"
                )
            )
        }
        do {
            return .success(
                try verifier.verify(
                    input.subStatement(statement)
                )
            )
        } catch {
            return .failure(error)
        }
    }

    /// The sub-statements of a compound `attStmt`: an array of two to ``maximumStatementCount`` maps of exactly a
    /// text `fmt` other than `compound` and a map `attStmt` (§8.9 CDDL).
    private static func subStatements(of value: CBORValue) throws(WebAuthnError) -> [(format: String, map: CBORMap)] {
        guard let elements = value.arrayValue else {
            throw WebAuthnError(.invalidAttestationStatement, "a compound attestation statement must be an array")
        }
        guard elements.count >= minimumStatementCount else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "a compound attestation statement needs at least \(minimumStatementCount) statements; "
                    + "it has \(elements.count)"
            )
        }
        guard elements.count <= maximumStatementCount else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "a compound attestation statement may hold at most \(maximumStatementCount) statements; "
                    + "it has \(elements.count)"
            )
        }
        var statements: [(format: String, map: CBORMap)] = []
        statements.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let entry = element.mapValue else {
                throw WebAuthnError(.invalidAttestationStatement, "compound attStmt[\(index)] is not a map")
            }
            for member in entry {
                guard let name = member.key.textStringValue, name == "fmt" || name == "attStmt" else {
                    throw WebAuthnError(
                        .invalidAttestationStatement,
                        "compound attStmt[\(index)] has a member other than fmt and attStmt"
                    )
                }
            }
            guard let format = entry[textKey: "fmt"]?.textStringValue else {
                throw WebAuthnError(.invalidAttestationStatement, "compound attStmt[\(index)] has no text fmt")
            }
            guard format != "compound" else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "compound attStmt[\(index)] is itself a compound statement, which §8.9 forbids"
                )
            }
            guard let statement = entry[textKey: "attStmt"]?.mapValue else {
                throw WebAuthnError(.invalidAttestationStatement, "compound attStmt[\(index)] has no map attStmt")
            }
            statements.append((format, statement))
        }
        return statements
    }

    /// The first result with a trust path, else the first `self`, else the first result.
    private static func strongest(_ results: [AttestationResult]) -> AttestationResult? {
        results.first { !$0.trustPath.isEmpty } ?? results.first { $0.type == .self } ?? results.first
    }
}
