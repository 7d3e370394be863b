import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A WebAuthn relying party: starts and finishes registration and authentication ceremonies over the host's
/// storage (WebAuthn Level 3 §7.1 "Registering a New Credential", §7.2 "Verifying an Authentication Assertion").
///
/// Four calls add passkeys to an application:
///
/// 1. ``beginRegistration(for:overrides:)`` issues a single-use challenge bound to the user and returns the options
///    for `navigator.credentials.create()` or `ASAuthorizationPlatformPublicKeyCredentialProvider`.
/// 2. ``finishRegistration(json:)-([UInt8])`` consumes the challenge, verifies the response with
///    ``RegistrationVerifier`` and stores the new ``CredentialRecord``.
/// 3. ``beginAuthentication(for:overrides:)`` issues a challenge for a known user (listing their credentials in
///    `allowCredentials`) or for anyone (discoverable credentials, conditional mediation).
/// 4. ``finishAuthentication(json:)-([UInt8])`` consumes the challenge, finds the credential, verifies the assertion
///    with ``AuthenticationVerifier`` and records the new counter with a compare-and-set on the record's version.
///
/// The `finish` methods accept the Level 3 JSON a browser sends and the fields a native iOS app sends (see
/// ``NativeRegistrationPayload`` and ``NativeAssertionPayload``) in the same request body.
///
/// The value is immutable and `Sendable`: create one at startup and share it. Only the stores hold state.
/// Time comes from the injected clock and challenges from the injected random source, so tests control
/// both; the verifiers underneath stay pure.
///
/// Errors: a client's response that fails throws ``WebAuthnError`` with a stable code, including the codes
/// that need stored state: `challengeNotFound` (missing, expired, reused or wrong-ceremony challenge),
/// `credentialAlreadyRegistered`, `unknownCredential` (no such credential, or not one the ceremony allowed),
/// `credentialMismatch` (a userHandle that does not own the credential). Errors thrown by the stores are
/// rethrown unchanged. A misuse by the host throws ``RelyingPartyUsageError``.
public struct RelyingParty: Sendable {
    /// The number of random bytes in every challenge (§13.4.3 asks for at least 16).
    public static let challengeLength = 32
    /// The number of random bytes ``generateUserHandle()`` returns (§14.6.1 recommends 64).
    public static let generatedUserHandleLength = 64
    /// How many times ``finishAuthentication(_:)`` re-reads a credential record that changed (its
    /// ``CredentialRecord/version``) while the assertion was being verified before it gives up with
    /// `signCountRegression`.
    public static let maximumCounterUpdateAttempts = 32

    /// Who the relying party is and its policy.
    public private(set) var configuration: RelyingPartyConfiguration
    /// Where credential records are kept.
    public private(set) var credentialStore: any CredentialStore
    /// Where issued challenges are kept until consumed.
    public private(set) var challengeStore: any ChallengeStore

    let clock: @Sendable () -> Date
    let randomBytes: @Sendable (_ count: Int) throws -> [UInt8]
    private(set) var registrationVerifier: RegistrationVerifier
    let authenticationVerifier = AuthenticationVerifier()

    /// Creates a relying party.
    ///
    /// - Parameters:
    ///   - configuration: the RP ID, name, origins and policy.
    ///   - credentialStore: the credential records; ``InMemoryCredentialStore`` by default, which forgets
    ///     everything when the process ends.
    ///   - challengeStore: the pending challenges; ``InMemoryChallengeStore`` by default, which suits one
    ///     server process.
    ///   - clock: the current instant, read once per call; used for challenge expiry, attestation certificate
    ///     validity and the records' timestamps.
    ///   - randomBytes: returns the given number of bytes from a cryptographically secure generator;
    ///     libcrypto's `RAND_bytes` by default.
    /// - Throws: ``RelyingPartyUsageError`` when the configuration cannot run a ceremony: an RP ID that is not
    ///   a domain, no origins, an origin not in the form a browser writes or outside the RP ID's domain and
    ///   not a related origin, no or unsupported algorithms, a timeout or challenge lifetime outside one
    ///   second to one day.
    public init(
        configuration: RelyingPartyConfiguration,
        credentialStore: any CredentialStore = InMemoryCredentialStore(),
        challengeStore: any ChallengeStore = InMemoryChallengeStore(),
        clock: @escaping @Sendable () -> Date = { Date() },
        randomBytes: @escaping @Sendable (_ count: Int) throws -> [UInt8] = { count in
            try SecureRandom.bytes(count: count)
        }
    ) throws(RelyingPartyUsageError) {
        try configuration.validate()
        self.configuration = configuration
        self.credentialStore = credentialStore
        self.challengeStore = challengeStore
        self.clock = clock
        self.randomBytes = randomBytes
        self.registrationVerifier = RegistrationVerifier(
            trustAnchors: configuration.trustAnchors,
            compoundPolicy: configuration.compoundAttestationPolicy,
            trustPolicy: configuration.attestationTrustPolicy
        )
    }

    /// The same relying party over other stores: those of one transaction of the host's, so that a ceremony's
    /// challenge take, credential read and writes commit together with the host's own rows (an account, a session),
    /// or not at all (WebAuthn Level 3 §7.1 `#reg-ceremony-create-credential-record`, §13.4.3).
    public func using(credentialStore: any CredentialStore, challengeStore: any ChallengeStore) -> RelyingParty {
        var copy = self
        copy.credentialStore = credentialStore
        copy.challengeStore = challengeStore
        return copy
    }

