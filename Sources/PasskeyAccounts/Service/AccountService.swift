import Foundation
import PasskeyVerifier

/// A relying party's accounts, passkeys and sessions as one service with no web framework and no SQL: what an
/// adapter's routes do, each ceremony step one transaction of its ``AccountStorage`` that commits once or not at all
/// (WebAuthn Level 3 §7.1 "Registering a New Credential", §7.2 "Verifying an Authentication Assertion").
///
/// - A registration creates the account or checks the session's account and its passkey count, stores the
///   credential and starts the session in one commit: a process killed at any point leaves no credential without an
///   account.
/// - A sign-in compare-and-sets the credential's counter, inserts the session and ends the account's oldest
///   sessions in one commit.
/// - A deletion removes the passkey under the last-passkey rule, ends its sessions and the account's pending
///   registrations in one commit.
///
/// A ceremony's challenge is taken in a commit of its own first, so that of every response naming it one is answered
/// (§13.4.3), and the response is verified before the transaction begins, holding no connection and no lock: a
/// refused ceremony commits nothing else. Errors are `WebAuthnError` (the ceremonies'), ``AccountError`` (the account rules')
/// and the stores' own.
public struct AccountService: Sendable {
    /// The rules of the service.
    public struct Configuration: Sendable {
        /// The most passkeys an account may hold (§5.4.3 `excludeCredentials` lists them all).
        public var maximumPasskeysPerAccount: Int
        /// How sessions are issued.
        public var sessions: SessionIssuing
        /// Whether a named sign-in for an unknown username gets made-up options and fails as a known one does
        /// (§14.6.2 "Username Enumeration").
        public var concealsUnknownUsernames: Bool
        /// The key of the made-up options of concealed usernames, shared by every instance; random per process when
        /// `nil`.
        public var concealmentKey: [UInt8]?
        /// The FIDO conformance tools' open registration: a registration of an existing username needs no session,
        /// and starts none.
        public var conformance: Bool
        /// The operator's user verification: a client may ask for stricter, never for less (§5.4.4, §5.5).
        public var userVerification: UserVerificationRequirement
        /// Seals the challenges of sign-ins, so that starting one writes nothing and finishing one commits once
        /// (`SealedChallengeStore`), when the storage records used challenges (``AccountStores/usedChallenges``);
        /// `nil` stores every challenge. Every instance of the relying party needs the same keys.
        public var challengeSealer: ChallengeSealer?

        /// Creates the rules.
        public init(
            maximumPasskeysPerAccount: Int = 32,
            sessions: SessionIssuing = SessionIssuing(),
            concealsUnknownUsernames: Bool = false,
            concealmentKey: [UInt8]? = nil,
            conformance: Bool = false,
            userVerification: UserVerificationRequirement = .preferred,
            challengeSealer: ChallengeSealer? = nil
        ) {
            self.maximumPasskeysPerAccount = maximumPasskeysPerAccount
            self.sessions = sessions
            self.concealsUnknownUsernames = concealsUnknownUsernames
            self.concealmentKey = concealmentKey
            self.conformance = conformance
            self.userVerification = userVerification
            self.challengeSealer = challengeSealer
        }

        /// The user verification of a ceremony whose client asked for `asked`: the stricter of
        /// ``userVerification`` and `asked`, so that no client signs in with presence only where the operator
        /// requires verification; in the ``conformance`` mode the client's own choice, as the conformance tools
        /// expect.
        public func userVerification(askedFor asked: UserVerificationRequirement?) -> UserVerificationRequirement {
            guard let asked else { return userVerification }
            if conformance { return asked }
            return Self.strictness(asked) > Self.strictness(userVerification) ? asked : userVerification
        }

        /// `discouraged` < `preferred` < `required`.
        private static func strictness(_ requirement: UserVerificationRequirement) -> Int {
            switch requirement {
            case .discouraged: 0
            case .preferred: 1
            case .required: 2
            }
        }
    }

    /// The relying party whose ceremonies the service runs; its own stores serve nothing here: each ceremony runs
    /// over the stores of its transaction.
    public let relyingParty: RelyingParty
    /// The stores and their unit of work.
    public let storage: any AccountStorage
    /// The rules.
    public let configuration: Configuration
    /// The attestation trust policy of each registration (the current FIDO metadata BLOB's), or `nil` for the
    /// relying party's own.
    public let trustPolicy: (@Sendable () async throws -> (any AttestationTrustPolicy)?)?
    /// The current instant of sessions and Apple secrets.
    public let clock: @Sendable () -> Date
    /// SHA-256 of ``Configuration/concealmentKey``, else random for each process.
    let concealmentKey: [UInt8]

    /// Creates the service.
    public init(
        relyingParty: RelyingParty,
        storage: any AccountStorage,
        configuration: Configuration = Configuration(),
        trustPolicy: (@Sendable () async throws -> (any AttestationTrustPolicy)?)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let stores = storage.stores
        self.relyingParty = relyingParty.using(
            credentialStore: stores.credentials,
            challengeStore: Self.challengeStore(of: stores, sealer: configuration.challengeSealer)
        )
        self.storage = storage
        self.configuration = configuration
        self.trustPolicy = trustPolicy
        self.clock = clock
        var generator = SystemRandomNumberGenerator()
        self.concealmentKey =
            configuration.concealmentKey.map { HashAlgorithm.sha256.hash($0) }
            ?? (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The challenges of `stores`: sealed for sign-ins with `sealer` when they record used challenges.
    static func challengeStore(of stores: AccountStores, sealer: ChallengeSealer?) -> any ChallengeStore {
        guard let sealer, let used = stores.usedChallenges else { return stores.challenges }
        return SealedChallengeStore(sealer: sealer, usedChallenges: used, registrations: stores.challenges)
    }

    /// The current instant in whole seconds, as sessions store it.
    var now: Int64 { AppleSignInSecret.seconds(clock()) }

    /// `credentialLimitReached` for an account at `maximum`.
    static func limitReached(_ maximum: Int) -> AccountError {
        AccountError(
            .credentialLimitReached,
            "the account holds \(maximum) passkeys, the most allowed: delete one before adding another"
        )
    }
}
