#if Hummingbird
import PasskeyAccounts
import PasskeyMetadata
import PasskeyVerifier

/// The stores the server works with, in one database, and their unit of work (``PasskeyAccounts/AccountStorage``):
/// the credential records and challenges of the library (WebAuthn Level 3 §4 "credential record", §13.4.3), the
/// accounts (``UserStore``) and sessions (``SessionStore``), and the last good FIDO metadata BLOB (FIDO Metadata
/// Service v3.0 §3.2).
public struct PasskeyStorage: Sendable {
    /// The stores and the transactions of the ceremony steps.
    public let accountStorage: any AccountStorage
    /// The last good metadata BLOB and its `no`; `nil` when the database keeps none.
    public let metadataStore: (any MetadataBLOBStore)?
    let closeConnections: @Sendable () async throws -> Void

    /// The credential records, each call its own commit.
    public var credentialStore: any CredentialStore { accountStorage.stores.credentials }
    /// The pending challenges, each call its own commit.
    public var challengeStore: any ChallengeStore { accountStorage.stores.challenges }
    /// The digests of used sealed challenges, each call its own commit; `nil` when the storage keeps none.
    public var usedChallengeStore: (any UsedChallengeStore)? { accountStorage.stores.usedChallenges }
    /// The users and their handles, each call its own commit.
    public var userStore: any UserStore { accountStorage.stores.users }
    /// The signed-in sessions, each call its own commit.
    public var sessionStore: any SessionStore { accountStorage.stores.sessions }

    /// Creates the storage over `accountStorage`; `close` releases its connections.
    public init(
        accountStorage: any AccountStorage,
        metadataStore: (any MetadataBLOBStore)? = nil,
        close: @escaping @Sendable () async throws -> Void = {}
    ) {
        self.accountStorage = accountStorage
        self.metadataStore = metadataStore
        self.closeConnections = close
    }

    /// Creates the storage from a host's own stores, which have no transactions: each store call commits on its
    /// own, so a ceremony step that fails half way can leave what it wrote (a credential without its account).
    /// Implement ``PasskeyAccounts/AccountStorage`` over the host's database instead, or use the SQLite or
    /// PostgreSQL storage.
    public init(
        credentialStore: any CredentialStore,
        challengeStore: any ChallengeStore,
        userStore: any UserStore,
        sessionStore: any SessionStore,
        metadataStore: (any MetadataBLOBStore)? = nil,
        close: @escaping @Sendable () async throws -> Void = {}
    ) {
        self.init(
            accountStorage: StoresWithoutTransactions(
                stores: AccountStores(
                    credentials: credentialStore,
                    challenges: challengeStore,
                    users: userStore,
                    sessions: sessionStore
                )
            ),
            metadataStore: metadataStore,
            close: close
        )
    }

    /// The same storage with a ``StoreDeadline`` on every call outside a transaction and on every transaction as a
    /// whole.
    public func withDeadline(_ deadline: StoreDeadline) -> PasskeyStorage {
        PasskeyStorage(
            accountStorage: DeadlineAccountStorage(accountStorage, deadline: deadline),
            metadataStore: metadataStore,
            close: closeConnections
        )
    }

    /// The challenge key every instance on this database shares: the secret the first instance stored
    /// (``PasskeyVerifier/UsedChallengeStore/sealingSecret(proposing:)``), as key 1; `nil` when the storage records no
    /// used challenges, so that its challenges cannot be sealed.
    ///
    /// - Throws: the store's errors; `CryptoError` when no random secret can be drawn.
    public func sharedChallengeKey() async throws -> ChallengeSealer.Key? {
        guard let used = accountStorage.stores.usedChallenges else { return nil }
        let secret = try await used.sealingSecret(proposing: try SecureRandom.bytes(count: 32))
        return try ChallengeSealer.Key(identifier: 1, secret: secret)
    }

    /// Releases the connections; the stores fail afterwards.
    public func close() async throws {
        try await closeConnections()
    }
}

/// A host's stores without a unit of work: a transaction is its body's calls, each committed on its own.
struct StoresWithoutTransactions: AccountStorage {
    let stores: AccountStores

    func withTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (AccountStores) async throws -> Result
    ) async throws -> Result {
        try await body(stores)
    }
}
#endif
