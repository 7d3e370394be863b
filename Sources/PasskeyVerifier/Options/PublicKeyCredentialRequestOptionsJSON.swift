/// The options a relying party sends to start an authentication, in the JSON form a browser passes to
/// `PublicKeyCredential.parseRequestOptionsFromJSON()` (WebAuthn Level 3 §5.1
/// `PublicKeyCredentialRequestOptionsJSON`, §5.5).
///
/// Encode it with `JSONEncoder`; absent optional members are left out. An empty ``allowCredentials``
/// lets the user pick any discoverable credential for the RP ID, including through conditional
/// mediation (autofill, §5.1.4.1).
public struct PublicKeyCredentialRequestOptionsJSON: Codable, Sendable, Hashable {
    /// `challenge`: the single-use challenge, base64url (§5.5, §13.4.3).
    public var challenge: String
    /// `timeout`: how long the client should wait, in milliseconds (§5.5).
    public var timeout: UInt32?
    /// `rpId`: the RP ID (§5.5).
    public var rpId: String?
    /// `allowCredentials`: the credentials that may answer, most preferred first; empty for any
    /// discoverable credential (§5.5).
    public var allowCredentials: [PublicKeyCredentialDescriptorJSON]
    /// `userVerification`: whether the UV flag is wanted (§5.8.6).
    public var userVerification: UserVerificationRequirement?
    /// `hints`: which authenticators to offer first (§5.8.7).
    public var hints: [PublicKeyCredentialHint]
    /// `extensions`: the client extension inputs (§9).
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    /// Creates the options; the defaults are those of §5.5.
    public init(
        challenge: String,
        timeout: UInt32? = nil,
        rpId: String? = nil,
        allowCredentials: [PublicKeyCredentialDescriptorJSON] = [],
        userVerification: UserVerificationRequirement? = nil,
        hints: [PublicKeyCredentialHint] = [],
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.challenge = challenge
        self.timeout = timeout
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification
        self.hints = hints
        self.extensions = extensions
    }

    /// Decodes the options, applying the §5.5 defaults to absent `allowCredentials` and `hints`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        challenge = try container.decode(String.self, forKey: .challenge)
        timeout = try container.decodeIfPresent(UInt32.self, forKey: .timeout)
        rpId = try container.decodeIfPresent(String.self, forKey: .rpId)
        allowCredentials =
            try container.decodeIfPresent([PublicKeyCredentialDescriptorJSON].self, forKey: .allowCredentials) ?? []
        userVerification = try container.decodeIfPresent(UserVerificationRequirement.self, forKey: .userVerification)
        hints = try container.decodeIfPresent([PublicKeyCredentialHint].self, forKey: .hints) ?? []
        extensions = try container.decodeIfPresent(AuthenticationExtensionsClientInputsJSON.self, forKey: .extensions)
    }

    /// The challenge as bytes, or `nil` when ``challenge`` is not base64url.
    public var challengeBytes: [UInt8]? { Base64URL.decode(challenge) }
}
