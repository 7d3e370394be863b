/// The argument of `PublicKeyCredential.signalUnknownCredential()` (WebAuthn Level 3 §5.1.10.1
/// `UnknownCredentialOptions`): tells the user's credential manager that the relying party does not know
/// this credential (deleted, or never registered), so it can hide or remove the passkey.
///
/// Send it to the page after a sign-in failed with `unknownCredential` (see
/// ``WebAuthnError/unknownCredentialID``); the page passes it to the method as it is.
public struct UnknownCredentialOptionsJSON: Codable, Sendable, Hashable {
    /// `rpId`: the relying party the credential was scoped to.
    public var rpId: String
    /// `credentialId`: the unknown credential's ID, base64url.
    public var credentialId: String

    /// Creates the options for the credential ID `credentialID`.
    public init(relyingPartyID: String, credentialID: [UInt8]) {
        self.rpId = relyingPartyID
        self.credentialId = Base64URL.encode(credentialID)
    }
}
