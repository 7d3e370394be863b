import PasskeyCrypto

/// A credential a ``VirtualAuthenticator`` created: what a real authenticator keeps for a discoverable
/// credential (WebAuthn §6.2.2 "Credential Storage Modality", CTAP2 §6.1 `authenticatorMakeCredential`).
///
/// ``VirtualAuthenticator/credentials`` holds the live copies; the one in a ``VirtualRegistration`` is a
/// snapshot taken when the credential was created. Change ``userHandle``, ``relyingPartyID`` or ``signCount``
/// of a stored credential to shape later assertions.
public struct VirtualCredential: Sendable {
    /// The credential ID (§4 "Credential ID", §6.5.1).
    public let id: [UInt8]
    /// The credential key pair.
    public let key: VirtualCredentialKey
    /// The user handle given at creation (§5.4.3 `user.id`), returned by assertions (§5.2.2 `userHandle`).
    public var userHandle: [UInt8]
    /// The RP ID the credential is scoped to (§4 "RP ID"); assertions without an explicit credential ID pick
    /// the most recent credential of the authenticator's current RP ID.
    public var relyingPartyID: String
    /// The signature counter last reported (§6.1.1).
    public var signCount: UInt32

    /// Creates a credential; use it with ``VirtualAuthenticator/add(_:)`` to sign assertions with a known key.
    public init(
        id: [UInt8],
        key: VirtualCredentialKey,
        userHandle: [UInt8],
        relyingPartyID: String,
        signCount: UInt32 = 0
    ) {
        self.id = id
        self.key = key
        self.userHandle = userHandle
        self.relyingPartyID = relyingPartyID
        self.signCount = signCount
    }

    /// The credential's algorithm (§5.8.5).
    public var algorithm: COSEAlgorithm { key.algorithm }

    /// The credential public key as attested credential data carries it (§6.5.1.1).
    public var publicKey: COSEKey { key.publicKey }
}
