import ArgumentParser
import Foundation
import PasskeyVerifierTesting

/// `passkey-verify replay PATH...`: replays recorded ceremonies (`Docs/RecordedCeremonies.md`) and compares
/// each outcome with the expectation it records.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded ceremonies and compare each outcome with its expectation.",
        discussion: """
            Each PATH is a recorded ceremony file or a folder searched recursively for *.json files (in \
            sorted order). Prints a header line, one line per ceremony (✓ matched, ✗ differed: name, kind, \
            format, algorithm, outcome, then what differed) and a summary. Exit status 1 when any ceremony \
            differed; a file that is not a recorded ceremony, or records no expectation, counts as differed.
            """
    )

    @Flag(name: .shortAndLong, help: "Print only the ceremonies that differed, and the summary (no header).")
    var quiet = false

    @Option(name: .customLong("jobs"), help: "Threads that replay (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Argument(help: "Recorded ceremony files or folders.")
    var paths: [String]

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("Missing expected argument '<paths> ...'")
        }
        guard (1...256).contains(jobs) else {
            throw ValidationError("--jobs must be 1 to 256")
        }
    }

    /// One replayed file.
    struct Row {
        var matched: Bool
        var name: String
        var kind: String
        var format: String
        var algorithm: String
        var outcome: String
        var notes: [String]
        var pendingIssue: Int?
    }

    func run() throws {
        let files = try Self.files(in: paths)
        guard !files.isEmpty else {
            throw UsageError("no *.json files found in \(paths.joined(separator: ", "))")
        }
        let now = Date()
        let rows = Self.replay(files, jobs: jobs, now: now)
        var output = OutputWriter()
        let widths = Self.columnWidths(of: rows)
        if !quiet {
            try output.writeLine(Self.line(Self.header, mark: " ", widths: widths))
        }
        for row in rows where !(quiet && row.matched) {
            var line = Self.line(row, mark: row.matched ? "✓" : "✗", widths: widths)
            if let issue = row.pendingIssue {
                line += "  (expectation pending issue #\(issue))"
            }
            try output.writeLine(line)
            for note in row.notes {
                try output.writeLine("    - " + note)
            }
        }
        let differed = rows.filter { !$0.matched }.count
        let ceremonies = rows.count == 1 ? "ceremony" : "ceremonies"
        var summary = "\(rows.count) \(ceremonies): \(rows.count - differed) matched, \(differed) differed"
        let pending = rows.compactMap(\.pendingIssue)
        if !pending.isEmpty {
            let issues = Set(pending).sorted().map { "#\($0)" }.joined(separator: ", ")
            summary += " (\(pending.count) with an expectation pending issue \(issues))"
        }
        try output.writeLine(summary)
        try output.flush()
        if differed > 0 {
            throw ExitCode(1)
        }
    }

    /// The column header line's names, as a row.
    static let header = Row(
        matched: true, name: "name", kind: "kind", format: "format", algorithm: "algorithm", outcome: "outcome",
        notes: [], pendingIssue: nil
    )

    /// The widths of the padded columns (name, kind, format, algorithm), wide enough for `rows` and the header.
    static func columnWidths(of rows: [Row]) -> [Int] {
        [\Row.name, \Row.kind, \Row.format, \Row.algorithm].map { column in
            max(header[keyPath: column].count, rows.map { $0[keyPath: column].count }.max() ?? 0)
        }
    }

    /// `row` as a line of the table: `mark`, then the columns padded to `widths`, two spaces apart.
    static func line(_ row: Row, mark: String, widths: [Int]) -> String {
        let cells = zip([row.name, row.kind, row.format, row.algorithm], widths).map { Self.padded($0, $1) }
        return mark + " " + (cells + [row.outcome]).joined(separator: "  ")
    }

    /// Replays `files` on `jobs` threads, each with its own verifier and key caches; rows in file order.
    static func replay(_ files: [String], jobs: Int, now: Date) -> [Row] {
        let rows = ReplayRows(count: files.count)
        let workers = min(jobs, max(1, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { job in
            var verifiers = RegistrationVerifierCache(capacity: 8)
            var keys = CredentialKeyCache()
            for index in stride(from: job, to: files.count, by: workers) {
                rows.set(index, replay(files[index], now: now, verifiers: &verifiers, keys: &keys))
            }
        }
        return rows.rows
    }

    /// Replays one file.
    static func replay(
        _ path: String,
        now: Date,
        verifiers: inout RegistrationVerifierCache,
        keys: inout CredentialKeyCache
    ) -> Row {
        let ceremony: RecordedCeremony
        do {
            ceremony = try RecordedCeremony.load(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return Row(
                matched: false, name: path, kind: "-", format: "-", algorithm: "-",
                outcome: "not a recorded ceremony", notes: ["\(error)"], pendingIssue: nil
            )
        }
        let outcome = ceremony.verify(now: now, verifiers: &verifiers, keys: &keys)
        let result = ReplayResult(
            name: ceremony.name ?? "(unnamed)", kind: ceremony.kind, outcome: outcome, expectation: ceremony.expected)
        var notes = result.differences
        if ceremony.expected == nil {
            notes.append("the recording has no expectation (\"expected\")")
        }
        return Row(
            matched: notes.isEmpty,
            name: ceremony.name ?? path,
            kind: ceremony.kind.rawValue,
            format: outcome.format ?? CeremonySummary.format(of: ceremony) ?? "-",
            algorithm: (outcome.algorithm ?? CeremonySummary.algorithm(of: ceremony))
                .map(COSEKeyInspection.algorithmName) ?? "-",
            outcome: outcome.error.map { "rejected: \($0.code)" } ?? "verified",
            notes: notes,
            pendingIssue: ceremony.pendingIssue
        )
    }

    /// The files named by `paths`, folders searched recursively for `*.json`, each folder's files sorted.
    static func files(in paths: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("\(path) does not exist")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw UsageError("cannot list \(path)")
            }
            let base = path.hasSuffix("/") ? path : path + "/"
            let found = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
            files += found.map { base + $0 }
        }
        return files
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
