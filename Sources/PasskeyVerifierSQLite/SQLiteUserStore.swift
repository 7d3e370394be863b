#if SQLite
    import Foundation
    import NIOCore
    import PasskeyAccounts
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``UserStore`` in the SQLite database that holds the credential records: the accounts in the library's
    /// `passkey_accounts` table (``PasskeyVerifierSQLite/SQLiteAccountStore``), the Sign in with Apple links and secrets
    /// in the server's tables beside it (WebAuthn Level 3 §5.4.3 `user.id`).
    ///
    /// It runs on the storage's one connection (``PasskeyVerifierSQLite/SQLiteStorage/connection``), so its statements
    /// take turns with the credential and challenge stores' on the storage's thread, each taking the storage's gate
    /// outside a transaction (``SQLiteAccountStorage``). ``open(storage:)`` creates the
    /// server's tables when missing. Accounts are created by one `INSERT … ON CONFLICT DO NOTHING RETURNING`, so of
    /// concurrent first registrations of one username one wins.
    public struct SQLiteUserStore: UserStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements
        let accounts: SQLiteAccountStore

        /// The storage's connection.
        var connection: SQLiteConnection { statements.connection }

        /// The store whose statements run as `statements` do.
        init(statements: SQLiteStatements) {
            self.statements = statements
            self.accounts = SQLiteAccountStore(statements: statements)
        }

        /// Creates the server's tables (Sign in with Apple links and secrets, sessions) in `storage`'s database when
        /// missing, normalises usernames of earlier releases once, and returns the store. The statements run while
        /// no other statement of `storage` does.
        public static func open(storage: SQLiteStorage) async throws -> SQLiteUserStore {
            try await storage.withConnection { connection in try await createTables(on: connection) }
            return SQLiteUserStore(statements: storage.statements)
        }

        /// Creates the server's tables when missing and normalises the usernames of earlier releases once.
        static func createTables(on connection: SQLiteConnection) async throws {
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_apple_accounts (
                    apple_subject TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL UNIQUE REFERENCES passkey_accounts (username)
                )
                """
            )
            _ = try await connection.query(
                "CREATE INDEX IF NOT EXISTS passkey_server_apple_accounts_username ON passkey_server_apple_accounts (username)"
            )
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_apple_secrets (
                    secret TEXT PRIMARY KEY NOT NULL,
                    purpose TEXT NOT NULL,
                    username TEXT NOT NULL,
                    expires_at INTEGER NOT NULL
                )
                """
            )
            _ = try await connection.query(
                "CREATE INDEX IF NOT EXISTS passkey_server_apple_secrets_expires_at ON passkey_server_apple_secrets (expires_at)"
            )
            _ = try await connection.query(
                """
                CREATE INDEX IF NOT EXISTS passkey_server_apple_secrets_purpose_expires_at
                ON passkey_server_apple_secrets (purpose, expires_at)
                """
            )
            try await SQLiteSessionStore.createTable(on: connection)
            try await normalizeLegacyUsernames(on: connection)
        }

        /// Brings usernames stored before normalisation to their normalised form once
        /// (``AccountText/legacyRenames(_:)``; a name whose normalised form is taken stays as it was), and records that
        /// it ran in `passkey_server_migrations`. Each rename is one statement that checks the new name is free, so
        /// processes opening the file together cannot collide.
        static func normalizeLegacyUsernames(on connection: SQLiteConnection) async throws {
            _ = try await connection.query(
                "CREATE TABLE IF NOT EXISTS passkey_server_migrations (name TEXT PRIMARY KEY NOT NULL)"
            )
            let done = try await connection.query(
                "SELECT 1 FROM passkey_server_migrations WHERE name = ?",
                [.text(AccountText.normalizationMigration)]
            )
            guard done.isEmpty else { return }
            let names = try await connection.query("SELECT username FROM passkey_accounts")
                .compactMap { $0.column("username")?.string }
            for rename in AccountText.legacyRenames(names) {
                _ = try await connection.query(
                    """
                    UPDATE passkey_accounts SET username = ? WHERE username = ?
                    AND NOT EXISTS (SELECT 1 FROM passkey_accounts WHERE username = ?)
                    """,
                    [.text(rename.to), .text(rename.from), .text(rename.to)]
                )
            }
            _ = try await connection.query(
                "INSERT INTO passkey_server_migrations (name) VALUES (?) ON CONFLICT DO NOTHING",
                [.text(AccountText.normalizationMigration)]
            )
        }

        /// The stored handle of `username`, inserting `proposed` first when there is none.
        public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            try await accounts.userHandle(forUsername: username, proposing: proposed)
        }

        /// The stored handle of `username`, or `nil`.
        public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            try await accounts.existingUserHandle(forUsername: username)
        }

        /// The account whose handle is `userHandle`, or `nil`.
        public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            try await accounts.account(forUserHandle: userHandle)
        }

        /// Inserts `account`: `INSERT … ON CONFLICT DO NOTHING RETURNING`, one statement.
        public func createAccount(_ account: Account) async throws -> Bool {
            try await accounts.createAccount(account)
        }

        /// Sets the display name of the account of `userHandle`.
        public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            try await accounts.setDisplayName(displayName, forUserHandle: userHandle)
        }

        /// Whether a Sign in with Apple link names the account of `userHandle`.
        public func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                """
                SELECT 1 FROM passkey_server_apple_accounts JOIN passkey_accounts USING (username)
                WHERE user_handle = ?
                """,
                [.blob(ByteBuffer(bytes: userHandle))]
            )
            return !rows.isEmpty
        }

        /// The username linked to `subject`, creating the link and then the account when there are none. The link is
        /// inserted only while no account of that name exists (`INSERT … SELECT … WHERE NOT EXISTS … ON CONFLICT DO
        /// NOTHING RETURNING`, one statement), so of concurrent first sign-ins, in any process, one makes it and the
        /// others read it, and a link once made is never taken back: the account it names can then only be created by
        /// that call (the `apple:` prefix is reserved). A link whose account row is missing (a process stopped between
        /// the two statements) gets it on the next sign-in. An account that existed without a link is never linked:
        /// ``AppleAccountConflict``.
        public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
            let username = AppleAccountUsername.username(forSubject: subject)
            let linkedNow = try await statements.query(
                """
                INSERT INTO passkey_server_apple_accounts (apple_subject, username)
                SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM passkey_accounts WHERE username = ?)
                ON CONFLICT DO NOTHING RETURNING username
                """,
                [.text(subject), .text(username), .text(username)]
            )
            guard !linkedNow.isEmpty else {
                let rows = try await statements.query(
                    "SELECT username FROM passkey_server_apple_accounts WHERE apple_subject = ?",
                    [.text(subject)]
                )
                guard let linked = rows.first?.column("username")?.string else {
                    throw AppleAccountConflict(username: username)
                }
                _ = try await statements.query(
                    "INSERT INTO passkey_accounts (username, user_handle) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    [.text(linked), .blob(ByteBuffer(bytes: proposed))]
                )
                return linked
            }
            _ = try await statements.query(
                "INSERT INTO passkey_accounts (username, user_handle) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [.text(username), .blob(ByteBuffer(bytes: proposed))]
            )
            return username
        }

        /// Keeps `secret` (the expired ones are removed by ``removeExpiredAppleSignInSecrets(at:)``).
        public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
            _ = try await statements.query(
                "INSERT INTO passkey_server_apple_secrets (secret, purpose, username, expires_at) VALUES (?, ?, ?, ?)",
                [
                    .text(secret.value), .text(secret.purpose.rawValue), .text(secret.username),
                    .integer(Int(secret.expiresAt)),
                ]
            )
        }

        /// Deletes the secret and returns it when it had not expired: one `DELETE … RETURNING`, so one take wins.
        public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date)
            async throws
            -> AppleSignInSecret?
        {
            let rows = try await statements.query(
                "DELETE FROM passkey_server_apple_secrets WHERE secret = ? AND purpose = ? RETURNING username, expires_at",
                [.text(value), .text(purpose.rawValue)]
            )
            guard let row = rows.first, let username = row.column("username")?.string,
                let expiresAt = row.column("expires_at")?.integer
            else { return nil }
            guard AppleSignInSecret.seconds(now) <= Int64(expiresAt) else { return nil }
            return AppleSignInSecret(value: value, purpose: purpose, username: username, expiresAt: Int64(expiresAt))
        }

        /// Deletes the secrets that expired before `now`: the periodic cleanup (``ExpiredRowsCleanup``).
        public func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
            let rows = try await statements.query(
                "DELETE FROM passkey_server_apple_secrets WHERE expires_at < ? RETURNING 1",
                [.integer(Int(AppleSignInSecret.seconds(now)))]
            )
            return rows.count
        }

        /// Deletes the secrets of `purpose` that expire first until at most `maximumCount` are left: the periodic
        /// cleanup's cap (``ExpiredRowsCleanup``).
        public func removeOldestAppleSignInSecrets(purpose: AppleSignInSecret.Purpose, keeping maximumCount: Int)
            async throws -> Int
        {
            let rows = try await statements.query(
                """
                DELETE FROM passkey_server_apple_secrets WHERE secret IN (
                    SELECT secret FROM passkey_server_apple_secrets WHERE purpose = ?
                    ORDER BY expires_at DESC LIMIT -1 OFFSET ?
                ) RETURNING 1
                """,
                [.text(purpose.rawValue), .integer(max(0, maximumCount))]
            )
            return rows.count
        }
    }
#else
    /// The users and their Sign in with Apple links in SQLite, built only with the package trait `SQLite`: without it this placeholder names the trait in the compiler's
    /// error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteUserStore {}
#endif
