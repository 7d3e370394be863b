/// The Signal API (WebAuthn Level 3 §5.1.10): the JSON a page passes to `PublicKeyCredential`'s signal
/// methods so the user's credential manager stays in step with the relying party's records.
extension RelyingParty {
    /// The options for `signalUnknownCredential()` (§5.1.10.1): this relying party does not know
    /// `credentialID`. Use it with ``WebAuthnError/unknownCredentialID`` after a failed sign-in.
    public func signalUnknownCredential(credentialID: [UInt8]) -> UnknownCredentialOptionsJSON {
        UnknownCredentialOptionsJSON(relyingPartyID: configuration.relyingPartyID, credentialID: credentialID)
    }

    /// The options for `signalAllAcceptedCredentials()` (§5.1.10.2): every credential the credential store
    /// holds for `userHandle`, in registration order.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when `userHandle` is not 1 to 64 bytes; the store's errors.
    public func signalAllAcceptedCredentials(for userHandle: [UInt8]) async throws -> AllAcceptedCredentialsOptionsJSON
    {
        try Self.validate(userHandle: userHandle)
        let records = try await credentialStore.credentials(forUserHandle: userHandle)
        return AllAcceptedCredentialsOptionsJSON(
            relyingPartyID: configuration.relyingPartyID,
            userHandle: userHandle,
            acceptedCredentialIDs: records.map(\.id)
        )
    }

    /// The options for `signalCurrentUserDetails()` (§5.1.10.3): the account's current names.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when the user handle is not 1 to 64 bytes.
    public func signalCurrentUserDetails(for user: PublicKeyCredentialUserEntity) throws(RelyingPartyUsageError)
        -> CurrentUserDetailsOptionsJSON
    {
        try Self.validate(userHandle: user.id)
        return CurrentUserDetailsOptionsJSON(relyingPartyID: configuration.relyingPartyID, user: user)
    }
}
