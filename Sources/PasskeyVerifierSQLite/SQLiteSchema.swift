#if SQLite
    import PasskeyVerifier
    import SQLiteNIO

    /// The tables of ``SQLiteStorage`` and the migrations that create them, one list of statements per schema
    /// version (WebAuthn Level 3 §4 "credential record", §13.4.3).
    ///
    /// Version 1: `passkey_credentials` (a credential record per row, `sequence` keeping insertion order,
    /// `credential_id` unique across users, instants as seconds since 1970 in `REAL` columns), and
    /// `passkey_challenges` (a pending challenge per row, indexed by expiry).
    ///
    /// Version 2: `passkey_metadata_blob`, the last good FIDO metadata BLOB (FIDO Metadata Service v3.0 §3.2) in
    /// its one row (`id` 1), with its `no` and the instant it was saved.
    ///
    /// Version 3: `passkey_accounts`, the accounts of ``SQLiteAccountStore`` (username primary key, user handle
    /// unique, display name). A database whose `passkey_server_users` table (the same columns, kept by earlier
    /// releases of passkey-server) exists has that table renamed, so its accounts, and the references other
    /// tables hold to it, carry over.
    /// Version 4: `passkey_used_challenges`, the SHA-256 digests of the sealed challenges a ceremony used, with their
    /// expiry (indexed), and `passkey_challenge_keys`, the sealing secret every instance shares.
    public enum SQLiteSchema {
        /// The schema version this release creates and reads.
        public static var currentVersion: Int { migrations.count }

        /// `migrations[n]` brings a database from version `n` to `n + 1`.
        static let migrations: [[String]] = [
            [
                """
                CREATE TABLE passkey_credentials (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    credential_id BLOB NOT NULL UNIQUE,
                    user_handle BLOB,
                    public_key BLOB NOT NULL,
                    sign_count INTEGER NOT NULL,
                    backup_eligible INTEGER NOT NULL,
                    backup_state INTEGER NOT NULL,
                    uv_initialized INTEGER NOT NULL,
                    transports TEXT NOT NULL,
                    registered_at REAL,
                    aaguid BLOB,
                    attestation_format TEXT,
                    attestation_type TEXT,
                    discoverable INTEGER,
                    registered_backup_eligible INTEGER,
                    registered_backup_state INTEGER,
                    nickname TEXT,
                    last_used_at REAL,
                    version INTEGER NOT NULL
                )
                """,
                "CREATE INDEX passkey_credentials_by_user ON passkey_credentials (user_handle, sequence)",
                """
                CREATE TABLE passkey_challenges (
                    challenge BLOB PRIMARY KEY,
                    ceremony TEXT NOT NULL,
                    user_handle BLOB,
                    issued_at REAL NOT NULL,
                    expires_at REAL NOT NULL,
                    parameters BLOB NOT NULL
                )
                """,
                "CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_at)",
            ],
            [
                """
                CREATE TABLE passkey_metadata_blob (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    serial_number INTEGER NOT NULL,
                    jws BLOB NOT NULL,
                    saved_at REAL NOT NULL
                )
                """
            ],
            [
                """
                CREATE TABLE IF NOT EXISTS passkey_accounts (
                    username TEXT PRIMARY KEY NOT NULL,
                    user_handle BLOB NOT NULL UNIQUE,
                    display_name TEXT
                )
                """
            ],
            [
                """
                CREATE TABLE IF NOT EXISTS passkey_used_challenges (
                    digest BLOB PRIMARY KEY,
                    expires_at REAL NOT NULL
                ) WITHOUT ROWID
                """,
                "CREATE INDEX IF NOT EXISTS passkey_used_challenges_by_expiry ON passkey_used_challenges (expires_at)",
                """
                CREATE TABLE IF NOT EXISTS passkey_challenge_keys (
                    identifier INTEGER PRIMARY KEY,
                    secret BLOB NOT NULL
                )
                """,
            ],
        ]

        /// The schema version that adds `passkey_accounts`.
        static let accountsVersion = 3

        /// Creates or migrates the schema in one `BEGIN IMMEDIATE` transaction: a second process opening the
        /// same file waits for the first and then finds the schema current.
        static func migrate(_ connection: SQLiteConnection) async throws {
            try await retryingWhileBusy {
                _ = try await connection.query("BEGIN IMMEDIATE")
            }
            do {
                _ = try await connection.query(
                    "CREATE TABLE IF NOT EXISTS passkey_schema_version (version INTEGER NOT NULL)"
                )
                let recorded = try await recordedVersion(connection)
                if recorded == nil {
                    _ = try await connection.query("INSERT INTO passkey_schema_version (version) VALUES (0)")
                }
                let version = recorded ?? 0
                guard version >= 0 else {
                    throw StoreError(
                        .unsupportedSchemaVersion,
                        "the database's schema version is \(version), which no release writes: "
                            + "the passkey_schema_version table is damaged"
                    )
                }
                guard version <= currentVersion else {
                    throw StoreError(
                        .unsupportedSchemaVersion,
                        "the database's schema version is \(version); this release knows 1 to \(currentVersion)"
                    )
                }
                for (index, statements) in migrations.enumerated().dropFirst(version) {
                    if index + 1 == accountsVersion {
                        try await adoptServerAccounts(connection)
                    }
                    for statement in statements {
                        _ = try await connection.query(statement)
                    }
                }
                _ = try await connection.query(
                    "UPDATE passkey_schema_version SET version = ?",
                    [.integer(SQLiteInt64(currentVersion))]
                )
                try await retryingWhileBusy { _ = try await connection.query("COMMIT") }
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }

        /// Renames the `passkey_server_users` table of an earlier passkey-server to `passkey_accounts`, adding its
        /// `display_name` column when that release had none, so the accounts carry over; does nothing when there is
        /// no such table. SQLite rewrites the foreign keys of other tables that name it.
        static func adoptServerAccounts(_ connection: SQLiteConnection) async throws {
            let tables = try await connection.query(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'passkey_server_users'"
            )
            guard !tables.isEmpty else { return }
            _ = try await connection.query("ALTER TABLE passkey_server_users RENAME TO passkey_accounts")
            let columns = try await connection.query("PRAGMA table_info(passkey_accounts)")
            if !columns.contains(where: { $0.column("name")?.string == "display_name" }) {
                _ = try await connection.query("ALTER TABLE passkey_accounts ADD COLUMN display_name TEXT")
            }
        }

        /// Runs `statement` until it does not fail with `SQLITE_BUSY` or `SQLITE_LOCKED` and returns its value,
        /// sleeping `pause` between attempts, for at most `timeout` (by default
        /// ``SQLiteStorage/migrationTimeoutMilliseconds``, 5 ms apart): the connection's busy timeout is 0, so
        /// waiting for another connection's lock never blocks a thread of the pool that connection may need, and
        /// the wait ends `pause` after the lock is released, not after SQLite's own backoff (up to 100 ms a sleep).
        static func retryingWhileBusy<Value>(
            timeout: Duration = .milliseconds(SQLiteStorage.migrationTimeoutMilliseconds),
            pause: Duration = .milliseconds(5),
            _ statement: () async throws -> Value
        ) async throws -> Value {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
            while true {
                do {
                    return try await statement()
                } catch let error as SQLiteError {
                    guard isBusy(error), clock.now < deadline else { throw error }
                    try await Task.sleep(for: pause)
                }
            }
        }

        /// Whether `error` says another connection holds a lock.
        static func isBusy(_ error: SQLiteError) -> Bool {
            switch error.reason {
            case .busy, .locked, .busyInRecovery, .busyInSnapshot, .busyTimeout: true
            default: false
            }
        }

        /// The version in `passkey_schema_version`, or `nil` when the table has no row.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/unsupportedSchemaVersion`` when the stored version is not an
        ///   integer (a text or a real, which SQLite keeps as given in an `INTEGER` column).
        static func recordedVersion(_ connection: SQLiteConnection) async throws -> Int? {
            let rows = try await connection.query("SELECT version FROM passkey_schema_version")
            guard let row = rows.first else { return nil }
            guard case .integer(let version)? = row.column("version") else {
                throw StoreError(
                    .unsupportedSchemaVersion,
                    "the database's schema version is not an integer: the passkey_schema_version table is damaged"
                )
            }
            return Int(version)
        }
    }
#else
    /// The SQLite schema and its migrations, built only with the package trait `SQLite`: without it this placeholder
    /// names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteSchema {}
#endif
