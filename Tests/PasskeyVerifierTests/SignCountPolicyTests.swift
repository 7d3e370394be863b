import PasskeyVerifier
import Testing

/// The signature counter check (WebAuthn Level 3 §6.1.1, §7.2 `#sctn-verifying-assertion` step "signCount")
/// under both ``SignCountPolicy`` values, and the record update that follows it (§7.2
/// `#authn-ceremony-update-credential-record`).
@Suite struct SignCountPolicyTests {
    static let regression = WebAuthnError(.signCountRegression, "")

    /// none-es256's assertion with counter `reported`, signed again, against a record that stored `stored`.
    static func ceremony(stored: UInt32, reported: UInt32) throws -> AuthenticationCeremony {
        try AuthenticationCeremony.noneES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, signCount: reported)
            $0.credential.signCount = stored
        }
    }

    @Test func bothZeroPasses() throws {
        let verified = try AuthenticationCeremony.noneES256().verify()
        #expect(verified.newSignCount == 0)
        #expect(!verified.signCountRegressed)
        #expect(verified.updatedCredentialRecord.signCount == 0)
    }

    @Test func aGreaterCounterPasses() throws {
        let verified = try Self.ceremony(stored: 5, reported: 6).verify()
        #expect(verified.newSignCount == 6)
        #expect(!verified.signCountRegressed)
        #expect(verified.updatedCredentialRecord.signCount == 6)
    }

    @Test func aFirstNonZeroCounterAfterZeroPasses() throws {
        let verified = try Self.ceremony(stored: 0, reported: 1).verify()
        #expect(verified.updatedCredentialRecord.signCount == 1)
        #expect(!verified.signCountRegressed)
    }

    @Test func anEqualNonZeroCounterFailsByDefault() throws {
        let ceremony = try Self.ceremony(stored: 5, reported: 5)
        #expect(ceremony.expectations.signCountPolicy == .rejectRegression)
        #expect(throws: Self.regression) { try ceremony.verify() }
    }

    @Test func anEqualNonZeroCounterPassesAndIsReportedUnderReportRegression() throws {
        let verified = try Self.ceremony(stored: 5, reported: 5).with {
            $0.expectations.signCountPolicy = .reportRegression
        }.verify()
        #expect(verified.signCountRegressed)
        #expect(verified.updatedCredentialRecord.signCount == 5)
    }

    /// §7.2 `#authn-ceremony-update-credential-record` stores authData.signCount whatever the counter check concluded.
    @Test func aCounterThatWentBackPassesUnderReportRegressionAndIsStored() throws {
        let verified = try Self.ceremony(stored: 5, reported: 3).with {
            $0.expectations.signCountPolicy = .reportRegression
        }.verify()
        #expect(verified.signCountRegressed)
        #expect(verified.updatedCredentialRecord.signCount == 3)
    }

    @Test func aZeroCounterAfterANonZeroOneFails() throws {
        #expect(throws: Self.regression) { try Self.ceremony(stored: 1, reported: 0).verify() }
    }

    @Test func theLargestCounterPasses() throws {
        let verified = try Self.ceremony(stored: UInt32.max - 1, reported: UInt32.max).verify()
        #expect(verified.updatedCredentialRecord.signCount == UInt32.max)
    }

    /// The updated record carries this assertion's counter and flags and keeps everything else.
    @Test func theUpdatedRecordCarriesTheNewCounterAndFlags() throws {
        let transports = ["internal", "hybrid"]
        let userHandle: [UInt8] = Array("user-7".utf8)
        let ceremony = try AuthenticationCeremony.noneES256().resigned {
            // UP, UV and BE; BS now clear.
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: 0x0D, signCount: 6)
            $0.credential.signCount = 5
            $0.credential.userHandle = userHandle
            $0.credential.transports = transports
        }
        #expect(ceremony.credential.backupState)
        #expect(!ceremony.credential.userVerificationInitialized)
        let verified = try ceremony.verify()
        let updated = verified.updatedCredentialRecord
        #expect(updated.signCount == 6)
        #expect(updated.backupEligible)
        #expect(!updated.backupState)
        #expect(!updated.userVerificationInitialized)
        #expect(verified.userVerificationInitializationPending)
        #expect(verified.backupStateChanged)
        #expect(verified.backupEligibilityChange == .unchanged)
        #expect(updated.id == ceremony.credential.id)
        #expect(updated.publicKey == ceremony.credential.publicKey)
        #expect(updated.userHandle == userHandle)
        #expect(updated.transports == transports)
        #expect(verified.credentialID == ceremony.credentialID)
    }
}
