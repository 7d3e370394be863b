import Foundation
import PasskeyMetadata
import PasskeyVerifier
import Testing

/// A compromise in an entry's status history (FIDO Metadata Service v3.0 §3.1.3, §3.1.4; Docs/Decisions.md
/// "Status rejection"): every report in force counts, and only a strictly later certification clears one.
@Suite struct MetadataStatusHistoryTests {
    typealias Support = MetadataTestSupport
    typealias Policy = MetadataTrustPolicyTests

    static func rejection(_ reports: [(status: String, effectiveDate: String?)]) -> WebAuthnError? {
        Support.error {
            _ = try Policy.verify(Policy.registration(), metadata: Policy.policy(statusReports: reports))
        }
    }

    @Test func aCompromiseFollowedByUpdateAvailableIsRejected() {
        let error = Self.rejection([
            ("FIDO_CERTIFIED_L1", "2024-01-01"), ("USER_VERIFICATION_BYPASS", "2025-01-01"),
            ("UPDATE_AVAILABLE", "2025-02-01"),
        ])
        #expect(error?.code == .authenticatorStatusRejected)
        #expect(error?.message.contains("USER_VERIFICATION_BYPASS since 2025-01-01") == true)
    }

    @Test func anUndatedCompromiseIsNeverCleared() {
        let error = Self.rejection([("ATTESTATION_KEY_COMPROMISE", nil), ("FIDO_CERTIFIED_L1", "2024-01-01")])
        #expect(error?.code == .authenticatorStatusRejected)
        let undatedBypass = Self.rejection([("USER_VERIFICATION_BYPASS", nil), ("FIDO_CERTIFIED_L2", "2025-06-01")])
        #expect(undatedBypass?.code == .authenticatorStatusRejected)
    }

    @Test func aSameDayCertificationDoesNotClearACompromise() {
        let error = Self.rejection([
            ("USER_KEY_REMOTE_COMPROMISE", "2025-01-01"), ("FIDO_CERTIFIED_L1", "2025-01-01"),
        ])
        #expect(error?.code == .authenticatorStatusRejected)
    }

    @Test func anUnknownStatusDoesNotClearACompromise() {
        let error = Self.rejection([("USER_VERIFICATION_BYPASS", "2025-01-01"), ("SOME_FUTURE_STATUS", "2025-06-01")])
        #expect(error?.code == .authenticatorStatusRejected)
    }

    @Test func anAttestationKeyCompromiseIsNotClearedByACertification() {
        let error = Self.rejection([
            ("ATTESTATION_KEY_COMPROMISE", "2024-06-01"), ("FIDO_CERTIFIED_L2", "2025-01-01"),
        ])
        #expect(error?.code == .authenticatorStatusRejected)
    }

    @Test func aCompromiseAfterTheInstantIsNotYetInForce() throws {
        let policy = try Policy.policy(statusReports: [
            ("FIDO_CERTIFIED_L1", "2024-01-01"), ("USER_VERIFICATION_BYPASS", "2026-06-01"),
        ])
        #expect(try Policy.verify(Policy.registration(), metadata: policy).metadataStatus == .fidoCertifiedL1)
    }

    @Test func theResultReportsAnUnclearedCompromiseEvenWhenNotRejected() throws {
        var policy = try Policy.policy(statusReports: [
            ("FIDO_CERTIFIED_L1", "2024-01-01"), ("USER_VERIFICATION_BYPASS", "2025-01-01"),
            ("UPDATE_AVAILABLE", "2025-02-01"),
        ])
        policy.rejectedStatuses = []
        let verified = try Policy.verify(Policy.registration(), metadata: policy)
        #expect(verified.metadataStatus == .userVerificationBypass)
    }
}
