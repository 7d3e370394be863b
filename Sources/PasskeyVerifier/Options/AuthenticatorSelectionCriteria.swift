/// What the relying party requires of the authenticator that creates a credential (WebAuthn Level 3 §5.4.4
/// `AuthenticatorSelectionCriteria`).
public struct AuthenticatorSelectionCriteria: Codable, Sendable, Hashable {
    /// `authenticatorAttachment`: platform or roaming authenticators only; any when absent (§5.4.5).
    public var authenticatorAttachment: AuthenticatorAttachment?
    /// `residentKey`: whether a discoverable credential is wanted (§5.4.6).
    public var residentKey: ResidentKeyRequirement?
    /// `requireResidentKey`: `true` exactly when ``residentKey`` is `required`, for Level 1 clients (§5.4.4).
    public var requireResidentKey: Bool?
    /// `userVerification`: whether the UV flag is wanted (§5.8.6).
    public var userVerification: UserVerificationRequirement?

    /// Creates the criteria; `requireResidentKey` follows `residentKey` as §5.4.4 asks.
    public init(
        authenticatorAttachment: AuthenticatorAttachment? = nil,
        residentKey: ResidentKeyRequirement? = nil,
        userVerification: UserVerificationRequirement? = nil
    ) {
        self.authenticatorAttachment = authenticatorAttachment
        self.residentKey = residentKey
        self.requireResidentKey = residentKey.map { $0 == .required }
        self.userVerification = userVerification
    }
}
