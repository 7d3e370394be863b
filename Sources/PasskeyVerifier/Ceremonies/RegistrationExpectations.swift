#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyCBOR
import PasskeyCrypto

/// What the relying party expects of a registration ceremony (WebAuthn Level 3 §7.1): the
/// values it sent in `PublicKeyCredentialCreationOptions` and its policy.
public struct RegistrationExpectations: Sendable {
    /// The RP ID whose SHA-256 the authenticator data must carry (§5.4.2 `rp.id`).
    public var relyingPartyID: String {
        didSet { relyingPartyIDHash = HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8)) }
    }
    /// SHA-256 of ``relyingPartyID``, computed when it is set instead of on every verification.
    private(set) var relyingPartyIDHash: [UInt8]
    /// The origins the client data may name, compared exactly; native apps' opaque origins
    /// (`ios:bundle-id:…`, `android:apk-key-hash:…`) are accepted when listed (§13.4.9).
    public var origins: Set<String>
    /// The challenge the server issued (§5.4 `challenge`), as raw bytes.
    public var challenge: [UInt8]
    /// The shortest ``challenge`` the verifier accepts: 16 bytes by default (§13.4.3), so that a host that
    /// lost its session cannot verify against an empty or guessable challenge and so turn replay protection
    /// off. Lower it only to replay recordings made with shorter challenges.
    public var minimumChallengeLength: Int = CeremonyChecks.minimumChallengeLength
    /// Whether the UV flag is required (§5.8.6).
    public var userVerification: UserVerificationRequirement
    /// The COSE algorithms the server accepts for the credential key (§5.4 `pubKeyCredParams`).
    public var allowedAlgorithms: Set<COSEAlgorithm>
    /// Whether the ceremony may run in a cross-origin iframe.
    public var crossOrigin: CrossOriginPolicy
    /// The attestation types the relying party accepts (§7.1 `#reg-ceremony-assess-trust`); a verified statement
    /// of another type fails with `untrustedAttestation`. Every type by default: a relying party that requires
    /// attestation removes `none` and `self`.
    public var acceptedAttestationTypes: Set<AttestationType>
    /// The instant at which attestation certificates must be valid.
    public var verificationInstant: Date
    /// How strictly CBOR is read (§6.5.1 requires CTAP2 canonical encoding; `lenient` is documented in Docs/Decisions.md).
    public var cborMode: CBORDecoder.Mode
    /// How the client was asked to mediate the creation (§5.1.3): `conditional` (an automatic passkey upgrade)
    /// accepts the UP flag clear (§7.1 `#sctn-registering-a-new-credential` step "UP"); anything else requires it.
    public var mediation: CredentialMediationRequirement
    /// The client extension inputs the relying party sent (§5.4 `extensions`): an enforced
    /// `credentialProtectionPolicy` is checked against the authenticator data's `credProtect` output.
    public var extensions: AuthenticationExtensionsClientInputsJSON?
    /// What an attestation trust path that reaches no trust anchor means (§7.1 `#reg-ceremony-assess-trust`); `reject`
    /// by default.
    public var untrustedAttestationPolicy: UntrustedAttestationPolicy

    /// Creates expectations; the defaults accept every supported algorithm, forbid cross-origin use and read CBOR strictly.
    public init(
        relyingPartyID: String,
        origins: Set<String>,
        challenge: [UInt8],
        userVerification: UserVerificationRequirement = .preferred,
        allowedAlgorithms: Set<COSEAlgorithm> = COSEAlgorithm.allSupported,
        crossOrigin: CrossOriginPolicy = .forbidden,
        acceptedAttestationTypes: Set<AttestationType> = Set(AttestationType.allCases),
        verificationInstant: Date,
        cborMode: CBORDecoder.Mode = .strict,
        untrustedAttestationPolicy: UntrustedAttestationPolicy = .reject,
        mediation: CredentialMediationRequirement = .optional,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.relyingPartyID = relyingPartyID
        self.relyingPartyIDHash = HashAlgorithm.sha256.hash(Array(relyingPartyID.utf8))
        self.origins = origins
        self.challenge = challenge
        self.userVerification = userVerification
        self.allowedAlgorithms = allowedAlgorithms
        self.crossOrigin = crossOrigin
        self.acceptedAttestationTypes = acceptedAttestationTypes
        self.verificationInstant = verificationInstant
        self.cborMode = cborMode
        self.untrustedAttestationPolicy = untrustedAttestationPolicy
        self.mediation = mediation
        self.extensions = extensions
    }
}
