/// How strongly an authenticator protects a new credential (CTAP 2.1 §12.1 "Credential Protection
/// (credProtect)", the client input `credentialProtectionPolicy`; WebAuthn Level 3 §9 extension framework).
///
/// The authenticator reports the level it applied as the `credProtect` output of the authenticator data
/// (1, 2 or 3).
public enum CredentialProtectionPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Level 1: the credential is usable without user verification.
    case userVerificationOptional
    /// Level 2: without user verification, only when the relying party names the credential in
    /// `allowCredentials` (a discoverable sign-in needs user verification).
    case userVerificationOptionalWithCredentialIDList
    /// Level 3: never usable without user verification.
    case userVerificationRequired

    /// The level the authenticator data's `credProtect` output carries (CTAP 2.1 §12.1).
    public var level: UInt64 {
        switch self {
        case .userVerificationOptional: 1
        case .userVerificationOptionalWithCredentialIDList: 2
        case .userVerificationRequired: 3
        }
    }

    /// The policy of a `credProtect` level, or `nil` for a value outside 1 to 3.
    public init?(level: UInt64) {
        guard let policy = Self.allCases.first(where: { $0.level == level }) else { return nil }
        self = policy
    }
}
