#if SQLite
    import NIOCore
    import PasskeyAccounts
    import SQLiteNIO

    /// A ``SessionStore`` in the `passkey_server_sessions` table of the SQLite file that holds the accounts, on the
    /// library storage's one connection (``PasskeyVerifierSQLite/SQLiteStorage/connection``: one statement at a time on
    /// its own thread, each taking the storage's gate outside a transaction of ``SQLiteAccountStorage``).
    public struct SQLiteSessionStore: SessionStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        /// Creates the store on `connection`, whose statements take the gate of the open ``SQLiteStorage`` that owns
        /// it (``SQLiteStorage/sessionStore`` is the same store); the table exists once
        /// ``SQLiteUserStore/open(storage:)`` ran.
        public init(connection: SQLiteConnection) {
            self.statements = .gated(connection, gate: SQLiteGateRegistry.shared.gate(for: connection))
        }

        /// The store whose statements run as `statements` do.
        init(statements: SQLiteStatements) {
            self.statements = statements
        }

        /// Creates the table and its indexes when missing.
        static func createTable(on connection: SQLiteConnection) async throws {
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_sessions (
                    token_hash BLOB PRIMARY KEY NOT NULL,
                    user_handle BLOB NOT NULL,
                    credential_id BLOB NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_seen_at INTEGER NOT NULL,
                    idle_expires_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    user_agent TEXT NOT NULL
                )
                """
            )
            for column in ["user_handle", "credential_id", "idle_expires_at", "expires_at"] {
                _ = try await connection.query(
                    "CREATE INDEX IF NOT EXISTS passkey_server_sessions_\(column) ON passkey_server_sessions (\(column))"
                )
            }
        }

        /// Inserts the row.
        public func insert(_ session: SessionRecord) async throws {
            _ = try await statements.query(
                """
                INSERT INTO passkey_server_sessions (token_hash, user_handle, credential_id, created_at, last_seen_at,
                    idle_expires_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .blob(ByteBuffer(bytes: session.tokenHash)), .blob(ByteBuffer(bytes: session.userHandle)),
                    .blob(ByteBuffer(bytes: session.credentialID)), .integer(Int(session.createdAt)),
                    .integer(Int(session.lastSeenAt)), .integer(Int(session.idleExpiresAt)),
                    .integer(Int(session.expiresAt)), .text(session.userAgent),
                ]
            )
        }

        /// One read by the primary key.
        public func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
            let rows = try await statements.query(
                """
                SELECT user_handle, credential_id, created_at, last_seen_at, idle_expires_at, expires_at, user_agent
                FROM passkey_server_sessions WHERE token_hash = ?
                """,
                [.blob(ByteBuffer(bytes: tokenHash))]
            )
            guard let row = rows.first else { return nil }
            guard case .blob(let userHandle) = row.column("user_handle"),
                case .blob(let credentialID) = row.column("credential_id"),
                let createdAt = row.column("created_at")?.integer,
                let lastSeenAt = row.column("last_seen_at")?.integer,
                let idleExpiresAt = row.column("idle_expires_at")?.integer,
                let expiresAt = row.column("expires_at")?.integer,
                let userAgent = row.column("user_agent")?.string
            else {
                throw UserStoreError("a stored session row has a column of the wrong type")
            }
            return SessionRecord(
                tokenHash: tokenHash,
                userHandle: Array(userHandle.readableBytesView),
                credentialID: Array(credentialID.readableBytesView),
                createdAt: Int64(createdAt),
                lastSeenAt: Int64(lastSeenAt),
                idleExpiresAt: Int64(idleExpiresAt),
                expiresAt: Int64(expiresAt),
                userAgent: userAgent
            )
        }

        /// Updates the row's last use.
        public func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            _ = try await statements.query(
                "UPDATE passkey_server_sessions SET last_seen_at = ?, idle_expires_at = ? WHERE token_hash = ?",
                [.integer(Int(lastSeenAt)), .integer(Int(idleExpiresAt)), .blob(ByteBuffer(bytes: tokenHash))]
            )
        }

        /// Deletes the row.
        @discardableResult
        public func remove(tokenHash: [UInt8]) async throws -> Bool {
            try await delete("token_hash = ?", [.blob(ByteBuffer(bytes: tokenHash))]) > 0
        }

        /// Deletes the account's rows.
        @discardableResult
        public func removeAll(userHandle: [UInt8]) async throws -> Int {
            try await delete("user_handle = ?", [.blob(ByteBuffer(bytes: userHandle))])
        }

        /// Deletes the credential's rows.
        @discardableResult
        public func removeAll(credentialID: [UInt8]) async throws -> Int {
            try await delete("credential_id = ?", [.blob(ByteBuffer(bytes: credentialID))])
        }

        /// Deletes the account's rows but the newest `count`.
        @discardableResult
        public func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            let handle = SQLiteData.blob(ByteBuffer(bytes: userHandle))
            let spared = SQLiteData.blob(ByteBuffer(bytes: kept))
            return try await delete(
                """
                user_handle = ? AND token_hash <> ? AND token_hash NOT IN (SELECT token_hash FROM passkey_server_sessions
                    WHERE user_handle = ? AND token_hash <> ? ORDER BY created_at DESC, rowid DESC LIMIT ?)
                """,
                [handle, spared, handle, spared, .integer(max(0, count - 1))]
            )
        }

        /// Deletes the rows past either expiry.
        public func removeExpired(at now: Int64) async throws -> Int {
            try await delete("idle_expires_at <= ? OR expires_at <= ?", [.integer(Int(now)), .integer(Int(now))])
        }

        /// Counts the rows valid at `now`.
        public func activeSessionCount(at now: Int64) async throws -> Int {
            let rows = try await statements.query(
                "SELECT count(*) AS sessions FROM passkey_server_sessions WHERE idle_expires_at > ? AND expires_at > ?",
                [.integer(Int(now)), .integer(Int(now))]
            )
            guard let count = rows.first?.column("sessions"), case .integer(let value) = count else {
                throw UserStoreError("counting the sessions returned no number")
            }
            return Int(value)
        }

        private func delete(_ condition: String, _ binds: [SQLiteData]) async throws -> Int {
            try await statements.query("DELETE FROM passkey_server_sessions WHERE \(condition) RETURNING 1", binds)
                .count
        }
    }
#else
    /// The sessions in SQLite, built only with the package trait `SQLite`: without it this placeholder names the trait in the compiler's
    /// error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteSessionStore {}
#endif
