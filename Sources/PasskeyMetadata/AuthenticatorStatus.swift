/// The status of an authenticator model as a FIDO Metadata Service status report states it (FIDO Metadata
/// Service v3.0 §3.1.4 "AuthenticatorStatus enum").
///
/// A value type over the status's name rather than a closed enum: the FIDO Alliance adds statuses, and an
/// unknown one is kept as written (it neither rejects nor certifies).
public struct AuthenticatorStatus: Sendable, Hashable, CustomStringConvertible {
    /// The status as written in the BLOB, for example `FIDO_CERTIFIED_L1`.
    public let rawValue: String

    /// Wraps a status name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `NOT_FIDO_CERTIFIED`: not FIDO certified.
    public static let notFIDOCertified = AuthenticatorStatus(rawValue: "NOT_FIDO_CERTIFIED")
    /// `FIDO_CERTIFIED`: FIDO functional certification (the deprecated name of `FIDO_CERTIFIED_L1`).
    public static let fidoCertified = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED")
    /// `USER_VERIFICATION_BYPASS`: malware can bypass user verification.
    public static let userVerificationBypass = AuthenticatorStatus(rawValue: "USER_VERIFICATION_BYPASS")
    /// `ATTESTATION_KEY_COMPROMISE`: an attestation key of the model is compromised.
    public static let attestationKeyCompromise = AuthenticatorStatus(rawValue: "ATTESTATION_KEY_COMPROMISE")
    /// `USER_KEY_REMOTE_COMPROMISE`: user keys can be extracted remotely.
    public static let userKeyRemoteCompromise = AuthenticatorStatus(rawValue: "USER_KEY_REMOTE_COMPROMISE")
    /// `USER_KEY_PHYSICAL_COMPROMISE`: user keys can be extracted with physical access.
    public static let userKeyPhysicalCompromise = AuthenticatorStatus(rawValue: "USER_KEY_PHYSICAL_COMPROMISE")
    /// `UPDATE_AVAILABLE`: a firmware update is available.
    public static let updateAvailable = AuthenticatorStatus(rawValue: "UPDATE_AVAILABLE")
    /// `REVOKED`: the FIDO Alliance revoked the model's certification.
    public static let revoked = AuthenticatorStatus(rawValue: "REVOKED")
    /// `SELF_ASSERTION_SUBMITTED`: the vendor completed a self-assertion checklist, no certification.
    public static let selfAssertionSubmitted = AuthenticatorStatus(rawValue: "SELF_ASSERTION_SUBMITTED")
    /// `FIDO_CERTIFIED_L1`: authenticator certification level 1.
    public static let fidoCertifiedL1 = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L1")
    /// `FIDO_CERTIFIED_L1plus`: level 1+.
    public static let fidoCertifiedL1Plus = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L1plus")
    /// `FIDO_CERTIFIED_L2`: level 2.
    public static let fidoCertifiedL2 = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L2")
    /// `FIDO_CERTIFIED_L2plus`: level 2+.
    public static let fidoCertifiedL2Plus = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L2plus")
    /// `FIDO_CERTIFIED_L3`: level 3.
    public static let fidoCertifiedL3 = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L3")
    /// `FIDO_CERTIFIED_L3plus`: level 3+.
    public static let fidoCertifiedL3Plus = AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_L3plus")

    /// The statuses a ``MetadataTrustPolicy`` rejects by default when a report of one is in force and not cleared:
    /// `REVOKED`, `USER_VERIFICATION_BYPASS`, `ATTESTATION_KEY_COMPROMISE`, `USER_KEY_REMOTE_COMPROMISE` and
    /// `USER_KEY_PHYSICAL_COMPROMISE` (FIDO Metadata Service v3.0 §3.1.4: the model can no longer be trusted).
    public static let compromised: Set<AuthenticatorStatus> = [
        .revoked, .userVerificationBypass, .attestationKeyCompromise, .userKeyRemoteCompromise,
        .userKeyPhysicalCompromise,
    ]

    /// The certification levels in increasing order (FIDO Authenticator Certification levels; `FIDO_CERTIFIED`
    /// counts as L1).
    static let certificationLevels: [AuthenticatorStatus] = [
        .fidoCertifiedL1, .fidoCertifiedL1Plus, .fidoCertifiedL2, .fidoCertifiedL2Plus, .fidoCertifiedL3,
        .fidoCertifiedL3Plus,
    ]

    /// The rank of a certification status, 1 (L1 or `FIDO_CERTIFIED`) to 6 (L3+); `nil` for every other status.
    public var certificationRank: Int? {
        if self == .fidoCertified { return 1 }
        return Self.certificationLevels.firstIndex(of: self).map { $0 + 1 }
    }

    /// Whether this status withdraws a certification: `NOT_FIDO_CERTIFIED` or `REVOKED`.
    var withdrawsCertification: Bool {
        self == .notFIDOCertified || self == .revoked
    }

    /// The ``rawValue``.
    public var description: String { rawValue }
}
