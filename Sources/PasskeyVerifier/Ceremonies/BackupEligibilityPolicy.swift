/// What to do when the backup eligibility flag (BE) of an assertion differs from the stored
/// credential record (WebAuthn Level 3 §6.1.3, §7.2 `#sctn-verifying-assertion` step "backup state").
///
/// BE is fixed when a credential is created, so the spec expects it never to
/// change. Real iCloud Keychain credentials registered before syncing was
/// enabled later report BE set, so a gain of eligibility passes by default and
/// is reported; a loss fails by default.
public struct BackupEligibilityPolicy: Sendable, Hashable {
    /// Whether BE going from set to clear fails with `invalidBackupFlags` (default `true`).
    public var rejectsLossOfEligibility: Bool
    /// Whether BE going from clear to set fails with `invalidBackupFlags` (default `false`).
    public var rejectsGainOfEligibility: Bool

    /// Creates a policy; the defaults reject a loss and accept (and report) a gain.
    public init(rejectsLossOfEligibility: Bool = true, rejectsGainOfEligibility: Bool = false) {
        self.rejectsLossOfEligibility = rejectsLossOfEligibility
        self.rejectsGainOfEligibility = rejectsGainOfEligibility
    }

    /// The strict policy: any change fails.
    public static let strict = BackupEligibilityPolicy(rejectsLossOfEligibility: true, rejectsGainOfEligibility: true)
}
