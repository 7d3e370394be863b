/// The flags byte of authenticator data (WebAuthn Level 3 §6.1, "flags"; backup flags §6.1.3).
///
/// Bits 1 (`0x02`) and 5 (`0x20`) are reserved for future use. Authenticators must leave them
/// clear, but relying parties must not fail on them: ``AuthenticatorData`` keeps them in
/// ``rawValue`` and otherwise ignores them, as BE and BS were themselves reserved bits once.
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    /// The flags byte as received.
    public let rawValue: UInt8

    /// Creates flags from the byte at offset 32 of authenticator data (§6.1).
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// UP, bit 0: the user was present (§6.1).
    public static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV, bit 2: the user was verified (§6.1).
    public static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE, bit 3: the credential may be backed up, a multi-device credential (§6.1, §6.1.3).
    public static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS, bit 4: the credential is currently backed up (§6.1, §6.1.3).
    public static let backupState = AuthenticatorFlags(rawValue: 0x10)
    /// AT, bit 6: attested credential data follows the sign counter (§6.1, §6.5.1).
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED, bit 7: an extensions map ends the authenticator data (§6.1, §9).
    public static let extensionData = AuthenticatorFlags(rawValue: 0x80)

    /// The reserved bits 1 and 5 (`0x22`), which relying parties ignore (§6.1). Test for either
    /// with `!flags.isDisjoint(with: .reserved)`.
    public static let reserved = AuthenticatorFlags(rawValue: 0x22)
}
