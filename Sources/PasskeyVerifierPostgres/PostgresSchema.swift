#if PostgreSQL
    import PasskeyVerifier
    import PostgresNIO

    /// The tables of ``PostgresStorage`` and the migrations that create them, one list of statements per schema
    /// version (WebAuthn Level 3 §4 "credential record", §13.4.3).
    ///
    /// Version 1: `passkey_credentials` (a credential record per row, `sequence` an identity column keeping
    /// insertion order, `credential_id` the primary key, unique across users), `passkey_challenges` (a pending
    /// challenge per row, indexed by expiry), and `passkey_schema_version`.
    ///
    /// Version 2: `passkey_metadata_blob`, the last good FIDO metadata BLOB (FIDO Metadata Service v3.0 §3.2) in
    /// its one row (`id` 1), with its `no` and the instant it was saved.
    ///
    /// Version 3: `passkey_accounts`, the accounts of ``PostgresAccountStore`` (username primary key, user handle
    /// unique, display name). A database whose `passkey_server_users` table (the same columns, kept by earlier
    /// releases of passkey-server) exists has that table and its two constraints renamed, so its accounts, and the
    /// foreign keys other tables hold to it, carry over, and the schema is the same as a new database's.
    ///
    /// Version 4: `passkey_used_challenges`, the SHA-256 digests of the sealed challenges a ceremony used, with their
    /// expiry (indexed), and `passkey_challenge_keys`, the sealing secret every instance shares.
    public enum PostgresSchema {
        /// The schema version this release creates and reads.
        public static var currentVersion: Int { migrations.count }

        /// The key of the transaction-level advisory lock (`pg_advisory_xact_lock`) every migration takes first,
        /// so that of several processes starting at once one migrates and the others then find the schema current.
        public static let advisoryLockKey: Int64 = 0x7061_7373_6B65_7931

        /// `migrations[n]` brings a database from version `n` to `n + 1`.
        static let migrations: [[PostgresQuery]] = [
            [
                """
                CREATE TABLE passkey_credentials (
                    sequence BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
                    credential_id BYTEA PRIMARY KEY,
                    user_handle BYTEA,
                    public_key BYTEA NOT NULL,
                    sign_count BIGINT NOT NULL,
                    backup_eligible BOOLEAN NOT NULL,
                    backup_state BOOLEAN NOT NULL,
                    uv_initialized BOOLEAN NOT NULL,
                    transports TEXT[] NOT NULL,
                    registered_at TIMESTAMPTZ,
                    aaguid BYTEA,
                    attestation_format TEXT,
                    attestation_type TEXT,
                    discoverable BOOLEAN,
                    registered_backup_eligible BOOLEAN,
                    registered_backup_state BOOLEAN,
                    nickname TEXT,
                    last_used_at TIMESTAMPTZ,
                    version BIGINT NOT NULL
                )
                """,
                "CREATE INDEX passkey_credentials_by_user ON passkey_credentials (user_handle, sequence)",
                """
                CREATE TABLE passkey_challenges (
                    challenge BYTEA PRIMARY KEY,
                    ceremony TEXT NOT NULL,
                    user_handle BYTEA,
                    issued_at TIMESTAMPTZ NOT NULL,
                    expires_at TIMESTAMPTZ NOT NULL,
                    parameters BYTEA NOT NULL
                )
                """,
                "CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_at)",
            ],
            [
                """
                CREATE TABLE passkey_metadata_blob (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    serial_number BIGINT NOT NULL,
                    jws BYTEA NOT NULL,
                    saved_at TIMESTAMPTZ NOT NULL
                )
                """
            ],
            [
                "ALTER TABLE IF EXISTS passkey_server_users RENAME TO passkey_accounts",
                "ALTER INDEX IF EXISTS passkey_server_users_pkey RENAME TO passkey_accounts_pkey",
                "ALTER INDEX IF EXISTS passkey_server_users_user_handle_key RENAME TO passkey_accounts_user_handle_key",
                """
                CREATE TABLE IF NOT EXISTS passkey_accounts (
                    username TEXT PRIMARY KEY,
                    user_handle BYTEA NOT NULL UNIQUE,
                    display_name TEXT
                )
                """,
                "ALTER TABLE passkey_accounts ADD COLUMN IF NOT EXISTS display_name TEXT",
            ],
            [
                """
                CREATE TABLE IF NOT EXISTS passkey_used_challenges (
                    digest BYTEA PRIMARY KEY,
                    expires_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX IF NOT EXISTS passkey_used_challenges_by_expiry ON passkey_used_challenges (expires_at)",
                """
                CREATE TABLE IF NOT EXISTS passkey_challenge_keys (
                    identifier INTEGER PRIMARY KEY,
                    secret BYTEA NOT NULL
                )
                """,
            ],
        ]

        /// Creates or migrates the schema in one transaction holding ``advisoryLockKey``; a ``StoreError`` thrown
        /// inside is rethrown as it is, not wrapped in `PostgresTransactionError`.
        static func migrate(_ client: PostgresClient, logger: Logger) async throws {
            do {
                try await migrateInTransaction(client, logger: logger)
            } catch let error as PostgresTransactionError {
                if let storeError = error.closureError as? StoreError {
                    throw storeError
                }
                throw error
            }
        }

        private static func migrateInTransaction(_ client: PostgresClient, logger: Logger) async throws {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS passkey_schema_version (version INTEGER NOT NULL)",
                    logger: logger
                )
                let rows = try await connection.query("SELECT version FROM passkey_schema_version", logger: logger)
                    .collect()
                let recorded = try rows.first.map(recordedVersion)
                if recorded == nil {
                    try await connection.query(
                        "INSERT INTO passkey_schema_version (version) VALUES (0)",
                        logger: logger
                    )
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
                for statements in migrations[version...] {
                    for statement in statements {
                        try await connection.query(statement, logger: logger)
                    }
                }
                try await connection.query(
                    "UPDATE passkey_schema_version SET version = \(Int32(currentVersion))",
                    logger: logger
                )
            }
        }

        /// The version a `passkey_schema_version` row holds.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/unsupportedSchemaVersion`` when it is not an integer (a
        ///   column of another type in a table this release did not create).
        static func recordedVersion(_ row: PostgresRow) throws -> Int {
            do {
                return try row.makeRandomAccess()["version"].decode(Int.self)
            } catch {
                throw StoreError(
                    .unsupportedSchemaVersion,
                    "the database's schema version is not an integer: the passkey_schema_version table is damaged"
                )
            }
        }
    }
#else
    /// The PostgreSQL schema and its migrations, built only with the package trait `PostgreSQL`: without it this
    /// placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresSchema {}
#endif
