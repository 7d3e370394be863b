import PasskeyVerifier

/// Where a relying party keeps its credential records, challenges, accounts and sessions, with a unit of work over
/// them: each ceremony step of ``AccountService`` is one ``withTransaction(_:)`` that commits once or not at all
/// (WebAuthn Level 3 §7.1 `#reg-ceremony-create-credential-record` stores the record "in the user account"; §13.4.3
/// single-use challenges).
///
/// ``InMemoryAccountStorage`` keeps everything in one process; the `SQLite` and `PostgreSQL` traits ship
/// `SQLiteAccountStorage` and `PostgresAccountStorage` over their databases. `AccountStorageConformanceTests` in the
/// test kit checks an implementation.
///
/// An implementation keeps these guarantees, in every process that shares its database:
/// - The stores that ``withTransaction(_:)`` hands its body run their calls in one transaction. When the body
///   returns, every write commits, once; when it throws, or the transaction cannot commit, none does, and the error
///   is rethrown. A process killed at any point commits nothing that had not committed.
/// - Two transactions that write the same rows never both commit a decision made on what the other changed: SQLite's
///   `BEGIN IMMEDIATE` runs them one after the other; on PostgreSQL a step that changes an account first locks its
///   row (``UserStore/lockAccount(userHandle:)``), and the compare-and-set of a credential's counter re-reads.
/// - ``stores`` outside a transaction make each call its own commit, and never join a transaction in progress.
/// - The transaction's stores are used only inside the body, never after it returns.
public protocol AccountStorage: Sendable {
    /// The stores, each call committed on its own: for what needs no unit of work (reads, a rename, a sign-out).
    var stores: AccountStores { get }

    /// Runs `body` in one transaction over the stores it is handed, and commits it when `body` returns.
    ///
    /// - Returns: what `body` returns, once the transaction committed.
    /// - Throws: what `body` throws (nothing is committed then), or the store's error when the transaction could not
    ///   begin or commit.
    func withTransaction<Result: Sendable>(
        _ body: @escaping @Sendable (AccountStores) async throws -> Result
    ) async throws -> Result

    /// Commits a verified sign-in's writes in one transaction (``SignInCommit``), or none of them. The default runs
    /// the stores' calls in ``withTransaction(_:)``; a storage may make it one statement, with the same outcomes.
    ///
    /// - Returns: the outcome; only ``SignInCommit/Outcome/committed(_:)`` wrote anything.
    /// - Throws: the store's errors; nothing is committed then.
    func commitSignIn(_ signIn: SignInCommit) async throws -> SignInCommit.Outcome
}

/// The stores of an ``AccountStorage``, outside a transaction or inside one.
public struct AccountStores: Sendable {
    /// The credential records (WebAuthn Level 3 §4 "credential record").
    public var credentials: any CredentialStore
    /// The pending challenges (§13.4.3).
    public var challenges: any ChallengeStore
    /// The accounts, their Sign in with Apple links and secrets.
    public var users: any UserStore
    /// The signed-in sessions.
    public var sessions: any SessionStore
    /// The sealed challenges a ceremony used (§13.4.3), in the same database; `nil` when the storage keeps none, and
    /// then every challenge is stored in ``challenges``.
    public var usedChallenges: (any UsedChallengeStore)?

    /// Bundles the stores.
    public init(
        credentials: any CredentialStore,
        challenges: any ChallengeStore,
        users: any UserStore,
        sessions: any SessionStore,
        usedChallenges: (any UsedChallengeStore)? = nil
    ) {
        self.credentials = credentials
        self.challenges = challenges
        self.users = users
        self.sessions = sessions
        self.usedChallenges = usedChallenges
    }
}
