import ArgumentParser
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-verify batch [FILE]`: verifies JSON Lines, one ceremony per line, one result line per input line
/// in order (command-line contract).
///
/// Input is streamed in 64 KiB chunks and each line is bounded, so memory does not grow with the number of
/// lines. Registration verifiers are kept for the last few distinct trust anchor sets.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Verify JSON Lines of ceremonies, one result line per input line.",
        discussion: """
            Each line is {"kind": "registration" | "authentication", "response": {...}, "rpId": ..., \
            "origins": [...], "challenge": ...} with the optional fields requireUserVerification, at, \
            trustAnchors (PEM texts), algorithms, topOrigins, publicKey, signCount, credentialId. Unknown \
            fields are ignored. A line that cannot be read, an empty line or one longer than the limit gets \
            {"verified": false, "error": {"code": "malformedInput", ...}}. Exit status 0 once every line is \
            processed, whatever the verdicts.
            """
    )

    /// The default bound on one line.
    static let defaultMaximumLineLength = 1_048_576

    @Option(name: .customLong("max-line-bytes"), help: "The longest line read; longer lines are malformedInput.")
    var maximumLineLength: Int = Self.defaultMaximumLineLength

    @Argument(help: "The JSON Lines file; standard input when absent or '-'.")
    var file: String?

    func validate() throws {
        guard maximumLineLength > 0 else {
            throw ValidationError("--max-line-bytes must be positive")
        }
    }

    func run() throws {
        let input = InputSource(argument: file)
        var lines = LineReader(try input.openReader(), source: input.displayName, maximumLineLength: maximumLineLength)
        var output = OutputWriter()
        var verifiers = RegistrationVerifierCache(capacity: 8)
        let now = Date()
        while let line = try lines.next() {
            let outcome: CeremonyOutcome
            switch line {
            case .text(let bytes):
                outcome = Self.verify(bytes, now: now, verifiers: &verifiers)
            case .tooLong(let length):
                outcome = CeremonyOutcome(
                    error: WebAuthnError(
                        .malformedInput,
                        "the line is \(length) bytes; at most \(maximumLineLength) are read"
                    )
                )
            }
            try output.writeLine(outcome.json.compactText)
        }
        try output.flush()
    }

    /// Verifies one line.
    static func verify(_ line: [UInt8], now: Date, verifiers: inout RegistrationVerifierCache) -> CeremonyOutcome {
        guard line.contains(where: { !Self.isJSONWhitespace($0) }) else {
            return CeremonyOutcome(error: WebAuthnError(.malformedInput, "the line is empty"))
        }
        do {
            return try RecordedCeremony(json: line).verify(now: now, verifiers: &verifiers)
        } catch {
            return CeremonyOutcome(error: error)
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
