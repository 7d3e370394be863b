import PasskeyCrypto

/// What a relying party stores for a registered credential (WebAuthn Level 3 §4 "credential record",
/// §7.1 `#reg-ceremony-store-credential-record`) and needs again to verify its assertions.
public struct CredentialRecord: Sendable, Hashable {
    /// The credential ID (§4 "Credential ID"), at most 1023 bytes.
    public var id: [UInt8]
    /// The credential public key; parsed once and reused for every assertion.
    public var publicKey: COSEKey
    /// The last signature counter seen (§6.1.1).
    public var signCount: UInt32
    /// Whether the credential was backup eligible when stored (BE, §6.1.3).
    public var backupEligible: Bool
    /// The last backup state seen (BS, §6.1.3).
    public var backupState: Bool
    /// Whether user verification has been performed with this credential (§4 `uvInitialized`).
    public var userVerificationInitialized: Bool
    /// The user handle of the account the credential belongs to, if known (§5.4.3 `user.id`).
    public var userHandle: [UInt8]?
    /// The transports the client reported at registration (§5.2.1 `getTransports()`).
    public var transports: [String]

    /// Creates a record.
    public init(
        id: [UInt8],
        publicKey: COSEKey,
        signCount: UInt32 = 0,
        backupEligible: Bool = false,
        backupState: Bool = false,
        userVerificationInitialized: Bool = false,
        userHandle: [UInt8]? = nil,
        transports: [String] = []
    ) {
        self.id = id
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.userVerificationInitialized = userVerificationInitialized
        self.userHandle = userHandle
        self.transports = transports
    }
}
