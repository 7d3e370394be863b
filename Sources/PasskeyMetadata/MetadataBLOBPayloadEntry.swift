import PasskeyCrypto
import PasskeyVerifier

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One authenticator model of a metadata BLOB (FIDO Metadata Service v3.0 §3.1.1 "Metadata BLOB Payload Entry
/// dictionary"): how to recognise it, its metadata statement and its status history.
public struct MetadataBLOBPayloadEntry: Sendable {
    /// The AAGUID of a FIDO2 authenticator (`aaguid`), `nil` when absent.
    public let aaguid: AAGUID?
    /// The `aaid` of a UAF authenticator, `nil` when absent.
    public let aaid: String?
    /// The key identifiers (lowercase hexadecimal SHA-1 of the subject public key, RFC 5280 §4.2.1.2 method 1)
    /// of the attestation certificates of a U2F authenticator (`attestationCertificateKeyIdentifiers`), `[]`
    /// when absent.
    public let attestationCertificateKeyIdentifiers: [String]
    /// The metadata statement (`metadataStatement`), `nil` when absent.
    public let metadataStatement: MetadataStatement?
    /// The status reports (`statusReports`, required), in BLOB order.
    public let statusReports: [StatusReport]
    /// The day of the latest status change (`timeOfLastStatusChange`, midnight UTC); `nil` when absent or
    /// unreadable (noted in ``droppedMembers``: it decides nothing, the status reports do).
    public let timeOfLastStatusChange: Date?
    /// Why each root certificate of the statement that could not be read was left out
    /// (``MetadataStatement/droppedRoots``).
    public let droppedRoots: [String]
    /// Why each informational member that could not be read was left out: the entry's own (a `metadataStatement`
    /// that is not an object, `timeOfLastStatusChange`) and the statement's, prefixed `metadataStatement.`.
    public let droppedMembers: [String]
    /// A chain verifier trusting the statement's `attestationRootCertificates`, `nil` when there are none.
    let attestationRootVerifier: CertificateChainVerifier?

    /// The most status reports read per entry.
    static let maximumStatusReports = 1024

    /// The statement's description, `nil` without a statement.
    public var description: String? { metadataStatement?.description }

    /// The status report in force at `instant`: among the reports whose `effectiveDate` is not after `instant`
    /// (a report without one always is), the one with the latest date, the later in the BLOB on a tie; `nil`
    /// when no report is in force.
    public func latestStatusReport(at instant: Date) -> StatusReport? {
        var latest: StatusReport?
        for report in statusReports {
            let effective = report.effectiveDate ?? .distantPast
            guard effective <= instant else { continue }
            if let current = latest, (current.effectiveDate ?? .distantPast) > effective { continue }
            latest = report
        }
        return latest
    }

    /// The first report among `statuses` that is in force at `instant` and not cleared, `nil` when there is none.
    ///
    /// A report is in force when its `effectiveDate` is not after `instant` (a report without one always is). It
    /// is cleared only by a certification (`FIDO_CERTIFIED`, `FIDO_CERTIFIED_L1` … `L3plus`) in force whose
    /// `effectiveDate` is strictly later: a same-day certification does not clear it, nor does any other status
    /// (`UPDATE_AVAILABLE`, an unknown status, …). An undated report and an `ATTESTATION_KEY_COMPROMISE` are
    /// never cleared: the one has no date to be later than, and a new certification does not make a leaked
    /// attestation key secret again.
    public func unclearedStatusReport(among statuses: Set<AuthenticatorStatus>, at instant: Date) -> StatusReport? {
        Self.unclearedStatusReport(in: statusReports, among: statuses, at: instant)
    }

    /// ``unclearedStatusReport(among:at:)`` over any list of reports (also a skipped entry's).
    static func unclearedStatusReport(
        in statusReports: [StatusReport],
        among statuses: Set<AuthenticatorStatus>,
        at instant: Date
    ) -> StatusReport? {
        var latestCertification: Date?
        for report in statusReports where report.status.certificationRank != nil {
            guard let effective = report.effectiveDate, effective <= instant else { continue }
            if latestCertification.map({ effective > $0 }) ?? true {
                latestCertification = effective
            }
        }
        return statusReports.first { report in
            guard statuses.contains(report.status) else { return false }
            guard let effective = report.effectiveDate else { return true }
            guard effective <= instant else { return false }
            guard report.status != .attestationKeyCompromise, let latestCertification else { return true }
            return latestCertification <= effective
        }
    }

    /// The certification in force at `instant`: the latest certification status (`FIDO_CERTIFIED`,
    /// `FIDO_CERTIFIED_L1` … `FIDO_CERTIFIED_L3plus`) among the reports in force, `nil` when there is none or a
    /// later `NOT_FIDO_CERTIFIED` or `REVOKED` withdrew it. Other statuses (`UPDATE_AVAILABLE`, …) leave it as is.
    public func certificationStatus(at instant: Date) -> AuthenticatorStatus? {
        let inForce = statusReports.enumerated()
            .filter { ($0.element.effectiveDate ?? .distantPast) <= instant }
            .sorted { lhs, rhs in
                let left = lhs.element.effectiveDate ?? .distantPast
                let right = rhs.element.effectiveDate ?? .distantPast
                return left == right ? lhs.offset < rhs.offset : left < right
            }
        var certification: AuthenticatorStatus?
        for (_, report) in inForce {
            if report.status.certificationRank != nil {
                certification = report.status
            } else if report.status.withdrawsCertification {
                certification = nil
            }
        }
        return certification
    }

    enum CodingKeys: String, CodingKey {
        case aaguid, aaid, attestationCertificateKeyIdentifiers, metadataStatement, statusReports,
            timeOfLastStatusChange
    }
}

extension MetadataBLOBPayloadEntry: Decodable {
    /// Decodes an entry (§3.1.1), strict where trust is decided: at least one of `aaguid`, `aaid` and
    /// `attestationCertificateKeyIdentifiers`, each well formed; the statement's identifiers well formed and its
    /// `aaguid` equal to the entry's; `statusReports` required, each report strictly (§3.1.3). Everything else
    /// is read tolerantly: a statement that is not an object and an unreadable `timeOfLastStatusChange` are left
    /// out and noted in ``droppedMembers``, and the statement itself is read as ``MetadataStatement`` describes.
    /// Unknown members are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (aaguid, aaid, attestationCertificateKeyIdentifiers) = try MetadataDecodingFailure.strictly {
            let aaguid = try container.decodeIfPresent(String.self, forKey: .aaguid)
                .map(MetadataStatement.aaguid(from:))
            let aaid = try container.decodeIfPresent(String.self, forKey: .aaid)
            let identifiers = try MetadataStatement.keyIdentifiers(
                container.decodeBoundedArrayIfPresent(
                    String.self,
                    forKey: .attestationCertificateKeyIdentifiers,
                    maximumCount: MetadataStatement.maximumKeyIdentifiers
                ) ?? []
            )
            return (aaguid, aaid, identifiers)
        }
        guard aaguid != nil || aaid != nil || !attestationCertificateKeyIdentifiers.isEmpty else {
            throw MetadataDecodingFailure(
                "the entry has none of aaguid, aaid and attestationCertificateKeyIdentifiers")
        }
        var notes: [String] = []
        do {
            metadataStatement =
                container.contains(.metadataStatement) && (try? container.decodeNil(forKey: .metadataStatement)) != true
                ? try container.decode(MetadataStatement.self, forKey: .metadataStatement) : nil
        } catch let failure as MetadataDecodingFailure {
            throw MetadataDecodingFailure("metadataStatement: \(failure.message)")
        } catch {
            notes.append(MetadataDecodingFailure.describe(error))
            metadataStatement = nil
        }
        if let statementAAGUID = metadataStatement?.aaguid, statementAAGUID != aaguid {
            throw MetadataDecodingFailure(
                "metadataStatement.aaguid \(statementAAGUID) differs from the entry's aaguid "
                    + "\(aaguid.map(\.uuidString) ?? "(absent)")"
            )
        }
        statusReports = try container.decodeBoundedArray(
            StatusReport.self, forKey: .statusReports, maximumCount: Self.maximumStatusReports)
        do {
            timeOfLastStatusChange = try container.decodeMetadataDate(forKey: .timeOfLastStatusChange)
        } catch {
            notes.append(MetadataDecodingFailure.describe(error))
            timeOfLastStatusChange = nil
        }
        droppedRoots = metadataStatement?.droppedRoots ?? []
        droppedMembers = notes + (metadataStatement?.droppedMembers ?? [])
        let roots = metadataStatement?.attestationRootCertificates ?? []
        attestationRootVerifier = roots.isEmpty ? nil : CertificateChainVerifier(trustAnchors: roots)
    }
}
