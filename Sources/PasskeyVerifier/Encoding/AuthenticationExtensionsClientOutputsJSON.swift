/// The client extension outputs of a credential, `clientExtensionResults` in the JSON forms
/// (WebAuthn Level 3 §5.1 `AuthenticationExtensionsClientOutputsJSON`, §9, §10).
///
/// Only the outputs of the extensions this library knows are decoded; unknown members are
/// ignored. These outputs come from the client, are not signed by the authenticator, and must
/// be treated as hints.
public struct AuthenticationExtensionsClientOutputsJSON: Codable, Sendable, Hashable {
    /// `appid` (§10.1.1): whether the client used the FIDO AppID instead of the RP ID.
    public var appid: Bool?
    /// `appidExclude` (§10.1.2): whether the client also checked the excluded credentials under the AppID.
    public var appidExclude: Bool?
    /// `credProps` (§10.1.3): credential properties.
    public var credProps: CredentialPropertiesOutput?
    /// `largeBlob` (§10.1.5): large blob storage outputs.
    public var largeBlob: LargeBlobOutputs?
    /// `prf` (§10.1.4): pseudo-random function outputs.
    public var prf: PRFOutputs?

    /// Creates outputs; every member is optional (§5.1).
    public init(
        appid: Bool? = nil,
        appidExclude: Bool? = nil,
        credProps: CredentialPropertiesOutput? = nil,
        largeBlob: LargeBlobOutputs? = nil,
        prf: PRFOutputs? = nil
    ) {
        self.appid = appid
        self.appidExclude = appidExclude
        self.credProps = credProps
        self.largeBlob = largeBlob
        self.prf = prf
    }

    /// `CredentialPropertiesOutput` (§10.1.3).
    public struct CredentialPropertiesOutput: Codable, Sendable, Hashable {
        /// `rk`: whether the credential is a client-side discoverable credential (§10.1.3).
        public var rk: Bool?

        /// Creates the output.
        public init(rk: Bool? = nil) {
            self.rk = rk
        }
    }

    /// `AuthenticationExtensionsLargeBlobOutputs` in its JSON form (§10.1.5).
    public struct LargeBlobOutputs: Codable, Sendable, Hashable {
        /// `supported`: whether the credential supports large blobs (registration, §10.1.5).
        public var supported: Bool?
        /// `written`: whether a write succeeded (authentication, §10.1.5).
        public var written: Bool?
        /// `blob`: the blob read, base64url (authentication, §10.1.5).
        public var blob: String?

        /// Creates the outputs.
        public init(supported: Bool? = nil, written: Bool? = nil, blob: String? = nil) {
            self.supported = supported
            self.written = written
            self.blob = blob
        }
    }

    /// `AuthenticationExtensionsPRFOutputs` in its JSON form (§10.1.4).
    public struct PRFOutputs: Codable, Sendable, Hashable {
        /// `enabled`: whether the PRF is available for the new credential (registration, §10.1.4).
        public var enabled: Bool?
        /// `results`: the PRF evaluated on the requested salts; secrets, returned to the host and never
        /// printed (their description is redacted).
        public var results: AuthenticationExtensionsPRFValuesJSON?

        /// Creates the outputs.
        public init(enabled: Bool? = nil, results: AuthenticationExtensionsPRFValuesJSON? = nil) {
            self.enabled = enabled
            self.results = results
        }
    }
}
