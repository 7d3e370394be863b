import PasskeyCBOR
import PasskeyCrypto

/// What the relying party expects of an authentication ceremony (WebAuthn Level 3 §7.2): the
/// values it sent in `PublicKeyCredentialRequestOptions` and its policy.
public struct AuthenticationExpectations: Sendable {
    /// The RP ID whose SHA-256 the authenticator data must carry (§5.5 `rpId`).
    public var relyingPartyID: String {
        didSet { relyingPartyIDHash = HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8)) }
    }
    /// SHA-256 of ``relyingPartyID``, computed when it is set instead of on every verification.
    private(set) var relyingPartyIDHash: [UInt8]
    /// The origins the client data may name, compared exactly (§13.4.9).
    public var origins: Set<String>
    /// The challenge the server issued (§5.5 `challenge`), as raw bytes.
    public var challenge: [UInt8]
    /// The shortest ``challenge`` the verifier accepts: 16 bytes by default (§13.4.3), so that a host that
    /// lost its session cannot verify against an empty or guessable challenge and so turn replay protection
    /// off. Lower it only to replay recordings made with shorter challenges.
    public var minimumChallengeLength: Int = CeremonyChecks.minimumChallengeLength
    /// Whether the UV flag is required (§5.8.6).
    public var userVerification: UserVerificationRequirement
    /// Whether the ceremony may run in a cross-origin iframe.
    public var crossOrigin: CrossOriginPolicy
    /// The credential IDs of `allowCredentials` (§5.5); empty when any credential may answer.
    public var allowedCredentialIDs: [[UInt8]]
    /// What a counter that does not increase means.
    public var signCountPolicy: SignCountPolicy
    /// What a change of the backup eligibility flag means.
    public var backupEligibilityPolicy: BackupEligibilityPolicy
    /// How strictly CBOR (the extensions in authenticator data) is read.
    public var cborMode: CBORDecoder.Mode
    /// The `appid` extension input the relying party sent (§10.1.1), for credentials registered with U2F:
    /// when set and the client reports `appid: true`, the rpIdHash must be SHA-256 of this AppID instead of
    /// the RP ID's. `nil` when not requested: a client's `appid: true` is then ignored.
    public var appID: String?

    /// Creates expectations with the default, strict policies.
    public init(
        relyingPartyID: String,
        origins: Set<String>,
        challenge: [UInt8],
        userVerification: UserVerificationRequirement = .preferred,
        crossOrigin: CrossOriginPolicy = .forbidden,
        allowedCredentialIDs: [[UInt8]] = [],
        signCountPolicy: SignCountPolicy = .rejectRegression,
        backupEligibilityPolicy: BackupEligibilityPolicy = BackupEligibilityPolicy(),
        cborMode: CBORDecoder.Mode = .strict,
        appID: String? = nil
    ) {
        self.relyingPartyID = relyingPartyID
        self.relyingPartyIDHash = HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8))
        self.origins = origins
        self.challenge = challenge
        self.userVerification = userVerification
        self.crossOrigin = crossOrigin
        self.allowedCredentialIDs = allowedCredentialIDs
        self.signCountPolicy = signCountPolicy
        self.backupEligibilityPolicy = backupEligibilityPolicy
        self.cborMode = cborMode
        self.appID = appID
    }
}
