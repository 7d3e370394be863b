/// The `prf` client extension input in JSON form (WebAuthn Level 3 §10.1.4
/// `AuthenticationExtensionsPRFInputs`): asks the authenticator to evaluate its per-credential
/// pseudo-random function (CTAP2 `hmac-secret`) on one or two salts.
public struct AuthenticationExtensionsPRFInputsJSON: Codable, Sendable, Hashable {
    /// `eval`: the salts for any credential.
    public var eval: AuthenticationExtensionsPRFValuesJSON?
    /// `evalByCredential`: salts per credential ID (base64url keys), for an authentication with
    /// `allowCredentials`.
    public var evalByCredential: [String: AuthenticationExtensionsPRFValuesJSON]?

    /// Creates the input.
    public init(
        eval: AuthenticationExtensionsPRFValuesJSON? = nil,
        evalByCredential: [String: AuthenticationExtensionsPRFValuesJSON]? = nil
    ) {
        self.eval = eval
        self.evalByCredential = evalByCredential
    }
}
