import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``UserStore`` in the `passkey_server_users` table of the PostgreSQL database that holds the credential
/// records (WebAuthn Level 3 §5.4.3 `user.id`), on the host's running `PostgresClient`.
///
/// ``open(client:logger:)`` creates the server's tables (accounts, Sign in with Apple links and secrets,
/// sessions) when missing, in one transaction that first takes the advisory lock ``advisoryLockKey``, so
/// servers starting at the same moment on an empty database create them once. Accounts are created by one
/// `INSERT … ON CONFLICT DO NOTHING RETURNING`, so of concurrent first registrations of one username, on any
/// server, one wins.
public struct PostgresUserStore: UserStore {
    let client: PostgresClient
    let logger: Logger

    /// The key of the transaction-level advisory lock (`pg_advisory_xact_lock`) the creation of the server's
    /// tables holds: `passkey2` in ASCII, beside the library's own key.
    public static let advisoryLockKey: Int64 = 0x7061_7373_6B65_7932

    /// The statements that create or bring up to date the server's tables; each can run again.
    static let schema: [PostgresQuery] = [
        """
        CREATE TABLE IF NOT EXISTS passkey_server_users (
            username TEXT PRIMARY KEY,
            user_handle BYTEA NOT NULL UNIQUE
        )
        """,
        "ALTER TABLE passkey_server_users ADD COLUMN IF NOT EXISTS display_name TEXT",
        """
        CREATE TABLE IF NOT EXISTS passkey_server_apple_accounts (
            apple_subject TEXT PRIMARY KEY,
            username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS passkey_server_apple_secrets (
            secret TEXT PRIMARY KEY,
            purpose TEXT NOT NULL,
            username TEXT NOT NULL,
            expires_at BIGINT NOT NULL
        )
        """,
        """
        CREATE INDEX IF NOT EXISTS passkey_server_apple_secrets_expires_at
        ON passkey_server_apple_secrets (expires_at)
        """,
        """
        CREATE TABLE IF NOT EXISTS passkey_server_sessions (
            token_hash BYTEA PRIMARY KEY,
            user_handle BYTEA NOT NULL,
            credential_id BYTEA NOT NULL,
            created_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL,
            idle_expires_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL,
            user_agent TEXT NOT NULL
        )
        """,
        "CREATE INDEX IF NOT EXISTS passkey_server_sessions_user_handle ON passkey_server_sessions (user_handle)",
        "CREATE INDEX IF NOT EXISTS passkey_server_sessions_credential_id ON passkey_server_sessions (credential_id)",
        """
        CREATE INDEX IF NOT EXISTS passkey_server_sessions_idle_expires_at
        ON passkey_server_sessions (idle_expires_at)
        """,
        "CREATE INDEX IF NOT EXISTS passkey_server_sessions_expires_at ON passkey_server_sessions (expires_at)",
        "CREATE TABLE IF NOT EXISTS passkey_server_migrations (name TEXT PRIMARY KEY)",
    ]

