import ArgumentParser
import Foundation
import PasskeyMetadata
import PasskeyVerifier

/// `passkey-verify metadata`: FIDO Metadata Service BLOBs (command-line contract).
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Verify and summarise FIDO Metadata Service BLOBs.",
        subcommands: [MetadataInspectCommand.self, MetadataEntryCommand.self]
    )

    /// Without a subcommand there is nothing to do: a usage error.
    func run() throws {
        throw UsageError("a subcommand is required: inspect or entry\n\n" + Self.helpMessage())
    }
}

/// `passkey-verify metadata inspect BLOB [--root PEM]… [--crl FILE]… [--at RFC3339] [--accept-stale]
/// [--previous-no N | --previous BLOB] [--json]`: verifies a BLOB (FIDO Metadata Service v3.0 §3.2) and
/// summarises it.
struct MetadataInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Verify a FIDO Metadata Service BLOB and summarise it.",
        discussion: """
            Exit status 0 when the BLOB verified, 1 when it was rejected ({"verified": false, "error": \
            {"code": ..., "message": ...}} is printed), 2 on a usage error. With --json one object: \
            {"verified": true, "no": ..., "nextUpdate": "YYYY-MM-DD", "algorithm": ..., "stale": ..., \
            "entries": ..., "skippedEntries": ..., "statusCounts": {"FIDO_CERTIFIED_L1": ..., ...}, \
            "skipped": [{"index": ..., "identifier": ..., "reason": ...}], "droppedRoots": [...], \
            "droppedMembers": [...]} (the dropped ones shaped as skipped).
            """
    )

    @Argument(help: "The BLOB file (the downloaded JWS); standard input when '-'.")
    var blob: String

    @OptionGroup var source: MetadataSourceOptions

    @Option(
        name: .customLong("previous-no"),
        help: "The serial number of the BLOB loaded before: a smaller no is rejected with metadataRollback."
    )
    var previousSerialNumber: Int?

    @Option(
        name: .customLong("previous"),
        help: ArgumentHelp(
            """
            The BLOB loaded before (verified with the same roots and lists, stale or not): its no is taken as \
            --previous-no.
            """,
            valueName: "blob"
        )
    )
    var previousBLOB: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        if previousSerialNumber != nil, previousBLOB != nil {
            throw ValidationError("--previous-no and --previous are alternatives: give one")
        }
    }

    func run() throws {
        let instant = source.instant
        var previous = previousSerialNumber
        if let previousBLOB {
            let loaded = try MetadataFiles.load(
                blob: previousBLOB, roots: source.roots, revocationLists: source.revocationLists, at: instant,
                stalePolicy: .acceptStale)
            switch loaded {
            case .success(let verified):
                previous = verified.serialNumber
            case .failure(let error):
                throw UsageError(
                    "previous metadata BLOB \(previousBLOB) does not verify: \(error.code.name): \(error.message)")
            }
        }
        let loaded = try MetadataFiles.load(
            blob: blob,
            roots: source.roots,
            revocationLists: source.revocationLists,
            at: instant,
            stalePolicy: source.acceptsStale ? .acceptStale : .reject,
            previousSerialNumber: previous
        )
        var output = OutputWriter()
        switch loaded {
        case .failure(let error):
            try MetadataFiles.reject(error, to: &output)
        case .success(let verified):
            let summary = Self.summary(verified, at: instant)
            try output.writeLine(json ? summary.compactText : Self.text(summary))
            try output.flush()
        }
    }

    /// The summary object of a verified BLOB: counts of entries and of their statuses in force at `instant`.
    static func summary(_ blob: MetadataBLOB, at instant: Date) -> JSONValue {
        var counts: [String: Int] = [:]
        for entry in blob.payload.entries {
            let status = entry.latestStatusReport(at: instant)?.status.rawValue ?? "none"
            counts[status, default: 0] += 1
        }
        let skipped = blob.payload.skippedEntries.map(issue)
        return .members([
            "verified": .bool(true),
            "no": .integer(blob.serialNumber),
            "nextUpdate": .string(String(RFC3339.text(blob.payload.nextUpdate).prefix(10))),
            "legalHeader": .string(blob.payload.legalHeader),
            "algorithm": .string(blob.algorithmName),
            "stale": .bool(blob.isStale),
            "entries": .integer(blob.payload.entries.count),
            "skippedEntries": .integer(blob.payload.skippedEntries.count),
            "statusCounts": .object(
                counts.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.integer(Int64($0.value))) }),
            "skipped": .array(skipped),
            "droppedRoots": .array(blob.payload.droppedRoots.map(issue)),
            "droppedMembers": .array(blob.payload.droppedMembers.map(issue)),
        ])
    }

    /// `{"index", "identifier", "reason"}` of a skipped entry or of a root or member dropped from an entry.
    static func issue(_ issue: MetadataEntryIssue) -> JSONValue {
        .members([
            "index": .integer(issue.index),
            "identifier": .string(issue.identifier),
            "reason": .string(issue.reason),
        ])
    }

    /// The summary as lines of text.
    static func text(_ summary: JSONValue) -> String {
        var lines: [String] = []
        guard case .object(let members) = summary else { return summary.compactText }
        for (name, value) in members {
            switch value {
            case .object(let counts):
                for (status, count) in counts {
                    lines.append("\(name).\(status): \(count.compactText)")
                }
            case .array(let elements):
                for element in elements {
                    lines.append("\(name): \(element.compactText)")
                }
            case .string(let text):
                lines.append("\(name): \(text)")
            default:
                lines.append("\(name): \(value.compactText)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
