import PasskeyVerifier
import Testing

/// The backup flags against the stored record (WebAuthn Level 3 §6.1.3, §7.2
/// `#sctn-verifying-assertion` step "backup state") under ``BackupEligibilityPolicy``.
@Suite struct BackupEligibilityPolicyTests {
    static let invalidBackupFlags = WebAuthnError(.invalidBackupFlags, "")

    /// none-es256's assertion with `flags` (signed again) against a record storing BE `eligible` and BS `state`.
    static func ceremony(flags: UInt8, storedEligible eligible: Bool, storedState state: Bool) throws
        -> AuthenticationCeremony
    {
        try AuthenticationCeremony.noneES256().resigned {
            $0.authenticatorData = W3CVectors.editing($0.authenticatorData, flags: flags)
            $0.credential.backupEligible = eligible
            $0.credential.backupState = state
        }
    }

    @Test func losingEligibilityFailsByDefault() throws {
        let ceremony = try Self.ceremony(flags: 0x01, storedEligible: true, storedState: false)
        #expect(ceremony.expectations.backupEligibilityPolicy == BackupEligibilityPolicy())
        #expect(throws: Self.invalidBackupFlags) { try ceremony.verify() }
    }

    @Test func losingEligibilityPassesAndIsReportedWhenThePolicyAllowsIt() throws {
        let verified = try Self.ceremony(flags: 0x01, storedEligible: true, storedState: true).with {
            $0.expectations.backupEligibilityPolicy = BackupEligibilityPolicy(rejectsLossOfEligibility: false)
        }.verify()
        #expect(verified.backupEligibilityChange == .lost)
        #expect(verified.backupStateChanged)
        #expect(!verified.updatedCredentialRecord.backupEligible)
        #expect(!verified.updatedCredentialRecord.backupState)
    }

    /// iCloud Keychain credentials registered before syncing was turned on report BE later.
    @Test func gainingEligibilityPassesAndIsReportedByDefault() throws {
        let verified = try Self.ceremony(flags: 0x19, storedEligible: false, storedState: false).verify()
        #expect(verified.backupEligibilityChange == .gained)
        #expect(verified.backupStateChanged)
        #expect(verified.updatedCredentialRecord.backupEligible)
        #expect(verified.updatedCredentialRecord.backupState)
    }

    @Test func theStrictPolicyRejectsAGain() throws {
        let ceremony = try Self.ceremony(flags: 0x09, storedEligible: false, storedState: false).with {
            $0.expectations.backupEligibilityPolicy = .strict
        }
        #expect(throws: Self.invalidBackupFlags) { try ceremony.verify() }
    }

    @Test func theStrictPolicyRejectsALoss() throws {
        let ceremony = try Self.ceremony(flags: 0x01, storedEligible: true, storedState: false).with {
            $0.expectations.backupEligibilityPolicy = .strict
        }
        #expect(throws: Self.invalidBackupFlags) { try ceremony.verify() }
    }

    @Test func theStrictPolicyAcceptsUnchangedFlags() throws {
        let verified = try AuthenticationCeremony.noneES256().with {
            $0.expectations.backupEligibilityPolicy = .strict
        }.verify()
        #expect(verified.backupEligibilityChange == .unchanged)
        #expect(!verified.backupStateChanged)
    }

    @Test(arguments: [(false, true), (true, false)])
    func aChangedBackupStateIsReported(stored: Bool, reported: Bool) throws {
        let flags: UInt8 = 0x09 | (reported ? 0x10 : 0)
        let verified = try Self.ceremony(flags: flags, storedEligible: true, storedState: stored).verify()
        #expect(verified.backupStateChanged)
        #expect(verified.backupState == reported)
        #expect(verified.updatedCredentialRecord.backupState == reported)
        #expect(verified.backupEligibilityChange == .unchanged)
    }

    @Test func anUnchangedBackupStateIsNotReported() throws {
        let verified = try Self.ceremony(flags: 0x09, storedEligible: true, storedState: false).verify()
        #expect(!verified.backupStateChanged)
        #expect(verified.backupEligibilityChange == .unchanged)
    }

    /// BS without BE is invalid whatever the policy (§6.1.3).
    @Test func backupStateWithoutEligibilityFailsUnderEveryPolicy() throws {
        let lenient = BackupEligibilityPolicy(rejectsLossOfEligibility: false, rejectsGainOfEligibility: false)
        for policy in [lenient, BackupEligibilityPolicy(), .strict] {
            let ceremony = try Self.ceremony(flags: 0x11, storedEligible: false, storedState: true).with {
                $0.expectations.backupEligibilityPolicy = policy
            }
            #expect(throws: Self.invalidBackupFlags) { try ceremony.verify() }
        }
    }
}
