import ArgumentParser
import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier

/// `passkey-verify metadata entry BLOB AAGUID_OR_KEY_ID [--root PEM]… [--crl FILE]… [--at RFC3339]
/// [--accept-stale] [--json]`: verifies a BLOB (FIDO Metadata Service v3.0 §3.2) and shows one entry (§3.1.1):
/// its statement's description, status history with the status in force at the instant, certification,
/// attestation types, roots, and what was dropped or skipped and why (command-line contract).
struct MetadataEntryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry",
        abstract: "Verify a FIDO Metadata Service BLOB and show one entry.",
        discussion: """
            Exit status 0 when the BLOB verified and lists a readable entry for the identifier, 1 when the BLOB \
            was rejected ({"verified": false, "error": {...}}) or has no readable entry ("found": false, with \
            any skipped entries for the identifier in "skipped"), 2 on a usage error.
            """
    )

    @Argument(help: "The BLOB file (the downloaded JWS); standard input when '-'.")
    var blob: String

    @Argument(
        help: ArgumentHelp(
            "An AAGUID (8-4-4-4-12), an attestation certificate key identifier (40 hex digits) or an AAID.",
            valueName: "aaguid-or-key-id"
        )
    )
    var identifier: String

    @OptionGroup var source: MetadataSourceOptions

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        if identifier.isEmpty || identifier.utf8.count > 256 {
            throw ValidationError("the identifier must be an AAGUID, a key identifier or an AAID")
        }
    }

    func run() throws {
        let instant = source.instant
        let loaded = try MetadataFiles.load(
            blob: blob,
            roots: source.roots,
            revocationLists: source.revocationLists,
            at: instant,
            stalePolicy: source.acceptsStale ? .acceptStale : .reject
        )
        var output = OutputWriter()
        switch loaded {
        case .failure(let error):
            try MetadataFiles.reject(error, to: &output)
        case .success(let verified):
            let entry = Self.entry(in: verified, identifier: identifier)
            let summary = Self.summary(entry, of: verified, identifier: identifier, at: instant)
            try output.writeLine(json ? summary.compactText : MetadataInspectCommand.text(summary))
            try output.flush()
            if entry == nil {
                throw ExitCode(1)
            }
        }
    }

    /// The entry `identifier` names: by AAGUID, by key identifier, or by AAID.
    static func entry(in blob: MetadataBLOB, identifier: String) -> MetadataBLOBPayloadEntry? {
        if let aaguid = AAGUID(uuidString: identifier) {
            return blob.entry(aaguid: aaguid)
        }
        if let entry = blob.entry(attestationCertificateKeyIdentifier: identifier) {
            return entry
        }
        return blob.payload.entries.first { $0.aaid?.lowercased() == identifier.lowercased() }
    }

    /// The entry as one object (or `"found": false`), with the skipped entries for the identifier.
    static func summary(
        _ entry: MetadataBLOBPayloadEntry?,
        of blob: MetadataBLOB,
        identifier: String,
        at instant: Date
    ) -> JSONValue {
        let skipped = blob.payload.skippedEntries.filter { $0.identifier?.lowercased() == identifier.lowercased() }
        let header: [(String, JSONValue)] = [
            ("verified", .bool(true)), ("no", .integer(Int64(blob.serialNumber))), ("stale", .bool(blob.isStale)),
            ("identifier", .string(identifier)), ("found", .bool(entry != nil)),
        ]
        let skippedMembers: [(String, JSONValue)] = [
            ("skipped", .array(skipped.map(MetadataInspectCommand.issue)))
        ]
        guard let entry else { return .object(header + skippedMembers) }
        let statement = entry.metadataStatement
        let inForce = inForceIndex(entry.statusReports, at: instant)
        let reports = entry.statusReports.enumerated().map { index, report in
            JSONValue.members([
                "status": .string(report.status.rawValue),
                "effectiveDate": .string(report.effectiveDate.map(day)),
                "inForce": .bool(index == inForce),
            ])
        }
        let roots = (statement?.attestationRootCertificates ?? []).map { root in
            JSONValue.members([
                "subject": .string("\(root.subject)"),
                "notValidBefore": .string(RFC3339.text(root.notValidBefore)),
                "notValidAfter": .string(RFC3339.text(root.notValidAfter)),
                "sha256": .string(Hexadecimal.encode(HashAlgorithm.sha256.hash(root.derEncoded))),
            ])
        }
        let body: [(String, JSONValue)] = [
            ("aaguid", entry.aaguid.map { .string($0.uuidString) } ?? .null),
            ("aaid", entry.aaid.map { .string($0) } ?? .null),
            (
                "attestationCertificateKeyIdentifiers",
                .array(entry.attestationCertificateKeyIdentifiers.map { text -> JSONValue in .string(text) })
            ),
            ("description", statement?.description.map { .string($0) } ?? .null),
            ("protocolFamily", statement?.protocolFamily.map { .string($0) } ?? .null),
            ("status", entry.latestStatusReport(at: instant).map { .string($0.status.rawValue) } ?? .null),
            ("certification", entry.certificationStatus(at: instant).map { .string($0.rawValue) } ?? .null),
            ("statusReports", .array(reports)),
            ("timeOfLastStatusChange", entry.timeOfLastStatusChange.map { .string(day($0)) } ?? .null),
            (
                "attestationTypes",
                .array((statement?.attestationTypes ?? []).map { text -> JSONValue in .string(text) })
            ),
            ("roots", .array(roots)),
            ("droppedRoots", .array(entry.droppedRoots.map { text -> JSONValue in .string(text) })),
            ("droppedMembers", .array(entry.droppedMembers.map { text -> JSONValue in .string(text) })),
        ]
        return .object(header + body + skippedMembers)
    }

    /// The position of the report ``MetadataBLOBPayloadEntry/latestStatusReport(at:)`` returns.
    static func inForceIndex(_ reports: [StatusReport], at instant: Date) -> Int? {
        var latest: (index: Int, date: Date)?
        for (index, report) in reports.enumerated() {
            let effective = report.effectiveDate ?? .distantPast
            guard effective <= instant else { continue }
            if let current = latest, current.date > effective { continue }
            latest = (index, effective)
        }
        return latest?.index
    }

    private static func day(_ date: Date) -> String {
        String(RFC3339.text(date).prefix(10))
    }
}
