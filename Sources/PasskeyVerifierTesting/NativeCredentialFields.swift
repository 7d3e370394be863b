/// A credential as native iOS and macOS apps commonly hand it to their server: the raw members of
/// `ASAuthorizationPlatformPublicKeyCredentialRegistration` and `…Assertion`, each encoded with
/// `Data.base64EncodedString()`, that is standard base64 with padding (RFC 4648 §4), not the base64url of
/// WebAuthn §5.1.
///
/// The members map to WebAuthn §5.2.1 (registration) and §5.2.2 (assertion); those a ceremony does not produce
/// are `nil`. `Base64URL.decode` reads every member, as does `Data(base64Encoded:)`.
public struct NativeCredentialFields: Codable, Sendable, Hashable {
    /// `credentialID`: the credential ID (§5.1 `rawId`).
    public var credentialID: String
    /// `rawClientDataJSON`: the exact `clientDataJSON` bytes (§5.2, §5.8.1).
    public var rawClientDataJSON: String
    /// `rawAttestationObject`: the attestation object of a registration (§5.2.1, §6.5.4).
    public var rawAttestationObject: String?
    /// `rawAuthenticatorData`: the authenticator data of an assertion (§5.2.2, §6.1).
    public var rawAuthenticatorData: String?
    /// `signature`: the assertion signature (§5.2.2, §6.3.3).
    public var signature: String?
    /// `userID`: the user handle an assertion returned (§5.2.2 `userHandle`).
    public var userID: String?

    /// Creates the fields from already encoded members (§5.2.1, §5.2.2).
    public init(
        credentialID: String,
        rawClientDataJSON: String,
        rawAttestationObject: String? = nil,
        rawAuthenticatorData: String? = nil,
        signature: String? = nil,
        userID: String? = nil
    ) {
        self.credentialID = credentialID
        self.rawClientDataJSON = rawClientDataJSON
        self.rawAttestationObject = rawAttestationObject
        self.rawAuthenticatorData = rawAuthenticatorData
        self.signature = signature
        self.userID = userID
    }
}
