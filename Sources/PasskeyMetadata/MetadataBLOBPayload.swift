#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyVerifier

/// The payload of a metadata BLOB (FIDO Metadata Service v3.0 §3.1.6 "Metadata BLOB Payload dictionary"): its
/// serial number, the date of the next update and the entries, indexed for lookup.
///
/// Parsing is strict where the payload itself is concerned (a JSON object with unique top-level members,
/// `no` an integer, `nextUpdate` a `YYYY-MM-DD` date, `entries` an array of at most ``maximumEntryCount``) and,
/// per entry, strict only where trust is decided (Docs/Decisions.md "Strict and tolerant reading"): an entry
/// whose identifiers or status reports cannot be read is reported in ``skippedEntries`` and left out, as is a
/// second entry for an AAGUID already listed; their status reports are kept (read leniently) so that a
/// compromise they report still rejects the model (``MetadataTrustPolicy``). A root certificate that cannot be
/// read is left out of its entry (``droppedRoots``), an informational member too (``droppedMembers``); the
/// entry stays. Unknown members are ignored everywhere; a member name repeated inside an entry is not detected
/// (the last one is read).
public struct MetadataBLOBPayload: Sendable {
    /// The legal header (`legalHeader`), `nil` when absent.
    public let legalHeader: String?
    /// The serial number of this BLOB (`no`); a newer BLOB has a greater one.
    public let serialNumber: Int
    /// The day by which a newer BLOB will be published (`nextUpdate`, midnight UTC).
    public let nextUpdate: Date
    /// The entries that were read, in BLOB order.
    public let entries: [MetadataBLOBPayloadEntry]
    /// The entries that were skipped, and why.
    public let skippedEntries: [MetadataEntryIssue]
    /// The root certificates left out of entries that were read, one issue per root, and why
    /// (``MetadataBLOBPayloadEntry/droppedRoots``).
    public let droppedRoots: [MetadataEntryIssue]
    /// The informational members left out of entries that were read, one issue per member, and why
    /// (``MetadataBLOBPayloadEntry/droppedMembers``).
    public let droppedMembers: [MetadataEntryIssue]
    private let entryIndexByAAGUID: [AAGUID: Int]
    private let entryIndexByKeyIdentifier: [String: Int]
    private let skippedStatusesByAAGUID: [AAGUID: [SkippedEntryStatus]]
    private let skippedStatusesByKeyIdentifier: [String: [SkippedEntryStatus]]

    /// The most entries accepted (the production BLOB holds a few hundred).
    public static let maximumEntryCount = 20_000

