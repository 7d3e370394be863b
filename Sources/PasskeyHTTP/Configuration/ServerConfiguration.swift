#if Hummingbird
import PasskeyAccounts
import PasskeyVerifier

/// What the server is: the relying party it runs (WebAuthn Level 3 §5.4.2 `rp`), the origins it accepts
/// (§7.1 `#rp-op-registering-a-new-credential-step-origin`), the iOS apps that share its passkeys and the related
/// origins it publishes (§5.11).
public struct ServerConfiguration: Sendable {
    /// The RP ID (§5.4.2 `rp.id`), such as `example.com` or `localhost`.
    public var relyingPartyID: String
    /// The name shown while a passkey is created (§5.4.2 `rp.name`).
    public var relyingPartyName: String
    /// The origins of the pages and apps that call the server (§5.8.1 `origin`), such as
    /// `http://localhost:8080`.
    public var origins: [String]
    /// The iOS apps, `TEAMID.bundle.id`, listed in `/.well-known/apple-app-site-association` under
    /// `webcredentials`, so that they can use the passkeys of the RP ID.
    public var appleAppIDs: [String]
    /// The origins outside the RP ID's domain that may use its passkeys, published at `/.well-known/webauthn`
    /// (§5.11) and accepted in the client data.
    public var relatedOrigins: [String]
    /// The client IDs (bundle IDs, Services IDs) Sign in with Apple identity tokens may be for
    /// (`POST /auth/apple`); empty disables the route.
    public var appleClientIDs: [String]
    /// Where Apple's identity-token keys are downloaded from (a JSON Web Key Set, RFC 7517 §5).
    public var appleKeysURL: String
    /// The FIDO conformance mode: `POST /attestation/options` adds a passkey to an existing username without a
    /// session of that account, as the conformance tools expect, and requests without the session cookie are not
    /// checked for their `Origin`, the options echo the extensions asked for, every credential algorithm the
    /// library verifies is offered (``conformanceAlgorithms``) and, with ``metadata``, `none` and `self`
    /// attestation are accepted. Never for a deployment: anyone can then add a passkey to anyone's account.
    public var conformance: Bool
    /// The most passkeys one account may hold (`credentialLimitReached` past it); it bounds
    /// `excludeCredentials` and `allowCredentials` (WebAuthn Level 3 §5.4, §5.5). At least 1 (``validate()``).
    public var maximumPasskeysPerAccount: Int
    /// How long a session lasts unused (`--session-idle-timeout`): positive (``validate()``), cut to 1 s …
    /// ``SessionPolicy/maximumDuration`` in whole seconds (``SessionPolicy``).
    public var sessionIdleTimeout: Duration
    /// How long a session lasts at most (`--session-lifetime`): positive (``validate()``), cut to 1 s …
    /// ``SessionPolicy/maximumDuration`` in whole seconds.
    public var sessionLifetime: Duration
    /// Whether `POST /assertion/options` answers an unknown username with plausible options (a made-up
    /// credential ID derived from the name) instead of `unknownCredential`, so that it does not reveal which
    /// usernames exist (§14.6.2 "Username Enumeration").
    public var concealsUnknownUsernames: Bool
    /// The secret from which ``concealsUnknownUsernames`` derives an unknown username's made-up credential ID and
    /// user handle (`--concealment-key-file`), 32 to 4 096 bytes; `nil` for a random one per process. Instances
    /// behind one load balancer need the same key, or two requests that reach two of them tell an unknown name
    /// (two different made-up IDs) from a known one (§14.6.2 "Username Enumeration").
    public var concealmentKey: [UInt8]?
    /// FIDO metadata for registrations (`--metadata`; FIDO Metadata Service v3.0 §3.2), `nil` for none: then the
    /// server asks for no attestation and accepts every authenticator.
    public var metadata: MetadataSettings?
    /// The FIDO AppID of credentials registered with U2F (`--appid`; WebAuthn Level 3 §10.1.1 `appid`, §10.1.2
    /// `appidExclude`): sent in every sign-in's `appid` and every registration's `appidExclude`; `nil` for none. The
    /// client never chooses it (``ClientExtensionPolicy``). An https URL of at most ``maximumAppIDBytes`` bytes
    /// (``validate()``).
    public var appID: String?
    /// The rate limits, timeouts and caps that bound what strangers can cost the server.
    public var abuseLimits: AbuseLimits
    /// The user verification every ceremony asks for and enforces (`--user-verification`; WebAuthn Level 3 §5.4.4
    /// `authenticatorSelection.userVerification`, §5.5 `userVerification`): a client's own value may only make it
    /// stricter (``userVerification(askedFor:)``), except in the ``conformance`` mode.
    public var userVerification: UserVerificationRequirement
    /// The keys of sealed sign-in challenges (WebAuthn Level 3 §13.4.3; ``PasskeyVerifier/SealedChallengeStore``),
    /// the sealing one first and at most ``maximumChallengeKeys`` (`--challenge-key-file`, or the key the database
    /// shares, ``PasskeyStorage/sharedChallengeKey()``): starting a sign-in then writes nothing, and finishing one
    /// commits once. Empty stores every challenge. Every instance needs the same keys.
    public var challengeKeys: [ChallengeSealer.Key] = []

    /// The most ``challengeKeys``: the sealing one and those still opening during rotations.
    public static let maximumChallengeKeys = 4

    /// How many bytes a ``concealmentKey`` may have: at least 32 (an empty or short key would make the made-up
    /// IDs guessable), at most 4 096.
    public static let concealmentKeyByteCounts: ClosedRange<Int> = 32...4096