    /// The same relying party with `trustPolicy` as its ``RelyingPartyConfiguration/attestationTrustPolicy``, for
    /// one registration: a policy that changes while the process runs (the current FIDO metadata BLOB) is handed to
    /// each call, with no second relying party to build (§7.1 `#reg-ceremony-attestation-trust-anchors`,
    /// `#reg-ceremony-assess-trust`).
    public func trusting(_ trustPolicy: (any AttestationTrustPolicy)?) -> RelyingParty {
        var copy = self
        copy.configuration.attestationTrustPolicy = trustPolicy
        copy.registrationVerifier.trustPolicy = trustPolicy
        return copy
    }

    /// Returns a new random user handle of ``generatedUserHandleLength`` bytes for an account that has none
    /// (§14.6.1: a user handle should be random and reveal nothing about the user).
    ///
    /// - Throws: what the random source throws, or ``RelyingPartyUsageError`` when it returns too few bytes.
    public func generateUserHandle() throws -> [UInt8] {
        try random(count: Self.generatedUserHandleLength)
    }

    /// Draws `count` bytes from the random source and checks their number.
    func random(count: Int) throws -> [UInt8] {
        let bytes = try randomBytes(count)
        guard bytes.count == count else {
            throw RelyingPartyUsageError("the random source returned \(bytes.count) bytes; \(count) were requested")
        }
        return bytes
    }

    /// Checks a per-ceremony timeout (§5.4, §5.5): one second to one day, like the configuration's.
    static func validate(timeout: Duration?) throws(RelyingPartyUsageError) {
        guard let timeout else { return }
        guard timeout >= RelyingPartyConfiguration.minimumDuration, timeout <= RelyingPartyConfiguration.maximumDuration
        else {
            throw RelyingPartyUsageError("the ceremony's timeout is \(timeout); it must be between 1 second and 1 day")
        }
    }

    /// Checks a user handle the host passed in (§5.4.3: 1 to 64 bytes).
    static func validate(userHandle: [UInt8]) throws(RelyingPartyUsageError) {
        let range = PublicKeyCredentialUserEntity.minimumIDLength...PublicKeyCredentialUserEntity.maximumIDLength
        guard range.contains(userHandle.count) else {
            throw RelyingPartyUsageError(
                "the user handle is \(userHandle.count) bytes; WebAuthn (§5.4.3) requires 1 to 64 random bytes"
            )
        }
    }

    /// Issues a new challenge for `ceremony`, bound to `userHandle`, and stores or seals it (§13.4.3).
    func issueChallenge(
        for ceremony: CeremonyKind,
        userHandle: [UInt8]?,
        parameters: CeremonyParameters = CeremonyParameters(),
        timeout: Duration? = nil
    ) async throws -> IssuedChallenge {
        let challenge = try random(count: Self.challengeLength)
        let now = clock()
        let lifetime = max(configuration.challengeLifetime, timeout ?? configuration.challengeLifetime)
        var issued = IssuedChallenge(
            challenge: challenge,
            ceremony: ceremony,
            userHandle: userHandle,
            issuedAt: now,
            expiresAt: now.addingTimeInterval(RelyingPartyConfiguration.seconds(lifetime)),
            parameters: parameters
        )
        issued.challenge = try await challengeStore.issue(issued)
        return issued
    }

    /// The largest challenge looked up in the store; anything longer was not issued here.
    static let maximumChallengeLength = 1024

    /// The challenge `clientData` names, decoded, when it could be one this relying party issued: not empty and
    /// at most ``maximumChallengeLength`` bytes.
    static func challengeBytes(named clientData: CollectedClientData) -> [UInt8]? {
        guard let challenge = Base64URL.decode(clientData.challenge), !challenge.isEmpty,
            challenge.count <= maximumChallengeLength
        else { return nil }
        return challenge
    }

    /// Takes the challenge the client data names out of the store: it is consumed whatever happens next.
    ///
    /// - Throws: ``WebAuthnError/Code/challengeNotFound`` when the challenge was never issued, has expired,
    ///   was already used, or was issued for the other ceremony.
    func consumeChallenge(
        named clientData: CollectedClientData,
        for ceremony: CeremonyKind,
        at now: Date
    ) async throws -> IssuedChallenge {
        guard let challenge = Self.challengeBytes(named: clientData) else {
            throw WebAuthnError(.challengeNotFound, "the clientDataJSON challenge is not one this relying party issues")
        }
        guard let issued = try await challengeStore.take(challenge, at: now) else {
            throw WebAuthnError(
                .challengeNotFound,
                "the challenge was never issued, has expired, or was already used; start the ceremony again"
            )
        }
        guard issued.isValid(at: now) else {
            throw WebAuthnError(.challengeNotFound, "the challenge expired at \(issued.expiresAt)")
        }
        guard issued.ceremony == ceremony else {
            throw WebAuthnError(
                .challengeNotFound,
                "the challenge was issued for \(issued.ceremony.rawValue), not \(ceremony.rawValue)"
            )
        }
        return issued
    }

    /// A descriptor for `record` in `excludeCredentials` or `allowCredentials` (§5.8.3).
    static func descriptor(for record: CredentialRecord) -> PublicKeyCredentialDescriptorJSON {
        PublicKeyCredentialDescriptorJSON(id: record.id, transports: ReportedTransports.kept(record.transports))
    }
}
