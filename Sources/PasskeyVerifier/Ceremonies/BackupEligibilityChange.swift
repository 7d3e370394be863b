/// How the backup eligibility flag of an assertion compares with the stored record (§6.1.3).
public enum BackupEligibilityChange: String, Sendable, Hashable, Codable {
    /// BE is as stored.
    case unchanged
    /// BE is set now but was clear when stored.
    case gained
    /// BE is clear now but was set when stored.
    case lost
}