    /// Creates the server's tables when missing, under the advisory lock, and returns the store.
    public static func open(client: PostgresClient, logger: Logger) async throws -> PostgresUserStore {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger)
            for statement in schema {
                try await connection.query(statement, logger: logger)
            }
            try await normalizeLegacyUsernames(on: connection, logger: logger)
        }
        return PostgresUserStore(client: client, logger: logger)
    }

    /// Brings usernames stored before normalisation to their normalised form once
    /// (``AccountText/legacyRenames(_:)``; a name whose normalised form is taken stays as it was), inside the
    /// schema transaction with the users table locked against concurrent sign-ups of running servers, and records
    /// it in `passkey_server_migrations`.
    static func normalizeLegacyUsernames(on connection: PostgresConnection, logger: Logger) async throws {
        let marker = AccountText.normalizationMigration
        let done = try await connection.query(
            "SELECT 1 FROM passkey_server_migrations WHERE name = \(marker)",
            logger: logger
        ).collect()
        guard done.isEmpty else { return }
        try await connection.query("LOCK TABLE passkey_server_users IN SHARE ROW EXCLUSIVE MODE", logger: logger)
        var names: [String] = []
        for try await name in try await connection.query(
            "SELECT username FROM passkey_server_users",
            logger: logger
        ).decode(String.self) {
            names.append(name)
        }
        for rename in AccountText.legacyRenames(names) {
            try await connection.query(
                """
                UPDATE passkey_server_users SET username = \(rename.to) WHERE username = \(rename.from)
                AND NOT EXISTS (SELECT 1 FROM passkey_server_users WHERE username = \(rename.to))
                """,
                logger: logger
            )
        }
        try await connection.query(
            "INSERT INTO passkey_server_migrations (name) VALUES (\(marker)) ON CONFLICT DO NOTHING",
            logger: logger
        )
    }

    /// The stored handle of `username`, inserting `proposed` first when there is none.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
        try await client.query(
            """
            INSERT INTO passkey_server_users (username, user_handle)
            VALUES (\(username), \(ByteBuffer(bytes: proposed))) ON CONFLICT (username) DO NOTHING
            """,
            logger: logger
        )
        guard let handle = try await existingUserHandle(forUsername: username) else {
            throw UserStoreError("a user was inserted but cannot be read back")
        }
        return handle
    }

    /// The stored handle of `username`, or `nil`.
    public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
        let rows = try await client.query(
            "SELECT user_handle FROM passkey_server_users WHERE username = \(username)",
            logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let buffer = try row.decode(ByteBuffer.self)
        return Array(buffer.readableBytesView)
    }

    /// The account whose handle is `userHandle`, or `nil`.
    public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
        let rows = try await client.query(
            """
            SELECT username, display_name FROM passkey_server_users
            WHERE user_handle = \(ByteBuffer(bytes: userHandle))
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let (username, displayName) = try row.decode((String, String?).self)
        return Account(username: username, userHandle: userHandle, displayName: displayName)
    }

    /// Inserts `account`: `INSERT … ON CONFLICT DO NOTHING RETURNING`, one statement.
    public func createAccount(_ account: Account) async throws -> Bool {
        let rows = try await client.query(
            """
            INSERT INTO passkey_server_users (username, user_handle, display_name)
            VALUES (\(account.username), \(ByteBuffer(bytes: account.userHandle)), \(account.displayName))
            ON CONFLICT DO NOTHING RETURNING username
            """,
            logger: logger
        ).collect()
        return !rows.isEmpty
    }

    /// Sets the display name of the account of `userHandle`.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
        let rows = try await client.query(
            """
            UPDATE passkey_server_users SET display_name = \(displayName)
            WHERE user_handle = \(ByteBuffer(bytes: userHandle)) RETURNING username
            """,
            logger: logger
        ).collect()
        return !rows.isEmpty
    }

    /// Whether a Sign in with Apple link names the account of `userHandle`.
    public func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
        let rows = try await client.query(
            """
            SELECT 1 FROM passkey_server_apple_accounts JOIN passkey_server_users USING (username)
            WHERE user_handle = \(ByteBuffer(bytes: userHandle))
            """,
            logger: logger
        ).collect()
        return !rows.isEmpty
    }

    /// The username linked to `subject`, creating the account and the link first when there are none, in one
    /// statement: the link is inserted only for an account that statement created, so concurrent first sign-ins,
    /// on any server, agree, and an account that existed without a link is never linked (``AppleAccountConflict``).
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        let username = AppleAccountUsername.username(forSubject: subject)
        try await client.query(
            """
            WITH created AS (
                INSERT INTO passkey_server_users (username, user_handle)
                VALUES (\(username), \(ByteBuffer(bytes: proposed))) ON CONFLICT (username) DO NOTHING
                RETURNING username
            )
            INSERT INTO passkey_server_apple_accounts (apple_subject, username)
            SELECT \(subject), username FROM created ON CONFLICT (apple_subject) DO NOTHING
            """,
            logger: logger
        )
        let rows = try await client.query(
            "SELECT username FROM passkey_server_apple_accounts WHERE apple_subject = \(subject)",
            logger: logger
        ).collect()
        guard let linked = try rows.first?.decode(String.self) else {
            throw AppleAccountConflict(username: username)
        }
        return linked
    }

    /// Keeps `secret` (the expired ones are removed by ``removeExpiredAppleSignInSecrets(at:)``).
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        try await client.query(
            """
            INSERT INTO passkey_server_apple_secrets (secret, purpose, username, expires_at)
            VALUES (\(secret.value), \(secret.purpose.rawValue), \(secret.username), \(secret.expiresAt))
            """,
            logger: logger
        )
    }

    /// Deletes the secret and returns it when it had not expired: one `DELETE … RETURNING`, so of two takes on
    /// any servers one wins.
    public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?
    {
        let rows = try await client.query(
            """
            DELETE FROM passkey_server_apple_secrets WHERE secret = \(value) AND purpose = \(purpose.rawValue)
            RETURNING username, expires_at
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let (username, expiresAt) = try row.decode((String, Int64).self)
        guard AppleSignInSecret.seconds(now) <= expiresAt else { return nil }
        return AppleSignInSecret(value: value, purpose: purpose, username: username, expiresAt: expiresAt)
    }

    /// Deletes the secrets that expired before `now`: the periodic cleanup (``ExpiredRowsCleanup``).
    public func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
        try await client.query(
            """
            DELETE FROM passkey_server_apple_secrets WHERE expires_at < \(AppleSignInSecret.seconds(now))
            RETURNING 1
            """,
            logger: logger
        ).collect().count
    }
}
