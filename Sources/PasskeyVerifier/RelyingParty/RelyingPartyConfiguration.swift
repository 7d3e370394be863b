import PasskeyCBOR
import PasskeyCrypto

/// Who the relying party is and the policy its ceremonies follow (WebAuthn Level 3 §5.4, §5.5, §7.1, §7.2).
///
/// The defaults fit a passkey sign-in: discoverable credentials, user verification preferred, no
/// attestation, EdDSA, ES256 and RS256, five minutes per ceremony, strict counter and backup-flag rules.
public struct RelyingPartyConfiguration: Sendable {
    /// The RP ID (§5.4.2 `rp.id`): the registrable domain the credentials are scoped to, such as
    /// `example.com`. Every origin must be on it or a subdomain of it; it cannot change later.
    public var relyingPartyID: String
    /// The name shown to users while they create a passkey (§5.4.2 `rp.name`).
    public var relyingPartyName: String
    /// Every origin the client data may name, compared exactly (§7.1 `#rp-op-registering-a-new-credential-step-origin`,
    /// §13.4.9): web origins such as `https://example.com` (no path, no trailing slash), and the origins of native
    /// apps. An iOS or macOS app using `ASAuthorizationPlatformPublicKeyCredentialProvider` reports `https://` followed
    /// by the RP ID; an Android app reports `android:apk-key-hash:` followed by the base64url SHA-256 of its signing
    /// certificate.
    ///
    /// Checked when a ``RelyingParty`` is created: a web origin must be in the form a browser serializes
    /// (lower-case `https` scheme and host, no default port, no path or trailing slash), `http` only for a
    /// loopback host (`localhost`, `127.0.0.1`, `[::1]`), and its host must be the RP ID or a subdomain of it
    /// unless ``relatedOrigins`` lists it. Other origins (an app's) are taken as they are.
    public var origins: Set<String>
    /// The origins outside the RP ID's domain that the relying party publishes at `/.well-known/webauthn`
    /// (§5.11); `nil` when there are none.
    public var relatedOrigins: RelatedOrigins?
    /// Whether the UV flag is required (§5.8.6); sent in the options and enforced on the response.
    public var userVerification: UserVerificationRequirement
    /// Whether a discoverable credential is wanted (§5.4.6); `required` makes a passkey.
    public var residentKey: ResidentKeyRequirement
    /// Platform or roaming authenticators only; any when `nil` (§5.4.5).
    public var authenticatorAttachment: AuthenticatorAttachment?
    /// How much attestation to ask for (§5.4.7).
    public var attestation: AttestationConveyancePreference
    /// The preferred attestation statement formats, most preferred first (§5.4 `attestationFormats`).
    public var attestationFormats: [String]
    /// Which authenticators the client should offer first (§5.8.7).
    public var hints: [PublicKeyCredentialHint]
    /// The credential algorithms accepted, most preferred first (§5.4 `pubKeyCredParams`); a registration
    /// with any other algorithm fails with `unsupportedAlgorithm`.
    public var allowedAlgorithms: [COSEAlgorithm]
    /// Whether ceremonies may run in a cross-origin iframe (§5.8.1 `crossOrigin`, `topOrigin`).
    public var crossOrigin: CrossOriginPolicy
    /// What a counter that does not increase means (§6.1.1).
    public var signCountPolicy: SignCountPolicy
    /// What a change of the backup eligibility flag means (§6.1.3).
    public var backupEligibilityPolicy: BackupEligibilityPolicy
    /// The attestation trust anchors per format (§7.1 `#reg-ceremony-attestation-trust-anchors`); the Apple WebAuthn
    /// Root CA is built in.
    public var trustAnchors: AttestationTrustAnchors
    /// What a registration whose attestation chain reaches no trust anchor means (§7.1 `#reg-ceremony-assess-trust`).
    /// `nil` (the default) decides from the rest of the configuration: ``UntrustedAttestationPolicy/reject`` when
    /// ``attestation`` is `direct` or `enterprise`, ``trustAnchors`` holds roots the host added or
    /// ``attestationTrustPolicy`` is set, otherwise ``UntrustedAttestationPolicy/acceptAsUnverified`` (a relying party
    /// that asked for no attestation must not turn away the authenticators that send one anyway).
    public var untrustedAttestationPolicy: UntrustedAttestationPolicy?
    /// A trust policy for registrations (``AttestationTrustPolicy``, such as FIDO metadata's `MetadataTrustPolicy`
    /// of PasskeyMetadata, which sets it as `metadataTrustPolicy`: per-authenticator trust anchors, statuses,
    /// certification); `nil` (the default) for none. Setting it makes ``UntrustedAttestationPolicy/reject`` the
    /// default of ``untrustedAttestationPolicy`` (§7.1 `#reg-ceremony-attestation-trust-anchors`,
    /// `#reg-ceremony-assess-trust`).
    public var attestationTrustPolicy: (any AttestationTrustPolicy)?
    /// The attestation types registrations may have (§7.1 `#reg-ceremony-assess-trust`); every type by default.
    public var acceptedAttestationTypes: Set<AttestationType>
    /// How many sub-statements of a `compound` attestation statement must verify (§8.9).
    public var compoundAttestationPolicy: CompoundAttestation.Policy
    /// How strictly CBOR is read (§6.5.1; `lenient` is described in Docs/Decisions.md).
    public var cborMode: CBORDecoder.Mode
    /// How long the client should wait for the user, sent as `timeout` (§5.4, §5.5). Between one second and
    /// one day.
    public var timeout: Duration
    /// How long an issued challenge stays valid (§13.4.3). Between one second and one day; keep it at least
    /// ``timeout`` so that a user who takes the whole timeout can still finish.
    public var challengeLifetime: Duration

