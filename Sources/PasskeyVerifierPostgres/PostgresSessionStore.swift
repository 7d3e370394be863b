#if PostgreSQL
    import Logging
    import NIOCore
    import PasskeyAccounts
    import PostgresNIO

    /// A ``SessionStore`` in the `passkey_server_sessions` table of the PostgreSQL database that holds the accounts
    /// (created by ``PostgresUserStore/open(storage:logger:)``), on the host's running `PostgresClient`.
    public struct PostgresSessionStore: SessionStore {
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

        /// Creates the store over `client`, each statement its own transaction; the table exists once
        /// ``PostgresUserStore/open(storage:logger:)`` ran.
        public init(client: PostgresClient, logger: Logger) {
            self.statements = PostgresStatements(client: client, logger: logger)
        }

        /// The store whose statements run as `statements` do.
        init(statements: PostgresStatements) {
            self.statements = statements
        }

        /// Inserts the row.
        public func insert(_ session: SessionRecord) async throws {
            try await statements.query(
                """
                INSERT INTO passkey_server_sessions (token_hash, user_handle, credential_id, created_at, last_seen_at,
                    idle_expires_at, expires_at, user_agent)
                VALUES (\(ByteBuffer(bytes: session.tokenHash)), \(ByteBuffer(bytes: session.userHandle)),
                    \(ByteBuffer(bytes: session.credentialID)), \(session.createdAt), \(session.lastSeenAt),
                    \(session.idleExpiresAt), \(session.expiresAt), \(session.userAgent))
                """
            )
        }

        /// One read by the primary key.
        public func session(tokenHash: [UInt8]) async throws -> SessionRecord? {
            let rows = try await statements.query(
                """
                SELECT user_handle, credential_id, created_at, last_seen_at, idle_expires_at, expires_at, user_agent
                FROM passkey_server_sessions WHERE token_hash = \(ByteBuffer(bytes: tokenHash))
                """
            )
            guard let row = rows.first else { return nil }
            let (userHandle, credentialID, createdAt, lastSeenAt, idleExpiresAt, expiresAt, userAgent) =
                try row.decode((ByteBuffer, ByteBuffer, Int64, Int64, Int64, Int64, String).self)
            return SessionRecord(
                tokenHash: tokenHash,
                userHandle: Array(userHandle.readableBytesView),
                credentialID: Array(credentialID.readableBytesView),
                createdAt: createdAt,
                lastSeenAt: lastSeenAt,
                idleExpiresAt: idleExpiresAt,
                expiresAt: expiresAt,
                userAgent: userAgent
            )
        }

        /// Updates the row's last use.
        public func touch(tokenHash: [UInt8], lastSeenAt: Int64, idleExpiresAt: Int64) async throws {
            try await statements.query(
                """
                UPDATE passkey_server_sessions SET last_seen_at = \(lastSeenAt), idle_expires_at = \(idleExpiresAt)
                WHERE token_hash = \(ByteBuffer(bytes: tokenHash))
                """
            )
        }

        /// Deletes the row.
        @discardableResult
        public func remove(tokenHash: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                "DELETE FROM passkey_server_sessions WHERE token_hash = \(ByteBuffer(bytes: tokenHash)) RETURNING 1"
            )
            return !rows.isEmpty
        }

        /// Deletes the account's rows.
        @discardableResult
        public func removeAll(userHandle: [UInt8]) async throws -> Int {
            try await statements.query(
                "DELETE FROM passkey_server_sessions WHERE user_handle = \(ByteBuffer(bytes: userHandle)) RETURNING 1"
            ).count
        }

        /// Deletes the credential's rows.
        @discardableResult
        public func removeAll(credentialID: [UInt8]) async throws -> Int {
            try await statements.query(
                """
                DELETE FROM passkey_server_sessions WHERE credential_id = \(ByteBuffer(bytes: credentialID))
                RETURNING 1
                """
            ).count
        }

        /// Deletes the account's rows but the newest `count`.
        @discardableResult
        public func removeOldest(userHandle: [UInt8], keeping count: Int, sparing kept: [UInt8]) async throws -> Int {
            let handle = ByteBuffer(bytes: userHandle)
            let spared = ByteBuffer(bytes: kept)
            return try await statements.query(
                """
                DELETE FROM passkey_server_sessions
                WHERE user_handle = \(handle) AND token_hash <> \(spared) AND token_hash NOT IN (
                    SELECT token_hash FROM passkey_server_sessions WHERE user_handle = \(handle) AND token_hash <> \(spared)
                    ORDER BY created_at DESC, sequence DESC LIMIT \(max(0, count - 1))
                ) RETURNING 1
                """
            ).count
        }

        /// Deletes the rows past either expiry.
        public func removeExpired(at now: Int64) async throws -> Int {
            try await statements.query(
                """
                DELETE FROM passkey_server_sessions WHERE idle_expires_at <= \(now) OR expires_at <= \(now)
                RETURNING 1
                """
            ).count
        }

        /// Counts the rows valid at `now`.
        public func activeSessionCount(at now: Int64) async throws -> Int {
            let rows = try await statements.query(
                """
                SELECT count(*) FROM passkey_server_sessions WHERE idle_expires_at > \(now) AND expires_at > \(now)
                """
            )
            guard let row = rows.first else {
                throw UserStoreError("counting the sessions returned no row")
            }
            return Int(try row.decode(Int64.self))
        }
    }
#else
    /// The sessions in PostgreSQL, built only with the package trait `PostgreSQL`: without it this placeholder names the trait in the compiler's
    /// error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresSessionStore {}
#endif
