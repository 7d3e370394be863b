/// An authentication response as a client sends it to the relying party
/// (WebAuthn Level 3 §5.1 `AuthenticationResponseJSON`, `PublicKeyCredential.toJSON()`).
///
/// Decode it with `JSONDecoder`, or let ``AuthenticationResponse/init(json:)-([UInt8])`` do so with
/// field-naming errors. Unknown members are ignored.
public struct AuthenticationResponseJSON: Codable, Sendable, Hashable {
    /// `id`: the credential ID, base64url (§5.1).
    public var id: String
    /// `rawId`: the credential ID, base64url (§5.1).
    public var rawId: String
    /// `type`: always `public-key` (§5.1).
    public var type: String
    /// `response` (§5.2.2).
    public var response: AuthenticatorAssertionResponseJSON
    /// `authenticatorAttachment`: `platform` or `cross-platform`, when known (§5.1, §5.4.5).
    public var authenticatorAttachment: String?
    /// `clientExtensionResults` (§5.1); required by the spec, tolerated when absent.
    public var clientExtensionResults: AuthenticationExtensionsClientOutputsJSON?

    /// Creates the response.
    public init(
        id: String,
        rawId: String,
        type: String = "public-key",
        response: AuthenticatorAssertionResponseJSON,
        authenticatorAttachment: String? = nil,
        clientExtensionResults: AuthenticationExtensionsClientOutputsJSON? = nil
    ) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
        self.authenticatorAttachment = authenticatorAttachment
        self.clientExtensionResults = clientExtensionResults
    }
}