    /// The algorithms `pubKeyCredParams` lists by default: EdDSA (-8), ES256 (-7), RS256 (-257) (§5.4).
    public static let defaultAlgorithms: [COSEAlgorithm] = [.edDSA, .es256, .rs256]

    /// Creates a configuration; every policy has the default documented on its property.
    public init(
        relyingPartyID: String,
        relyingPartyName: String,
        origins: Set<String>,
        relatedOrigins: RelatedOrigins? = nil,
        userVerification: UserVerificationRequirement = .preferred,
        residentKey: ResidentKeyRequirement = .required,
        authenticatorAttachment: AuthenticatorAttachment? = nil,
        attestation: AttestationConveyancePreference = .none,
        attestationFormats: [String] = [],
        hints: [PublicKeyCredentialHint] = [],
        allowedAlgorithms: [COSEAlgorithm] = RelyingPartyConfiguration.defaultAlgorithms,
        crossOrigin: CrossOriginPolicy = .forbidden,
        signCountPolicy: SignCountPolicy = .rejectRegression,
        backupEligibilityPolicy: BackupEligibilityPolicy = BackupEligibilityPolicy(),
        trustAnchors: AttestationTrustAnchors = .builtIn,
        untrustedAttestationPolicy: UntrustedAttestationPolicy? = nil,
        acceptedAttestationTypes: Set<AttestationType> = Set(AttestationType.allCases),
        compoundAttestationPolicy: CompoundAttestation.Policy = .allMustPass,
        cborMode: CBORDecoder.Mode = .strict,
        timeout: Duration = .seconds(300),
        challengeLifetime: Duration = .seconds(300)
    ) {
        self.relyingPartyID = relyingPartyID
        self.relyingPartyName = relyingPartyName
        self.origins = origins
        self.relatedOrigins = relatedOrigins
        self.userVerification = userVerification
        self.residentKey = residentKey
        self.authenticatorAttachment = authenticatorAttachment
        self.attestation = attestation
        self.attestationFormats = attestationFormats
        self.hints = hints
        self.allowedAlgorithms = allowedAlgorithms
        self.crossOrigin = crossOrigin
        self.signCountPolicy = signCountPolicy
        self.backupEligibilityPolicy = backupEligibilityPolicy
        self.trustAnchors = trustAnchors
        self.untrustedAttestationPolicy = untrustedAttestationPolicy
        self.acceptedAttestationTypes = acceptedAttestationTypes
        self.compoundAttestationPolicy = compoundAttestationPolicy
        self.cborMode = cborMode
        self.timeout = timeout
        self.challengeLifetime = challengeLifetime
    }

