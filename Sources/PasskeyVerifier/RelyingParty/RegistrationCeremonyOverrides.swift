/// Changes to the configuration for one registration (WebAuthn Level 3 §5.4
/// `PublicKeyCredentialCreationOptions`), given to ``RelyingParty/beginRegistration(for:overrides:)``.
///
/// `nil` keeps the configuration's value. What is asked is bound to the issued challenge
/// (``CeremonyParameters``) and enforced when the registration finishes: a registration begun with
/// `userVerification: .required` fails without UV whatever the configuration says.
public struct RegistrationCeremonyOverrides: Sendable, Hashable {
    /// `authenticatorSelection.userVerification` (§5.4.4), enforced at finish.
    public var userVerification: UserVerificationRequirement?
    /// `authenticatorSelection.authenticatorAttachment` (§5.4.5).
    public var authenticatorAttachment: AuthenticatorAttachment?
    /// `authenticatorSelection.residentKey` (§5.4.6).
    public var residentKey: ResidentKeyRequirement?
    /// `attestation` (§5.4.7); also decides the default ``UntrustedAttestationPolicy`` at finish.
    public var attestation: AttestationConveyancePreference?
    /// `hints` (§5.8.7).
    public var hints: [PublicKeyCredentialHint]?
    /// `timeout` (§5.4); between one second and one day. The challenge lives at least this long.
    public var timeout: Duration?
    /// `extensions` (§5.4, §9), sent instead of the default `{"credProps": true}`.
    public var extensions: AuthenticationExtensionsClientInputsJSON?
    /// `conditional` for an automatic passkey upgrade (§5.1.3 with `mediation: "conditional"`): the page calls
    /// `create()` with conditional mediation, and the response may have UP clear
    /// (§7.1 `#sctn-registering-a-new-credential` step "UP").
    public var mediation: CredentialMediationRequirement?

    /// Creates overrides; every member defaults to the configuration's value.
    public init(
        userVerification: UserVerificationRequirement? = nil,
        authenticatorAttachment: AuthenticatorAttachment? = nil,
        residentKey: ResidentKeyRequirement? = nil,
        attestation: AttestationConveyancePreference? = nil,
        hints: [PublicKeyCredentialHint]? = nil,
        timeout: Duration? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil,
        mediation: CredentialMediationRequirement? = nil
    ) {
        self.userVerification = userVerification
        self.authenticatorAttachment = authenticatorAttachment
        self.residentKey = residentKey
        self.attestation = attestation
        self.hints = hints
        self.timeout = timeout
        self.extensions = extensions
        self.mediation = mediation
    }
}
