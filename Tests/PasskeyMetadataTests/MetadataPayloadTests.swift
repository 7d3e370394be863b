import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Parsing a metadata BLOB payload (FIDO Metadata Service v3.0 §3.1.1–§3.1.6, FIDO Metadata Statement v3.0 §4):
/// the members a verifier uses, read strictly; unknown members ignored; a malformed entry skipped and reported.
@Suite struct MetadataPayloadTests {
    typealias Support = MetadataTestSupport

    static func payload(_ entries: [String]) -> [UInt8] {
        VirtualMetadataService.payload(serialNumber: 3, nextUpdate: Support.nextUpdate, entries: entries)
    }

    static let packed: VirtualAttestation? = try? VirtualAttestation.packed()

    @Test func theMembersAVerifierUsesAreRead() throws {
        let root = try #require(Self.packed?.rootCertificate)
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA,
            description: "Key \"A\"",
            attestationRootCertificates: [root],
            attestationTypes: ["basic_full", "attca"],
            statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("UPDATE_AVAILABLE", "2025-03-04")],
            timeOfLastStatusChange: "2025-03-04"
        )
        let payload = try MetadataBLOBPayload(jsonBytes: Self.payload([entry]))
        #expect(payload.serialNumber == 3)
        let read = try #require(payload.entry(aaguid: Support.aaguidA))
        #expect(read.aaguid == Support.aaguidA)
        #expect(read.description == "Key \"A\"")
        let statement = try #require(read.metadataStatement)
        #expect(statement.aaguid == Support.aaguidA)
        #expect(statement.protocolFamily == "fido2")
        #expect(statement.attestationTypes == ["basic_full", "attca"])
        #expect(statement.attestationRootCertificates == [root])
        #expect(statement.icon == "data:image/png;base64,iVBORw0KGgo=")
        #expect(statement.authenticatorGetInfo?.versions == ["FIDO_2_0"])
        #expect(statement.authenticatorGetInfo?.options == ["rk": true])
        #expect(read.statusReports.map(\.status) == [.fidoCertifiedL1, .updateAvailable])
        #expect(read.statusReports.last?.effectiveDate == Date(timeIntervalSince1970: 1_741_046_400))
        #expect(read.timeOfLastStatusChange == Date(timeIntervalSince1970: 1_741_046_400))
    }

    @Test func unknownMembersAreIgnoredEverywhere() throws {
        let entry = """
            {"aaguid":"\(Support.aaguidA.uuidString)","futureMember":{"nested":[1,2,3]},
             "metadataStatement":{"description":"K","attestationTypes":["basic_full"],"attestationRootCertificates":[],
               "upv":[{"major":1,"minor":0}],"userVerificationDetails":[[{"userVerificationMethod":"none"}]],
               "authenticatorGetInfo":{"versions":["FIDO_2_1"],"pinUvAuthProtocols":[1,2],"maxMsgSize":1200}},
             "statusReports":[{"status":"FIDO_CERTIFIED","effectiveDate":"2020-01-01","certificationDescriptor":"K",
               "certificationPolicyVersion":"1.0.1","somethingNew":true}],
             "biometricStatusReports":[],"timeOfLastStatusChange":"2020-01-01"}
            """
        let text = "{\"no\":1,\"nextUpdate\":\"2026-02-01\",\"entries\":[\(entry)],\"extra\":null}"
        let payload = try MetadataBLOBPayload(jsonBytes: Array(text.utf8))
        #expect(payload.skippedEntries.isEmpty)
        #expect(payload.entry(aaguid: Support.aaguidA)?.statusReports.first?.certificationDescriptor == "K")
        #expect(payload.legalHeader == nil)
    }

    /// Each entry whose identifier or status reports cannot be read is reported with its index and skipped; the
    /// good entries around it are kept (defects elsewhere: MetadataTolerantReadingTests).
    @Test(arguments: [
        ("{\"aaguid\":\"x\",\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}", "aaguid"),
        ("{\"aaguid\":\"\(MetadataTestSupport.aaguidB)\",\"timeOfLastStatusChange\":\"2020-01-01\"}", "statusReports"),
        ("{\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}", "none of aaguid"),
        (
            "{\"aaguid\":\"\(MetadataTestSupport.aaguidB)\",\"statusReports\":[{\"status\":1}],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "status"
        ),
        (
            "{\"aaguid\":\"\(MetadataTestSupport.aaguidB)\",\"statusReports\":[{\"status\":\"REVOKED\",\"effectiveDate\":\"yesterday\"}],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "effectiveDate"
        ),
        (
            "{\"attestationCertificateKeyIdentifiers\":[\"abc\"],\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "40 hexadecimal"
        ),
        (
            "{\"aaguid\":\"\(MetadataTestSupport.aaguidB)\",\"metadataStatement\":{\"aaguid\":\"x\",\"description\":\"K\"},\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "metadataStatement: aaguid"
        ),
        (
            "{\"aaguid\":\"\(MetadataTestSupport.aaguidB)\",\"metadataStatement\":{\"aaguid\":\"\(MetadataTestSupport.aaguidA)\",\"description\":\"K\",\"attestationTypes\":[],\"attestationRootCertificates\":[]},\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "differs"
        ),
        (
            "{\"aaguid\":\"\(MetadataTestSupport.aaguidA)\",\"statusReports\":[],\"timeOfLastStatusChange\":\"2020-01-01\"}",
            "already lists"
        ),
        ("7", "entries[1]"),
    ])
    func aMalformedEntryIsSkippedAndReported(entry: String, reason: String) throws {
        let entries = [
            Support.simpleEntry(Support.aaguidA), entry,
            Support.simpleEntry(AAGUID(uuidString: "cccccccc-0000-4000-8000-000000000003") ?? .zero),
        ]
        let payload = try MetadataBLOBPayload(jsonBytes: Self.payload(entries))
        #expect(payload.entries.count == 2)
        #expect(payload.entry(aaguid: Support.aaguidA)?.description == "Simple Key")
        let issue = try #require(payload.skippedEntries.first)
        #expect(payload.skippedEntries.count == 1)
        #expect(issue.index == 1)
        #expect(issue.reason.contains(reason), "\(issue.reason)")
    }

    @Test func anEntryIsFoundByAttestationCertificateKeyIdentifierInEitherCase() throws {
        let identifier = "0123456789ABCDEF0123456789abcdef01234567"
        let entry = VirtualMetadataService.entry(
            aaguid: nil, description: "U2F Key", attestationRootCertificates: [],
            attestationCertificateKeyIdentifiers: [identifier])
        let payload = try MetadataBLOBPayload(jsonBytes: Self.payload([entry]))
        #expect(payload.entry(attestationCertificateKeyIdentifier: identifier)?.description == "U2F Key")
        #expect(payload.entry(attestationCertificateKeyIdentifier: identifier.lowercased())?.description == "U2F Key")
        #expect(payload.entries.first?.attestationCertificateKeyIdentifiers == [identifier.lowercased()])
        #expect(payload.entry(attestationCertificateKeyIdentifier: String(repeating: "0", count: 40)) == nil)
    }

    @Test func theStatusInForceIsTheLatestEffectiveOne() throws {
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "K", attestationRootCertificates: [],
            statusReports: [
                ("NOT_FIDO_CERTIFIED", nil), ("FIDO_CERTIFIED_L2", "2024-01-01"), ("UPDATE_AVAILABLE", "2024-06-01"),
                ("REVOKED", "2026-06-01"), ("SOME_FUTURE_STATUS", "2024-06-01"),
            ])
        let read = try #require(try MetadataBLOBPayload(jsonBytes: Self.payload([entry])).entries.first)
        let early = Date(timeIntervalSince1970: 1_600_000_000)
        #expect(read.latestStatusReport(at: early)?.status == .notFIDOCertified)
        #expect(read.certificationStatus(at: early) == nil)
        #expect(read.latestStatusReport(at: Date(timeIntervalSince1970: 1_710_000_000))?.status == .fidoCertifiedL2)
        #expect(read.latestStatusReport(at: Support.instant)?.status.rawValue == "SOME_FUTURE_STATUS")
        #expect(read.certificationStatus(at: Support.instant) == .fidoCertifiedL2)
        let later = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(read.latestStatusReport(at: later)?.status == .revoked)
        #expect(read.certificationStatus(at: later) == nil)
    }

    @Test func certificationRanksAreOrdered() {
        let ranks = [
            AuthenticatorStatus.fidoCertified, .fidoCertifiedL1, .fidoCertifiedL1Plus, .fidoCertifiedL2,
            .fidoCertifiedL2Plus, .fidoCertifiedL3, .fidoCertifiedL3Plus,
        ].map(\.certificationRank)
        #expect(ranks == [1, 1, 2, 3, 4, 5, 6])
        #expect(AuthenticatorStatus.revoked.certificationRank == nil)
        #expect(AuthenticatorStatus.compromised.count == 5)
    }
}