    /// The shortest ``timeout`` and ``challengeLifetime``.
    static let minimumDuration = Duration.seconds(1)
    /// The longest ``timeout`` and ``challengeLifetime``.
    static let maximumDuration = Duration.seconds(86_400)

    /// Checks that the configuration can run a ceremony.
    func validate() throws(RelyingPartyUsageError) {
        try RelyingPartyIdentifier.validate(relyingPartyID)
        guard !origins.isEmpty else {
            throw RelyingPartyUsageError("origins is empty; list every web and app origin, e.g. https://example.com")
        }
        for origin in origins.sorted() {
            try validate(origin: origin)
        }
        guard !allowedAlgorithms.isEmpty else {
            throw RelyingPartyUsageError("allowedAlgorithms is empty; the default is EdDSA, ES256, RS256")
        }
        if let unsupported = allowedAlgorithms.first(where: { !COSEAlgorithm.allSupported.contains($0) }) {
            throw RelyingPartyUsageError("allowedAlgorithms contains \(unsupported), which credential keys cannot use")
        }
        for (name, duration) in [("timeout", timeout), ("challengeLifetime", challengeLifetime)] {
            guard duration >= Self.minimumDuration, duration <= Self.maximumDuration else {
                throw RelyingPartyUsageError("\(name) is \(duration); it must be between 1 second and 1 day")
            }
        }
    }

    /// Checks one of ``origins`` (§5.8.1 `origin`, §5.11, §7.1 `#rp-op-registering-a-new-credential-step-origin`).
    private func validate(origin: String) throws(RelyingPartyUsageError) {
        guard WebOrigin.isWebOrigin(origin) else { return }
        let parsed = try WebOrigin(parsing: origin)
        guard parsed.scheme == "https" || parsed.isLoopback else {
            throw RelyingPartyUsageError(
                "the origin \(origin) is http on a host that is not loopback; browsers run WebAuthn only on https "
                    + "(and on http://localhost)"
            )
        }
        guard !RelyingPartyIdentifier.scopes(parsed.host, relyingPartyID: relyingPartyID) else { return }
        guard relatedOrigins?.contains(origin) == true else {
            throw RelyingPartyUsageError(
                "the origin \(origin) is not on \(relyingPartyID) or one of its subdomains; use an RP ID that is a "
                    + "suffix of its host, or list it in relatedOrigins and serve that list at "
                    + "https://\(relyingPartyID)\(RelatedOrigins.wellKnownPath)"
            )
        }
    }

    /// ``untrustedAttestationPolicy``, or the policy it defaults to.
    public var effectiveUntrustedAttestationPolicy: UntrustedAttestationPolicy {
        untrustedAttestationPolicy(askedFor: nil)
    }

    /// ``timeout`` in whole milliseconds, as the options carry it.
    var timeoutMilliseconds: UInt32 { Self.milliseconds(timeout) }

    /// `duration` in whole milliseconds, clamped to `UInt32`.
    static func milliseconds(_ duration: Duration) -> UInt32 {
        let components = duration.components
        let (milliseconds, overflow) = components.seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return components.seconds > 0 ? .max : 0 }
        let (total, carry) = milliseconds.addingReportingOverflow(components.attoseconds / 1_000_000_000_000_000)
        guard !carry else { return .max }
        return UInt32(clamping: total)
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The untrusted-attestation policy for a ceremony that asked for `attestation` (``attestation`` when
    /// `nil`): ``untrustedAttestationPolicy`` when set, else `reject` for `direct` or `enterprise` or
    /// host-added anchors, `acceptAsUnverified` otherwise.
    func untrustedAttestationPolicy(askedFor requested: AttestationConveyancePreference?) -> UntrustedAttestationPolicy
    {
        if let untrustedAttestationPolicy { return untrustedAttestationPolicy }
        switch requested ?? attestation {
        case .direct, .enterprise: return .reject
        default:
            return trustAnchors.includesHostAnchors || attestationTrustPolicy != nil ? .reject : .acceptAsUnverified
        }
    }
}
