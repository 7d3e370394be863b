/// Whether ceremonies may run in a cross-origin iframe (WebAuthn Level 3 §5.8.1 `crossOrigin`
/// and `topOrigin`, §7.1 `#sctn-registering-a-new-credential` steps "C.crossOrigin" and "C.topOrigin",
/// §7.2 `#sctn-verifying-assertion` likewise).
public enum CrossOriginPolicy: Sendable, Hashable {
    /// Client data with `crossOrigin: true` or a `topOrigin` member fails with `crossOriginNotAllowed`.
    case forbidden
    /// Cross-origin ceremonies are accepted; a `topOrigin`, when present, must be one of `topOrigins` exactly.
    case allowed(topOrigins: Set<String>)
}
