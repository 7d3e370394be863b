/// The client extension inputs the relying party sends, in JSON form (WebAuthn Level 3 §5.1
/// `AuthenticationExtensionsClientInputsJSON`, §9).
///
/// Only the extensions the relying-party facade requests are modelled; absent members are left out of the JSON.
public struct AuthenticationExtensionsClientInputsJSON: Codable, Sendable, Hashable {
    /// `credProps` (§10.1.3): asks the client to report whether the new credential is discoverable
    /// (`clientExtensionResults.credProps.rk`).
    public var credProps: Bool?

    /// Creates the inputs.
    public init(credProps: Bool? = nil) {
        self.credProps = credProps
    }
}
