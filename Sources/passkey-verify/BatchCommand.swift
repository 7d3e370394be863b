import ArgumentParser
import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting

/// `passkey-verify batch [FILE]`: verifies JSON Lines, one ceremony per line, one result line per input line
/// in order (command-line contract).
///
/// Input is streamed in 64 KiB chunks and each line is bounded; lines are verified in chunks of
/// ``linesPerChunk`` on `--jobs` threads (``BatchPipeline``), at most ``linesPerJob`` lines per thread read
/// ahead, and written in input order, so memory does not grow with the number of lines. Each thread keeps
/// registration verifiers for the last few distinct trust anchor sets and the stored keys it parsed
/// (``CredentialKeyCache``), and writes its verdicts as bytes (``CeremonyOutcome/appendCompactJSON(to:)``).
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

    /// Lines handed to a thread at once (``BatchPipeline``): one lock and one signal per this many lines.
    static let linesPerChunk = 16

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
        let now = Date()
        let workers = (0..<jobs).map { _ in
            BatchWorker(now: now, maximumLineLength: maximumLineLength, metadata: policy)
        }
        if jobs == 1 {
            try Self.run(&lines, worker: workers[0], to: &output)
        } else {
            try BatchPipeline.run(
                &lines,
                workers: workers,
                linesPerChunk: Self.linesPerChunk,
                chunksInFlight: jobs * Self.linesPerJob / Self.linesPerChunk,
                to: &output
            )
        }
        try output.flush()
    }

    /// `--jobs 1`: reads, verifies and writes on the calling thread, a chunk of lines at a time.
    private static func run(_ lines: inout LineReader, worker: BatchWorker, to output: inout OutputWriter)
        throws(UsageError)
    {
        var chunk: [LineReader.Line] = []
        chunk.reserveCapacity(linesPerChunk)
        var verdicts: [UInt8] = []
        var atEnd = false
        while !atEnd {
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < linesPerChunk, let line = try lines.next() {
                chunk.append(line)
            }
            atEnd = chunk.count < linesPerChunk
            verdicts.removeAll(keepingCapacity: true)
            worker.verify(chunk, appendingTo: &verdicts)
            try output.writeLines(verdicts)
        }
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