    /// The default of ``maximumPasskeysPerAccount``.
    public static let defaultMaximumPasskeysPerAccount = 20

    /// The longest ``appID``, in UTF-8 bytes: 512.
    public static let maximumAppIDBytes = 512

    /// Creates a configuration; the values are kept as given, and ``validate()`` refuses the ones that cannot run.
    public init(
        relyingPartyID: String,
        relyingPartyName: String? = nil,
        origins: [String],
        appleAppIDs: [String] = [],
        relatedOrigins: [String] = [],
        appleClientIDs: [String] = [],
        appleKeysURL: String = AppleKeySetFetcher.appleKeysURL,
        conformance: Bool = false,
        maximumPasskeysPerAccount: Int = ServerConfiguration.defaultMaximumPasskeysPerAccount,
        sessionIdleTimeout: Duration = SessionPolicy.defaultIdleTimeout,
        sessionLifetime: Duration = SessionPolicy.defaultLifetime,
        concealsUnknownUsernames: Bool = false,
        metadata: MetadataSettings? = nil,
        appID: String? = nil,
        abuseLimits: AbuseLimits = AbuseLimits(),
        userVerification: UserVerificationRequirement = .preferred
    ) {
        self.relyingPartyID = relyingPartyID
        self.relyingPartyName = relyingPartyName ?? relyingPartyID
        self.origins = origins
        self.appleAppIDs = appleAppIDs
        self.relatedOrigins = relatedOrigins
        self.appleClientIDs = appleClientIDs
        self.appleKeysURL = appleKeysURL
        self.conformance = conformance
        self.maximumPasskeysPerAccount = maximumPasskeysPerAccount
        self.sessionIdleTimeout = sessionIdleTimeout
        self.sessionLifetime = sessionLifetime
        self.concealsUnknownUsernames = concealsUnknownUsernames
        self.metadata = metadata
        self.appID = appID
        self.abuseLimits = abuseLimits
        self.userVerification = userVerification
    }

    /// The user verification of a ceremony whose client asked for `asked` (§5.4.4, §5.5): the stricter of
    /// ``userVerification`` and `asked`; in the ``conformance`` mode the client's own choice
    /// (``PasskeyAccounts/AccountService/Configuration/userVerification(askedFor:)``).
    public func userVerification(askedFor asked: UserVerificationRequirement?) -> UserVerificationRequirement {
        accountServiceConfiguration.userVerification(askedFor: asked)
    }

    /// The rules of the accounts service: the passkey limit, the sessions, the concealment, the conformance mode, the
    /// user verification and the challenge sealer.
    public var accountServiceConfiguration: AccountService.Configuration {
        AccountService.Configuration(
            maximumPasskeysPerAccount: maximumPasskeysPerAccount,
            sessions: SessionIssuing(
                idleTimeout: sessionPolicy.idleTimeout,
                lifetime: sessionPolicy.lifetime,
                maximumPerAccount: SessionPolicy.maximumSessionsPerAccount
            ),
            concealsUnknownUsernames: concealsUnknownUsernames,
            concealmentKey: concealmentKey,
            conformance: conformance,
            userVerification: userVerification,
            challengeSealer: challengeSealer
        )
    }

    /// The sealer of ``challengeKeys``, `nil` when there are none (or they fail ``validate()``).
    var challengeSealer: ChallengeSealer? {
        guard let sealing = challengeKeys.first else { return nil }
        return try? ChallengeSealer(
            sealingWith: sealing, alsoOpening: Array(challengeKeys.dropFirst()), relyingPartyID: relyingPartyID)
    }

    /// The session timeouts and cookie for these origins.
    public var sessionPolicy: SessionPolicy {
        SessionPolicy(
            idleTimeout: sessionIdleTimeout,
            lifetime: sessionLifetime,
            securesCookie: SessionPolicy.securesCookie(for: origins)
        )
    }

    /// The library's configuration: the RP ID and name, the origins and the related origins, with the
    /// library's passkey defaults (discoverable credentials, user verification preferred, no attestation); with
    /// ``metadata``, `direct` attestation and its policy for what the metadata does not vouch for (the trust policy
    /// itself is the current BLOB's, taken per registration).
    ///
    /// - Throws: ``PasskeyVerifier/RelyingPartyUsageError`` for an RP ID, origin or related origin that cannot
    ///   run a ceremony.
    public func relyingPartyConfiguration() throws -> RelyingPartyConfiguration {
        let configuration = RelyingPartyConfiguration(
            relyingPartyID: relyingPartyID,
            relyingPartyName: relyingPartyName,
            origins: Set(origins + relatedOrigins),
            relatedOrigins: try relatedOrigins.isEmpty ? nil : RelatedOrigins(origins: relatedOrigins),
            userVerification: userVerification,
            allowedAlgorithms: conformance ? Self.conformanceAlgorithms : RelyingPartyConfiguration.defaultAlgorithms
        )
        return metadata?.applied(to: configuration, conformance: conformance) ?? configuration
    }

    /// The credential algorithms of the ``conformance`` mode (WebAuthn Level 3 §5.4 `pubKeyCredParams`): the
    /// library's defaults first, then every other one it verifies, as the FIDO conformance tools register
    /// credentials of each (RS1 stays refused: `COSEAlgorithm.allSupported` leaves it out).
    public static let conformanceAlgorithms: [COSEAlgorithm] =
        RelyingPartyConfiguration.defaultAlgorithms
        + [.es384, .es512, .ps256, .ps384, .ps512, .rs384, .rs512, .ed25519, .ed448, .mlDSA44, .mlDSA65, .mlDSA87]
}
#endif
