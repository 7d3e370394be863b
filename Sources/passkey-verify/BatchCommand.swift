import ArgumentParser
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-verify batch [FILE]`: verifies JSON Lines, one ceremony per line, one result line per input line
/// in order (command-line contract).
///
/// Input is streamed in 64 KiB chunks and each line is bounded; lines are verified in windows of a bounded
/// number of lines on `--jobs` threads and written in input order, so memory does not grow with the number
/// of lines. Each thread keeps registration verifiers for the last few distinct trust anchor sets and the
/// stored keys it parsed (``CredentialKeyCache``).
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Verify JSON Lines of ceremonies, one result line per input line.",
        discussion: """
            Each line is {"kind": "registration" | "authentication", "response": {...}, "rpId": ..., \
            "origins": [...], "challenge": ...} with the optional fields requireUserVerification, at, \
            trustAnchors (PEM texts), untrustedAttestationPolicy, algorithms, topOrigins, publicKey, signCount, \
            credentialId. Unknown \
            fields are ignored. A line that cannot be read, an empty line or one longer than the limit gets \
            {"verified": false, "error": {"code": "malformedInput", ...}}. Exit status 0 once every line is \
            processed, whatever the verdicts.
            """
    )

    /// The default bound on one line.
    static let defaultMaximumLineLength = 1_048_576

    @Option(name: .customLong("max-line-bytes"), help: "The longest line read; longer lines are malformedInput.")
    var maximumLineLength: Int = Self.defaultMaximumLineLength

    @Option(name: .customLong("jobs"), help: "Threads that verify (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var metadata: MetadataOptions

    @Option(
        name: .customLong("metadata-at"),
        help: "The RFC 3339 instant at which the --metadata BLOB is verified (default: now)."
    )
    var metadataAt: String?

    @Argument(help: "The JSON Lines file; standard input when absent or '-'.")
    var file: String?

    /// Lines read ahead per thread: enough to keep every thread busy, few enough that memory stays bounded
    /// (at most jobs × this many lines, each at most `--max-line-bytes`).
    static let linesPerJob = 64

    func validate() throws {
        guard maximumLineLength > 0 else {
            throw ValidationError("--max-line-bytes must be positive")
        }
        guard (1...256).contains(jobs) else {
            throw ValidationError("--jobs must be 1 to 256")
        }
        if let metadataAt, RFC3339.date(metadataAt) == nil {
            throw ValidationError("--metadata-at \"\(metadataAt)\" is not an RFC 3339 instant")
        }
    }

    func run() throws {
        let input = InputSource(argument: file)
        var lines = LineReader(try input.openReader(), source: input.displayName, maximumLineLength: maximumLineLength)
        var output = OutputWriter()
        let policy = try metadata.load(at: metadataAt.flatMap(RFC3339.date) ?? Date())
        let workers = (0..<jobs).map { _ in BatchWorker(metadata: policy) }
        let now = Date()
        let windowSize = jobs * Self.linesPerJob
        var window: [LineReader.Line] = []
        window.reserveCapacity(windowSize)
        var finished = false
        while !finished {
            window.removeAll(keepingCapacity: true)
            while window.count < windowSize, let line = try lines.next() {
                window.append(line)
            }
            finished = window.count < windowSize
            for text in Self.verify(window, workers: workers, now: now, maximumLineLength: maximumLineLength) {
                try output.writeLine(text)
            }
        }
        try output.flush()
    }

    /// The verdict lines of `window`, in order, verified on `workers.count` threads: thread `w` takes the
    /// lines `w`, `w + jobs`, `w + 2·jobs`… with its own caches.
    static func verify(
        _ window: [LineReader.Line],
        workers: [BatchWorker],
        now: Date,
        maximumLineLength: Int
    ) -> [String] {
        let results = BatchResults(count: window.count)
        let verifyLine: @Sendable (BatchWorker, Int) -> Void = { worker, index in
            let outcome: CeremonyOutcome
            switch window[index] {
            case .text(let bytes):
                outcome = worker.verify(bytes, now: now)
            case .tooLong(let length):
                outcome = CeremonyOutcome(
                    error: WebAuthnError(
                        .malformedInput,
                        "the line is \(length) bytes; at most \(maximumLineLength) are read"
                    )
                )
            }
            results.set(index, outcome.json.compactText)
        }
        if workers.count == 1 || window.count < 2 {
            for index in window.indices { verifyLine(workers[0], index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers.count) { job in
                for index in stride(from: job, to: window.count, by: workers.count) {
                    verifyLine(workers[job], index)
                }
            }
        }
        return results.texts
    }

    /// Verifies one line with a one-off cache (the tests' entry point).
    static func verify(_ line: [UInt8], now: Date, verifiers: inout RegistrationVerifierCache) -> CeremonyOutcome {
        var keys = CredentialKeyCache(capacity: 1)
        return verify(line, now: now, verifiers: &verifiers, keys: &keys)
    }

    /// Verifies one line with `verifiers` and `keys`.
    static func verify(
        _ line: [UInt8],
        now: Date,
        verifiers: inout RegistrationVerifierCache,
        keys: inout CredentialKeyCache
    ) -> CeremonyOutcome {
        guard line.contains(where: { !Self.isJSONWhitespace($0) }) else {
            return CeremonyOutcome(error: WebAuthnError(.malformedInput, "the line is empty"))
        }
        do {
            return try RecordedCeremony(json: line).verify(now: now, verifiers: &verifiers, keys: &keys)
        } catch {
            return CeremonyOutcome(error: error)
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
