/// The client extension inputs the relying party sends, in JSON form (WebAuthn Level 3 §5.1
/// `AuthenticationExtensionsClientInputsJSON`, §9, §10).
///
/// Absent members are left out of the JSON. What the verifiers do with a requested extension is in
/// `Docs/Decisions.md`: `credProtect` is checked against the authenticator data when enforced, `appid`
/// changes the expected rpIdHash, the others are reported.
public struct AuthenticationExtensionsClientInputsJSON: Codable, Sendable, Hashable {
    /// `appid` (§10.1.1, authentication): the FIDO AppID of credentials registered with U2F.
    public var appid: String?
    /// `appidExclude` (§10.1.2, registration): the FIDO AppID whose U2F credentials to exclude.
    public var appidExclude: String?
    /// `credProps` (§10.1.3): asks the client to report whether the new credential is discoverable
    /// (`clientExtensionResults.credProps.rk`).
    public var credProps: Bool?
    /// `credentialProtectionPolicy` (CTAP 2.1 §12.1, registration).
    public var credentialProtectionPolicy: CredentialProtectionPolicy?
    /// `enforceCredentialProtectionPolicy` (CTAP 2.1 §12.1): fail rather than create a less protected
    /// credential.
    public var enforceCredentialProtectionPolicy: Bool?
    /// `largeBlob` (§10.1.5).
    public var largeBlob: AuthenticationExtensionsLargeBlobInputsJSON?
    /// `minPinLength` (CTAP 2.1 §12.4, registration): asks for the authenticator's minimum PIN length.
    public var minPinLength: Bool?
    /// `prf` (§10.1.4).
    public var prf: AuthenticationExtensionsPRFInputsJSON?

    /// Creates the inputs.
    public init(
        appid: String? = nil,
        appidExclude: String? = nil,
        credProps: Bool? = nil,
        credentialProtectionPolicy: CredentialProtectionPolicy? = nil,
        enforceCredentialProtectionPolicy: Bool? = nil,
        largeBlob: AuthenticationExtensionsLargeBlobInputsJSON? = nil,
        minPinLength: Bool? = nil,
        prf: AuthenticationExtensionsPRFInputsJSON? = nil
    ) {
        self.appid = appid
        self.appidExclude = appidExclude
        self.credProps = credProps
        self.credentialProtectionPolicy = credentialProtectionPolicy
        self.enforceCredentialProtectionPolicy = enforceCredentialProtectionPolicy
        self.largeBlob = largeBlob
        self.minPinLength = minPinLength
        self.prf = prf
    }
}
