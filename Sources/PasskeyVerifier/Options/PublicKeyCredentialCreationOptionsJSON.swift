/// The options a relying party sends to start a registration, in the JSON form a browser passes to
/// `PublicKeyCredential.parseCreationOptionsFromJSON()` (WebAuthn Level 3 §5.1
/// `PublicKeyCredentialCreationOptionsJSON`, §5.4).
///
/// Encode it with `JSONEncoder`; absent optional members are left out. Binary members are base64url
/// without padding (§5.1 `Base64URLString`). A native iOS app passes ``challenge``, ``user`` and
/// ``rp`` to `ASAuthorizationPlatformPublicKeyCredentialProvider` after decoding them.
public struct PublicKeyCredentialCreationOptionsJSON: Codable, Sendable, Hashable {
    /// `rp`: the relying party (§5.4.2).
    public var rp: PublicKeyCredentialRpEntity
    /// `user`: the account the credential is for (§5.4.3).
    public var user: PublicKeyCredentialUserEntityJSON
    /// `challenge`: the single-use challenge, base64url (§5.4, §13.4.3).
    public var challenge: String
    /// `pubKeyCredParams`: the accepted algorithms, most preferred first (§5.4).
    public var pubKeyCredParams: [PublicKeyCredentialParameters]
    /// `timeout`: how long the client should wait, in milliseconds (§5.4).
    public var timeout: UInt32?
    /// `excludeCredentials`: the user's existing credentials, so an authenticator does not create a second
    /// credential for the same account (§5.4).
    public var excludeCredentials: [PublicKeyCredentialDescriptorJSON]
    /// `authenticatorSelection` (§5.4.4).
    public var authenticatorSelection: AuthenticatorSelectionCriteria?
    /// `hints`: which authenticators to offer first (§5.8.7).
    public var hints: [PublicKeyCredentialHint]
    /// `attestation`: how much attestation is wanted (§5.4.7).
    public var attestation: AttestationConveyancePreference
    /// `attestationFormats`: the preferred attestation statement formats, most preferred first (§5.4).
    public var attestationFormats: [String]
    /// `extensions`: the client extension inputs (§9).
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Creates the options; the defaults are those of §5.4.
    public init(
        rp: PublicKeyCredentialRpEntity,
        user: PublicKeyCredentialUserEntityJSON,
        challenge: String,
        pubKeyCredParams: [PublicKeyCredentialParameters],
        timeout: UInt32? = nil,
        excludeCredentials: [PublicKeyCredentialDescriptorJSON] = [],
        authenticatorSelection: AuthenticatorSelectionCriteria? = nil,
        hints: [PublicKeyCredentialHint] = [],
        attestation: AttestationConveyancePreference = .none,
        attestationFormats: [String] = [],
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.rp = rp
        self.user = user
        self.challenge = challenge
        self.pubKeyCredParams = pubKeyCredParams
        self.timeout = timeout
        self.excludeCredentials = excludeCredentials
        self.authenticatorSelection = authenticatorSelection
        self.hints = hints
        self.attestation = attestation
        self.attestationFormats = attestationFormats
        self.extensions = extensions
    }

    /// Decodes the options, applying the §5.4 defaults to absent `excludeCredentials`, `hints`,
    /// `attestation` and `attestationFormats`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rp = try container.decode(PublicKeyCredentialRpEntity.self, forKey: .rp)
        user = try container.decode(PublicKeyCredentialUserEntityJSON.self, forKey: .user)
        challenge = try container.decode(String.self, forKey: .challenge)
        pubKeyCredParams = try container.decode([PublicKeyCredentialParameters].self, forKey: .pubKeyCredParams)
        timeout = try container.decodeIfPresent(UInt32.self, forKey: .timeout)
        excludeCredentials =
            try container.decodeIfPresent([PublicKeyCredentialDescriptorJSON].self, forKey: .excludeCredentials) ?? []
        authenticatorSelection = try container.decodeIfPresent(
            AuthenticatorSelectionCriteria.self,
            forKey: .authenticatorSelection
        )
        hints = try container.decodeIfPresent([PublicKeyCredentialHint].self, forKey: .hints) ?? []
        attestation = try container.decodeIfPresent(AttestationConveyancePreference.self, forKey: .attestation) ?? .none
        attestationFormats = try container.decodeIfPresent([String].self, forKey: .attestationFormats) ?? []
        extensions = try container.decodeIfPresent(AuthenticationExtensionsClientInputsJSON.self, forKey: .extensions)
    }

    /// The challenge as bytes, or `nil` when ``challenge`` is not base64url.
    public var challengeBytes: [UInt8]? { Base64URL.decode(challenge) }
}
