/// The `largeBlob` client extension input in JSON form (WebAuthn Level 3 §10.1.5
/// `AuthenticationExtensionsLargeBlobInputs`).
public struct AuthenticationExtensionsLargeBlobInputsJSON: Codable, Sendable, Hashable {
    /// `support` (registration): `required` or `preferred`.
    public var support: String?
    /// `read` (authentication): return the stored blob.
    public var read: Bool?
    /// `write` (authentication): the blob to store, base64url.
    public var write: String?

    /// Creates the input.
    public init(support: String? = nil, read: Bool? = nil, write: [UInt8]? = nil) {
        self.support = support
        self.read = read
        self.write = write.map { Base64URL.encode($0) }
    }
}
