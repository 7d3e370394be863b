/// The relying party as the options name it (WebAuthn Level 3 §5.4.2 `PublicKeyCredentialRpEntity`).
public struct PublicKeyCredentialRpEntity: Codable, Sendable, Hashable {
    /// `id`: the RP ID, a registrable domain suffix of the origin (§5.4.2); the client's origin's
    /// effective domain when absent.
    public var id: String?
    /// `name`: a human-palatable name for the relying party (§5.4.1).
    public var name: String

    /// Creates the entity.
    public init(id: String?, name: String) {
        self.id = id
        self.name = name
    }
}
