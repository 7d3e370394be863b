/// Whether the relying party requires user verification (WebAuthn Level 3 §5.8.6).
///
/// Only `required` changes verification: the UV flag must then be set
/// (§7.1 `#sctn-registering-a-new-credential` step "UV", §7.2 `#sctn-verifying-assertion` step "UV").
/// `preferred` and `discouraged` shape the options sent to the client and accept either flag value.
public enum UserVerificationRequirement: String, Sendable, Hashable, Codable {
    /// The UV flag must be set.
    case required
    /// User verification is wanted but not demanded.
    case preferred
    /// User verification is not wanted.
    case discouraged
}
