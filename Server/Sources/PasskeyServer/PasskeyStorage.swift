import Logging
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierPostgres
import PasskeyVerifierSQLite
import PostgresNIO

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

    /// Opens the SQLite file at `path`, creating it and its tables when missing and migrating older ones.
    public static func openSQLite(path: String) async throws -> PasskeyStorage {
        let storage = try await SQLiteStorage.open(.file(path: path))
        let users: SQLiteUserStore
        do {
            users = try await SQLiteUserStore.open(path: path)
        } catch {
            try? await storage.close()
            throw error
        }
        return PasskeyStorage(
            credentialStore: storage.credentialStore,
            challengeStore: storage.challengeStore,
            userStore: users,
            sessionStore: SQLiteSessionStore(connection: users.connection),
            metadataStore: storage.metadataBLOBStore,
            close: {
                try await users.close()
                try await storage.close()
            }
        )
    }

    /// Brings the database of `client`, a running pool, to the library's schema and creates the server's tables.
    public static func openPostgres(client: PostgresClient, logger: Logger) async throws -> PasskeyStorage {
        let storage = try await PostgresStorage.open(client: client, logger: logger)
        let users = try await PostgresUserStore.open(client: client, logger: logger)
        return PasskeyStorage(
            credentialStore: storage.credentialStore,
            challengeStore: storage.challengeStore,
            userStore: users,
            sessionStore: PostgresSessionStore(client: client, logger: logger),
            metadataStore: storage.metadataBLOBStore
        )
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