    /// Parses the payload JSON. Throws `WebAuthnError/Code/invalidMetadata` when the payload is not such an
    /// object; a malformed entry is never an error.
    public init(jsonBytes: [UInt8]) throws(WebAuthnError) {
        switch JSONMemberNameScanner.scan(jsonBytes) {
        case .unique:
            break
        case .unreadable:
            throw WebAuthnError(.invalidMetadata, "the metadata BLOB payload is not a JSON object")
        case .duplicate(let name):
            throw WebAuthnError(.invalidMetadata, "the metadata BLOB payload repeats the member \"\(name)\"")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(jsonBytes))
        } catch {
            throw WebAuthnError(
                .invalidMetadata,
                "the metadata BLOB payload is malformed: \(MetadataDecodingFailure.describe(error))"
            )
        }
        var entries: [MetadataBLOBPayloadEntry] = []
        var skipped: [MetadataEntryIssue] = []
        var droppedRoots: [MetadataEntryIssue] = []
        var droppedMembers: [MetadataEntryIssue] = []
        var byAAGUID: [AAGUID: Int] = [:]
        var byKeyIdentifier: [String: Int] = [:]
        var skippedByAAGUID: [AAGUID: [SkippedEntryStatus]] = [:]
        var skippedByKeyIdentifier: [String: [SkippedEntryStatus]] = [:]
        for (index, slot) in document.entries.enumerated() {
            switch slot.outcome {
            case .failure(let issue):
                skipped.append(MetadataEntryIssue(index: index, identifier: slot.identifier, reason: issue.message))
                let status = SkippedEntryStatus(reason: issue.message, statusReports: slot.lenientStatusReports)
                if let aaguid = slot.aaguid {
                    skippedByAAGUID[aaguid, default: []].append(status)
                }
                for identifier in slot.keyIdentifiers {
                    skippedByKeyIdentifier[identifier, default: []].append(status)
                }
            case .success(let entry):
                if let aaguid = entry.aaguid, byAAGUID[aaguid] != nil {
                    let reason = "an earlier entry already lists aaguid \(aaguid)"
                    skipped.append(MetadataEntryIssue(index: index, identifier: slot.identifier, reason: reason))
                    skippedByAAGUID[aaguid, default: []].append(
                        SkippedEntryStatus(reason: reason, statusReports: entry.statusReports))
                    continue
                }
                if let aaguid = entry.aaguid {
                    byAAGUID[aaguid] = entries.count
                }
                droppedRoots += entry.droppedRoots.map {
                    MetadataEntryIssue(index: index, identifier: slot.identifier, reason: $0)
                }
                droppedMembers += entry.droppedMembers.map {
                    MetadataEntryIssue(index: index, identifier: slot.identifier, reason: $0)
                }
                for identifier in entry.attestationCertificateKeyIdentifiers where byKeyIdentifier[identifier] == nil {
                    byKeyIdentifier[identifier] = entries.count
                }
                entries.append(entry)
            }
        }
        legalHeader = document.legalHeader
        serialNumber = document.no
        nextUpdate = document.nextUpdate
        self.entries = entries
        skippedEntries = skipped
        self.droppedRoots = droppedRoots
        self.droppedMembers = droppedMembers
        entryIndexByAAGUID = byAAGUID
        entryIndexByKeyIdentifier = byKeyIdentifier
        skippedStatusesByAAGUID = skippedByAAGUID
        skippedStatusesByKeyIdentifier = skippedByKeyIdentifier
    }

    /// The entry for a FIDO2 authenticator model.
    public func entry(aaguid: AAGUID) -> MetadataBLOBPayloadEntry? {
        entryIndexByAAGUID[aaguid].map { entries[$0] }
    }

    /// The entry listing an attestation certificate key identifier (40 hexadecimal digits, either case).
    public func entry(attestationCertificateKeyIdentifier identifier: String) -> MetadataBLOBPayloadEntry? {
        entryIndexByKeyIdentifier[identifier.lowercased()].map { entries[$0] }
    }

    /// What is known of the status of the skipped entries for an AAGUID.
    func skippedEntryStatuses(aaguid: AAGUID) -> [SkippedEntryStatus] {
        skippedStatusesByAAGUID[aaguid] ?? []
    }

    /// What is known of the status of the skipped entries listing a key identifier.
    func skippedEntryStatuses(attestationCertificateKeyIdentifier identifier: String) -> [SkippedEntryStatus] {
        skippedStatusesByKeyIdentifier[identifier.lowercased()] ?? []
    }

    // MARK: - Decoding

    private struct Document: Decodable {
        let legalHeader: String?
        let no: Int
        let nextUpdate: Date
        let entries: [EntrySlot]

        enum CodingKeys: String, CodingKey {
            case legalHeader, no, nextUpdate, entries
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            legalHeader = try container.decodeIfPresent(String.self, forKey: .legalHeader)
            no = try container.decode(Int.self, forKey: .no)
            guard no >= 0 else {
                throw MetadataDecodingFailure("no is \(no); a serial number is not negative")
            }
            nextUpdate = try container.decodeMetadataDate(forKey: .nextUpdate)
            entries = try container.decodeBoundedArray(
                EntrySlot.self, forKey: .entries, maximumCount: MetadataBLOBPayload.maximumEntryCount)
        }
    }

    /// One element of `entries`: the entry, or why it could not be read and what of it could be read leniently.
    private struct EntrySlot: Decodable {
        let outcome: Result<MetadataBLOBPayloadEntry, MetadataDecodingFailure>
        let identifier: String?
        /// The entry's `aaguid` when it is a well-formed AAGUID.
        let aaguid: AAGUID?
        /// The entry's key identifiers that are strings, lowercased.
        let keyIdentifiers: [String]
        /// The status reports read leniently, `nil` when they cannot be read even so.
        let lenientStatusReports: [StatusReport]?

        private struct Identifiers: Decodable {
            let aaguid: String?
            let aaid: String?
            let attestationCertificateKeyIdentifiers: [String]?
        }

        private struct LenientReports: Decodable {
            let statusReports: [LenientReport]
        }

        private struct LenientReport: Decodable {
            let status: String
            let effectiveDate: String?
        }

        init(from decoder: any Decoder) throws {
            let identifiers = try? Identifiers(from: decoder)
            identifier =
                (identifiers?.aaguid ?? identifiers?.aaid ?? identifiers?.attestationCertificateKeyIdentifiers?.first)
                .map { String($0.prefix(64)) }
            aaguid = identifiers?.aaguid.flatMap { AAGUID(uuidString: $0) }
            keyIdentifiers = (identifiers?.attestationCertificateKeyIdentifiers ?? [])
                .prefix(MetadataStatement.maximumKeyIdentifiers).map { $0.lowercased() }
            do {
                outcome = .success(try MetadataBLOBPayloadEntry(from: decoder))
                lenientStatusReports = nil
            } catch {
                outcome = .failure(MetadataDecodingFailure(MetadataDecodingFailure.describe(error)))
                lenientStatusReports = (try? LenientReports(from: decoder)).flatMap { lenient in
                    guard lenient.statusReports.count <= MetadataBLOBPayloadEntry.maximumStatusReports else {
                        return nil
                    }
                    return lenient.statusReports.map { report in
                        StatusReport(
                            status: AuthenticatorStatus(rawValue: report.status),
                            effectiveDate: report.effectiveDate.flatMap(MetadataDate.parse)
                        )
                    }
                }
            }
        }
    }
}
