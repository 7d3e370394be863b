/// The argument of `PublicKeyCredential.signalAllAcceptedCredentials()` (WebAuthn Level 3 §5.1.10.2
/// `AllAcceptedCredentialsOptions`): the complete list of a user's credentials the relying party still
/// accepts, so the credential manager can hide the user's other passkeys for this RP ID.
///
/// Send it after the user signed in, or after they removed a passkey on the account page. The list must be
/// complete: a credential left out may be hidden from the user.
public struct AllAcceptedCredentialsOptionsJSON: Codable, Sendable, Hashable {
    /// `rpId`: the relying party.
    public var rpId: String
    /// `userId`: the user handle, base64url.
    public var userId: String
    /// `allAcceptedCredentialIds`: every credential ID of the user the relying party accepts, base64url.
    public var allAcceptedCredentialIds: [String]

    /// Creates the options for the user `userHandle` and their accepted credential IDs.
    public init(relyingPartyID: String, userHandle: [UInt8], acceptedCredentialIDs: [[UInt8]]) {
        self.rpId = relyingPartyID
        self.userId = Base64URL.encode(userHandle)
        self.allAcceptedCredentialIds = acceptedCredentialIDs.map { Base64URL.encode($0) }
    }
}
