import PasskeyVerifier

/// The result of replaying one ``RecordedCeremony``: its outcome and how it differs from the expectation.
public struct ReplayResult: Sendable {
    /// The recording's name.
    public let name: String
    /// Which ceremony.
    public let kind: RecordedCeremony.Kind
    /// What verification produced.
    public let outcome: CeremonyOutcome
    /// Each way the outcome differs from the expectation; empty when it matched (or nothing was expected).
    public let differences: [String]

    /// Whether the outcome matched the expectation.
    public var matched: Bool { differences.isEmpty }

    /// Compares `outcome` with `expectation` field by field.
    public init(
        name: String, kind: RecordedCeremony.Kind, outcome: CeremonyOutcome, expectation: RecordedCeremony.Expectation?
    ) {
        self.name = name
        self.kind = kind
        self.outcome = outcome
        guard let expectation else {
            self.differences = []
            return
        }
        var differences: [String] = []
        func compare<Value: Equatable>(_ field: String, _ expected: Value?, _ actual: Value?) {
            guard let expected, expected != actual else { return }
            differences.append("\(field): expected \(expected), got \(actual.map { "\($0)" } ?? "nothing")")
        }
        if expectation.verified != outcome.verified {
            let detail = outcome.error.map { " (\($0.code): \($0.message))" } ?? ""
            differences.append("verified: expected \(expectation.verified), got \(outcome.verified)\(detail)")
        }
        compare("error", expectation.error, outcome.error?.code)
        compare("format", expectation.format, outcome.format)
        compare("attestationType", expectation.attestationType, outcome.attestationType)
        compare("credentialId", expectation.credentialId, outcome.credentialId)
        compare("algorithm", expectation.algorithm, outcome.algorithm)
        compare("signCount", expectation.signCount, outcome.signCount)
        compare("newSignCount", expectation.newSignCount, outcome.newSignCount)
        compare("aaguid", expectation.aaguid, outcome.aaguid)
        compare("userPresent", expectation.userPresent, outcome.userPresent)
        compare("userVerified", expectation.userVerified, outcome.userVerified)
        compare("backupEligible", expectation.backupEligible, outcome.backupEligible)
        compare("backupState", expectation.backupState, outcome.backupState)
        compare("attestationTrust", expectation.attestationTrust, outcome.attestationTrust)
        self.differences = differences
    }
}
