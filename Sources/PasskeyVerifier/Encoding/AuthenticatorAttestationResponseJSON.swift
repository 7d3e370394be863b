/// The `response` member of a registration response in JSON form
/// (WebAuthn Level 3 §5.1 `AuthenticatorAttestationResponseJSON`, §5.2.1).
///
/// Binary members are `Base64URLString`s. `authenticatorData`, `publicKey` and
/// `publicKeyAlgorithm` are unauthenticated convenience copies of what `attestationObject`
/// holds; verifiers read the attestation object.
public struct AuthenticatorAttestationResponseJSON: Codable, Sendable, Hashable {
    /// `clientDataJSON`, base64url (§5.2).
    public var clientDataJSON: String
    /// `attestationObject`, base64url (§5.2.1, §6.5.4).
    public var attestationObject: String
    /// `authenticatorData`, base64url; a copy of the one inside `attestationObject` (§5.2.1).
    public var authenticatorData: String?
    /// `transports`: `getTransports()` (§5.2.1, §5.8.4).
    public var transports: [String]?
    /// `publicKey`: the credential public key as base64url SubjectPublicKeyInfo, when the client
    /// could convert it (§5.2.1).
    public var publicKey: String?
    /// `publicKeyAlgorithm`: the COSE algorithm identifier of the credential key (§5.2.1).
    public var publicKeyAlgorithm: Int?

    /// Creates the response.
    public init(
        clientDataJSON: String,
        attestationObject: String,
        authenticatorData: String? = nil,
        transports: [String]? = nil,
        publicKey: String? = nil,
        publicKeyAlgorithm: Int? = nil
    ) {
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.authenticatorData = authenticatorData
        self.transports = transports
        self.publicKey = publicKey
        self.publicKeyAlgorithm = publicKeyAlgorithm
    }
}
