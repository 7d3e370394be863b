import Foundation
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A skipped entry does not make its model "unknown" (Docs/Decisions.md "Malformed entries"; FIDO Metadata
/// Service v3.0 §3.1.1): its status reports, read leniently, still reject; reports that cannot be read at all
/// reject as `invalidMetadata`.
@Suite struct MetadataSkippedEntryTests {
    typealias Support = MetadataTestSupport
    typealias Policy = MetadataTrustPolicyTests

    /// An entry for ``MetadataTrustPolicyTests/aaguid`` under the packed root with `statusReports`, whose
    /// `"statusReports":[` is replaced by `replacement`.
    static func entry(
        statusReports: [(status: String, effectiveDate: String?)],
        replacingStatusReportsWith replacement: String? = nil
    ) throws -> String {
        let entry = VirtualMetadataService.entry(
            aaguid: Policy.aaguid, description: "Compromised Key",
            attestationRootCertificates: [try #require(Policy.packed?.rootCertificate)],
            statusReports: statusReports)
        guard let replacement else { return entry }
        return entry.replacingOccurrences(of: "\"statusReports\":[", with: replacement)
    }

    /// The error of a packed registration under a policy over `entries`, trusting the packed root directly.
    static func registrationError(entries: [String], skippedCount: Int = 1) throws -> WebAuthnError? {
        let service = try Support.service()
        let blob = try Support.load(Support.blob(service, entries: entries), root: service)
        #expect(blob.payload.skippedEntries.count == skippedCount)
        var anchors = AttestationTrustAnchors.empty
        anchors.addForEveryFormat([try #require(Policy.packed?.rootCertificate)])
        return Support.error {
            _ = try Policy.verify(
                Policy.registration(), metadata: MetadataTrustPolicy(blob: blob), trustAnchors: anchors)
        }
    }

    @Test func aMalformedEntryStillRejectsItsCompromisedModel() throws {
        let entry = try Self.entry(
            statusReports: [("USER_VERIFICATION_BYPASS", "2025-01-01")],
            replacingStatusReportsWith:
                "\"statusReports\":[{\"status\":\"UPDATE_AVAILABLE\",\"effectiveDate\":\"2025-02-01T00:00:00Z\"},")
        let error = try Self.registrationError(entries: [entry])
        #expect(error?.code == .authenticatorStatusRejected)
        #expect(error?.message.contains("skipped metadata entry") == true)
    }

    @Test func aMalformedEntryWhoseReportsCannotBeReadIsInvalidMetadata() throws {
        let entry = try Self.entry(
            statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01")],
            replacingStatusReportsWith: "\"statusReports\":[{\"status\":7},")
        let error = try Self.registrationError(entries: [entry])
        #expect(error?.code == .invalidMetadata)
    }

    @Test func aMalformedEntryWithoutACompromiseIsVerifiedWithoutMetadata() throws {
        let entry = try Self.entry(
            statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01")],
            replacingStatusReportsWith:
                "\"statusReports\":[{\"status\":\"UPDATE_AVAILABLE\",\"effectiveDate\":\"2025-02-01T00:00:00Z\"},")
        #expect(try Self.registrationError(entries: [entry]) == nil)
    }

    @Test func aCompromiseInASecondEntryForTheSameAAGUIDRejects() throws {
        let certified = try Self.entry(statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01")])
        let compromised = try Self.entry(statusReports: [("ATTESTATION_KEY_COMPROMISE", "2025-01-01")])
        let error = try Self.registrationError(entries: [certified, compromised])
        #expect(error?.code == .authenticatorStatusRejected)
    }
}
