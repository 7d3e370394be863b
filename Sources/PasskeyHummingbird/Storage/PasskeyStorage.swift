#if Hummingbird
import PasskeyAccounts
import PasskeyMetadata
import PasskeyVerifier

/// The four stores the server works with, in one database: the credential records and challenges of the
/// library (WebAuthn Level 3 §4 "credential record", §13.4.3), the server's ``UserStore`` and its
/// ``SessionStore``, and the last good FIDO metadata BLOB (FIDO Metadata Service v3.0 §3.2).
public struct PasskeyStorage: Sendable {
    /// The credential records.
    public let credentialStore: any CredentialStore
    /// The pending challenges.
    public let challengeStore: any ChallengeStore
    /// The users and their handles.
    public let userStore: any UserStore
    /// The signed-in sessions.
    public let sessionStore: any SessionStore
    /// The last good metadata BLOB and its `no`; `nil` when the database keeps none.
    public let metadataStore: (any MetadataBLOBStore)?
    let closeConnections: @Sendable () async throws -> Void

    /// Creates the storage from its stores; `close` releases their connections.
    public init(
        credentialStore: any CredentialStore,
        challengeStore: any ChallengeStore,
        userStore: any UserStore,
        sessionStore: any SessionStore,
        metadataStore: (any MetadataBLOBStore)? = nil,
        close: @escaping @Sendable () async throws -> Void = {}
    ) {
        self.credentialStore = credentialStore
        self.challengeStore = challengeStore
        self.userStore = userStore
        self.sessionStore = sessionStore
        self.metadataStore = metadataStore
        self.closeConnections = close
    }

    /// The same storage with a ``StoreDeadline`` on every call of its credential, challenge, user and session stores.
    public func withDeadline(_ deadline: StoreDeadline) -> PasskeyStorage {
        PasskeyStorage(
            credentialStore: DeadlineCredentialStore(credentialStore, deadline: deadline),
            challengeStore: DeadlineChallengeStore(challengeStore, deadline: deadline),
            userStore: DeadlineUserStore(userStore, deadline: deadline),
            sessionStore: DeadlineSessionStore(sessionStore, deadline: deadline),
            metadataStore: metadataStore,
            close: closeConnections
        )
    }

    /// Releases the connections; the stores fail afterwards.
    public func close() async throws {
        try await closeConnections()
    }
}
#endif
