import ArgumentParser
import PasskeyVerifier
import PasskeyVerifierTesting

/// What `registration` and `authentication` share: read one response, build the ``RecordedCeremony`` the
/// flags describe, verify it through the same code path as `batch` and `replay`, print the result object.
enum SingleCeremony {
    /// The largest response read, 1 MiB, the library's own bound on response JSON.
    static let maximumInputLength = 1_048_576

    /// Verifies the response in `file` (or standard input) with registration verifiers from `verifiers` and
    /// prints one JSON object.
    /// - Throws: ``UsageError`` for an unreadable input; `ExitCode(1)` when the ceremony was rejected.
    static func run(
        _ kind: RecordedCeremony.Kind,
        file: String?,
        options: CeremonyOptions,
        verifiers: inout RegistrationVerifierCache,
        configure: (inout RecordedCeremony) -> Void
    ) throws {
        let input = InputSource(argument: file)
        let outcome: CeremonyOutcome
        switch try input.readAll(limit: maximumInputLength) {
        case .tooLarge:
            outcome = CeremonyOutcome(
                error: WebAuthnError(
                    .malformedInput,
                    "the \(kind.rawValue) response in \(input.displayName) is larger than \(maximumInputLength) bytes"
                )
            )
        case .bytes(let bytes):
            do {
                var ceremony = RecordedCeremony(
                    response: try RecordedCeremony.Response(json: bytes, kind: kind),
                    rpId: options.relyingPartyID,
                    origins: options.origins,
                    challenge: options.challenge
                )
                ceremony.requireUserVerification = options.requireUserVerification
                ceremony.topOrigins = options.topOrigins.isEmpty ? nil : options.topOrigins
                ceremony.algorithms = options.algorithms.isEmpty ? nil : options.algorithms
                ceremony.minimumChallengeLength = options.minimumChallengeLength
                configure(&ceremony)
                outcome = ceremony.verify(verifiers: &verifiers)
            } catch {
                outcome = CeremonyOutcome(error: error)
            }
        }
        var output = OutputWriter()
        try output.writeLine(outcome.json.compactText)
        try output.flush()
        if !outcome.verified {
            throw ExitCode(1)
        }
    }
}
