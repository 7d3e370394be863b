/// How the backup state flag (BS) of an assertion compares with the stored credential record
/// (WebAuthn Level 3 §6.1.3): hosts can tell users when a passkey became synced, or stopped being synced.
public enum BackupStateChange: String, Sendable, Hashable, Codable {
    /// BS is as stored.
    case unchanged
    /// BS was clear and is set: the credential is now backed up (synced).
    case backedUp
    /// BS was set and is clear: the credential is no longer backed up.
    case noLongerBackedUp

    /// The change from `stored` to `reported`.
    public init(stored: Bool, reported: Bool) {
        switch (stored, reported) {
        case (false, true): self = .backedUp
        case (true, false): self = .noLongerBackedUp
        default: self = .unchanged
        }
    }
}
