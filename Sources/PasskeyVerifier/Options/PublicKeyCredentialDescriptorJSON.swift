/// A credential named in `excludeCredentials` or `allowCredentials`, in JSON form (WebAuthn Level 3 §5.1
/// `PublicKeyCredentialDescriptorJSON`, §5.8.3).
public struct PublicKeyCredentialDescriptorJSON: Codable, Sendable, Hashable {
    /// `type`: always `public-key` (§5.8.2).
    public var type: String
    /// `id`: the credential ID, base64url (§5.8.3).
    public var id: String
    /// `transports`: how the client may reach the authenticator, as the credential reported them at
    /// registration (§5.8.4); absent when unknown.
    public var transports: [String]?

    /// Creates a descriptor for the credential ID `id`; empty `transports` are left out.
    public init(id: [UInt8], transports: [String] = []) {
        self.type = "public-key"
        self.id = Base64URL.encode(id)
        self.transports = transports.isEmpty ? nil : transports
    }

    /// The credential ID, or `nil` when ``id`` is not base64url.
    public var credentialID: [UInt8]? { Base64URL.decode(id) }
}
