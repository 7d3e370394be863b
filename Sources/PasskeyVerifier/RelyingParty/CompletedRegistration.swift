/// What ``RelyingParty/finishRegistration(_:)`` returns: the credential record it stored, and the
/// verification it is based on (WebAuthn Level 3 §7.1).
public struct CompletedRegistration: Sendable {
    /// The record as stored, with ``CredentialRecord/userHandle`` set to ``userHandle``
    /// (§7.1 `#sctn-registering-a-new-credential` step "store credentialRecord").
    public let credentialRecord: CredentialRecord
    /// The user handle of the account the credential now belongs to (§5.4.3).
    public let userHandle: [UInt8]
    /// The verified registration: attestation format and type, AAGUID, flags, client extension results.
    public let verifiedRegistration: VerifiedRegistration

    /// The user account the registration was begun for (§5.4 `user`: ``userHandle``, `name` and `displayName`
    /// as ``RelyingParty/beginRegistration(for:overrides:)`` was given them), kept with the challenge: a host
    /// that creates an account only once its first credential is stored reads the name here. `nil` for a
    /// challenge stored by an earlier version.
    public let user: PublicKeyCredentialUserEntity?
    /// What the host bound the ceremony to (``CeremonyParameters/hostBinding``); `nil` for none.
    public let hostBinding: String?

    /// Creates the result.
    public init(
        credentialRecord: CredentialRecord,
        userHandle: [UInt8],
        verifiedRegistration: VerifiedRegistration,
        user: PublicKeyCredentialUserEntity? = nil,
        hostBinding: String? = nil
    ) {
        self.credentialRecord = credentialRecord
        self.userHandle = userHandle
        self.verifiedRegistration = verifiedRegistration
        self.user = user
        self.hostBinding = hostBinding
    }

    /// The credential ID (§4).
    public var credentialID: [UInt8] { credentialRecord.id }
    /// Whether the client reported the credential as discoverable (`credProps.rk`, §10.1.3); `nil` when it
    /// did not say. Unauthenticated: a hint for the account page, not a security decision.
    public var isDiscoverable: Bool? { verifiedRegistration.clientExtensionResults?.credProps?.rk }
}
