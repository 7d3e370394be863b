/// Changes to the configuration for one authentication (WebAuthn Level 3 §5.5
/// `PublicKeyCredentialRequestOptions`), given to ``RelyingParty/beginAuthentication(for:overrides:)``.
///
/// `nil` keeps the configuration's value. What is asked is bound to the issued challenge and enforced when
/// the authentication finishes: a step-up begun with `userVerification: .required` before a sensitive
/// action fails without UV even where the configuration says `preferred`.
public struct AuthenticationCeremonyOverrides: Sendable, Hashable {
    /// `userVerification` (§5.5), enforced at finish.
    public var userVerification: UserVerificationRequirement?
    /// `hints` (§5.8.7).
    public var hints: [PublicKeyCredentialHint]?
    /// `timeout` (§5.5); between one second and one day. The challenge lives at least this long.
    public var timeout: Duration?
    /// `extensions` (§5.5, §9): `appid` makes the AppID's hash an accepted rpIdHash when the client reports
    /// `appid: true` (§10.1.1); `prf` and `largeBlob` results come back in the client extension outputs.
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Creates overrides; every member defaults to the configuration's value.
    public init(
        userVerification: UserVerificationRequirement? = nil,
        hints: [PublicKeyCredentialHint]? = nil,
        timeout: Duration? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.userVerification = userVerification
        self.hints = hints
        self.timeout = timeout
        self.extensions = extensions
    }
}
