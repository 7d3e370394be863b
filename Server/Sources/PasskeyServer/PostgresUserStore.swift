import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``UserStore`` in the `passkey_server_users` table of the PostgreSQL database that holds the credential
/// records (WebAuthn Level 3 §5.4.3 `user.id`), on the host's running `PostgresClient`.
///
/// ``open(client:logger:)`` creates the table when missing. The insert is `INSERT … ON CONFLICT (username) DO
/// NOTHING` followed by a read, so concurrent first registrations of one username, on any server, agree on one
/// handle.
public struct PostgresUserStore: UserStore {
    let client: PostgresClient
    let logger: Logger

    /// Creates the users table when missing and returns the store.
    public static func open(client: PostgresClient, logger: Logger) async throws -> PostgresUserStore {
        try await client.query(
            """
            CREATE TABLE IF NOT EXISTS passkey_server_users (
                username TEXT PRIMARY KEY,
                user_handle BYTEA NOT NULL UNIQUE
            )
            """,
            logger: logger
        )
        try await client.query(
            """
            CREATE TABLE IF NOT EXISTS passkey_server_apple_accounts (
                apple_subject TEXT PRIMARY KEY,
                username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
            )
            """,
            logger: logger
        )
        try await client.query(
            """
            CREATE TABLE IF NOT EXISTS passkey_server_apple_secrets (
                secret TEXT PRIMARY KEY,
                purpose TEXT NOT NULL,
                username TEXT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            logger: logger
        )
        return PostgresUserStore(client: client, logger: logger)
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
            throw UserStoreError("the user \(username) was inserted but cannot be read back")
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

    /// The username whose handle is `userHandle`, or `nil`.
    public func username(forUserHandle userHandle: [UInt8]) async throws -> String? {
        let rows = try await client.query(
            "SELECT username FROM passkey_server_users WHERE user_handle = \(ByteBuffer(bytes: userHandle))",
            logger: logger
        ).collect()
        return try rows.first?.decode(String.self)
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

    /// Keeps `secret`, removing the expired ones first.
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        let now = AppleSignInSecret.seconds(Date())
        try await client.query(
            "DELETE FROM passkey_server_apple_secrets WHERE expires_at < \(now)",
            logger: logger
        )
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
}
