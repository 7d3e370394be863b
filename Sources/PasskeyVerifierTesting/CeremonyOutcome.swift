import PasskeyMetadata
import PasskeyVerifier

/// The result of verifying one ceremony, in the JSON shape of the `passkey-verify` contract
/// (`Docs/cli-contract` success and failure objects): registration fields, authentication fields, or an error.
public struct CeremonyOutcome: Sendable, Hashable, Codable {
    /// A failure's stable code and message: the ``PasskeyVerifier/WebAuthnError`` of the WebAuthn Level 3
    /// §7.1 or §7.2 check that failed.
    public struct ErrorDescription: Sendable, Hashable, Codable {
        /// The stable ``WebAuthnError/Code`` name.
        public var code: String
        /// What was wrong.
        public var message: String
    }

    /// Whether the ceremony verified.
    public var verified: Bool
    /// The failure, when `verified` is false.
    public var error: ErrorDescription?
    /// Registration: the attestation statement format.
    public var format: String?
    /// Registration: the attestation type (`none`, `self`, `basic`, `attca`, `anonca`).
    public var attestationType: String?
    /// The credential ID, base64url.
    public var credentialId: String?
    /// Registration: the COSE_Key bytes, base64url.
    public var publicKey: String?
    /// Registration: the credential's COSE algorithm.
    public var algorithm: Int64?
    /// Registration: the initial signature counter.
    public var signCount: UInt32?
    /// Authentication: the new signature counter.
    public var newSignCount: UInt32?
    /// Registration: the AAGUID as a UUID string.
    public var aaguid: String?
    /// The UP flag.
    public var userPresent: Bool?
    /// The UV flag.
    public var userVerified: Bool?
    /// The BE flag.
    public var backupEligible: Bool?
    /// The BS flag.
    public var backupState: Bool?
    /// Registration: the trust path, DER certificates base64url, leaf first.
    public var trustPath: [String]?
    /// Registration: `unverified` when the attestation was accepted without a trusted chain
    /// (``UntrustedAttestationPolicy/acceptAsUnverified``); absent when it is trusted or has no trust path.
    public var attestationTrust: String?
    /// Registration verified with FIDO metadata: the matched entry's description (FIDO Metadata Statement v3.0
    /// §4 `description`); absent without a matched entry.
    public var metadataDescription: String?
    /// Registration verified with FIDO metadata: the matched entry's status in force at the verification
    /// instant (FIDO Metadata Service v3.0 §3.1.4); absent without a matched entry or status.
    public var metadataStatus: String?
    /// Authentication: whether a counter regression was let through by policy.
    public var signCountRegressed: Bool?
    /// Authentication: how BE compares with the stored record, when it changed.
    public var backupEligibilityChange: String?

    /// A failure outcome.
    public init(error: WebAuthnError) {
        self.verified = false
        self.error = ErrorDescription(code: error.code.name, message: error.message)
    }

    /// A registration's success outcome.
    public init(_ registration: VerifiedRegistration) {
        self.verified = true
        self.format = registration.format
        self.attestationType = registration.attestationType.rawValue
        self.credentialId = Base64URL.encode(registration.credentialID)
        self.publicKey = Base64URL.encode(registration.credentialPublicKey.encoded)
        self.algorithm = registration.credentialPublicKey.algorithm.rawValue
        self.signCount = registration.signCount
        self.aaguid = registration.aaguid.uuidString
        self.userPresent = registration.userPresent
        self.userVerified = registration.userVerified
        self.backupEligible = registration.backupEligible
        self.backupState = registration.backupState
        self.trustPath = registration.trustPath.map { Base64URL.encode($0.derEncoded) }
        if case .unverified = registration.attestationTrust {
            self.attestationTrust = "unverified"
        }
        self.metadataDescription = registration.metadataEntry?.description
        self.metadataStatus = registration.metadataStatus?.rawValue
    }

    /// An authentication's success outcome.
    public init(_ authentication: VerifiedAuthentication) {
        self.verified = true
        self.credentialId = Base64URL.encode(authentication.credentialID)
        self.newSignCount = authentication.newSignCount
        self.userPresent = authentication.userPresent
        self.userVerified = authentication.userVerified
        self.backupEligible = authentication.backupEligible
        self.backupState = authentication.backupState
        if authentication.signCountRegressed {
            self.signCountRegressed = true
        }
        if authentication.backupEligibilityChange != .unchanged {
            self.backupEligibilityChange = authentication.backupEligibilityChange.rawValue
        }
    }
}
