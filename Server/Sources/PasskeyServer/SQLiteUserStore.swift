import Foundation
import NIOCore
import SQLiteNIO

/// A ``UserStore`` in the `passkey_server_users` table of an SQLite database, the file that holds the
/// credential records (WebAuthn Level 3 §5.4.3 `user.id`).
///
/// It has its own connection to the file, opened by ``open(path:)``, which creates the table when missing, and
/// its own one-thread pool, so that the connection runs one statement at a time: a write that started while
/// another statement of the connection was stepping would fail at once with `SQLITE_BUSY_SNAPSHOT` when another
/// server process has written since. The insert is `INSERT … ON CONFLICT (username) DO NOTHING` followed by a
/// read, so concurrent first registrations of one username agree on one handle.
public struct SQLiteUserStore: UserStore {
    let connection: SQLiteConnection
    let threadPool: NIOThreadPool

    /// Opens the database file at `path` (creating it when missing) and creates the users table.
    public static func open(path: String) async throws -> SQLiteUserStore {
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path),
                threadPool: threadPool,
                on: MultiThreadedEventLoopGroup.singleton.any()
            )
        } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
        do {
            _ = try await connection.query("PRAGMA busy_timeout = 10000")
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_users (
                    username TEXT PRIMARY KEY NOT NULL,
                    user_handle BLOB NOT NULL UNIQUE
                )
                """
            )
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_apple_accounts (
                    apple_subject TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
                )
                """
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
        } catch {
            try? await connection.close()
            try? await threadPool.shutdownGracefully()
            throw error
        }
        return SQLiteUserStore(connection: connection, threadPool: threadPool)
    }

    /// The stored handle of `username`, inserting `proposed` first when there is none.
    public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
        _ = try await connection.query(
            "INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?) ON CONFLICT (username) DO NOTHING",
            [.text(username), .blob(ByteBuffer(bytes: proposed))]
        )
        guard let handle = try await existingUserHandle(forUsername: username) else {
            throw UserStoreError("the user \(username) was inserted but cannot be read back")
        }
        return handle
    }

    /// The stored handle of `username`, or `nil`.
    public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
        let rows = try await connection.query(
            "SELECT user_handle FROM passkey_server_users WHERE username = ?",
            [.text(username)]
        )
        guard let row = rows.first else { return nil }
        guard case .blob(let buffer) = row.column("user_handle") else {
            throw UserStoreError("the user handle of \(username) is not a blob")
        }
        return Array(buffer.readableBytesView)
    }

    /// The username whose handle is `userHandle`, or `nil`.
    public func username(forUserHandle userHandle: [UInt8]) async throws -> String? {
        let rows = try await connection.query(
            "SELECT username FROM passkey_server_users WHERE user_handle = ?",
            [.blob(ByteBuffer(bytes: userHandle))]
        )
        return rows.first?.column("username")?.string
    }

    /// The username linked to `subject`, creating the link and then the account when there are none. The link is
    /// inserted first (`ON CONFLICT DO NOTHING`), so of concurrent first sign-ins one makes it and the others read
    /// it; when the account already existed without a link, the link just made is removed again and the call
    /// throws ``AppleAccountConflict``.
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        let username = AppleAccountUsername.username(forSubject: subject)
        let linkedNow = try await connection.query(
            """
            INSERT INTO passkey_server_apple_accounts (apple_subject, username) VALUES (?, ?)
            ON CONFLICT DO NOTHING RETURNING username
            """,
            [.text(subject), .text(username)]
        )
        guard !linkedNow.isEmpty else {
            let rows = try await connection.query(
                "SELECT username FROM passkey_server_apple_accounts WHERE apple_subject = ?",
                [.text(subject)]
            )
            guard let linked = rows.first?.column("username")?.string else {
                throw AppleAccountConflict(username: username)
            }
            return linked
        }
        let created = try await connection.query(
            """
            INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?)
            ON CONFLICT DO NOTHING RETURNING username
            """,
            [.text(username), .blob(ByteBuffer(bytes: proposed))]
        )
        guard !created.isEmpty else {
            _ = try await connection.query(
                "DELETE FROM passkey_server_apple_accounts WHERE apple_subject = ?",
                [.text(subject)]
            )
            throw AppleAccountConflict(username: username)
        }
        return username
    }

    /// Keeps `secret`, removing the expired ones first.
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
        _ = try await connection.query(
            "DELETE FROM passkey_server_apple_secrets WHERE expires_at < ?",
            [.integer(Int(AppleSignInSecret.seconds(Date())))]
        )
        _ = try await connection.query(
            "INSERT INTO passkey_server_apple_secrets (secret, purpose, username, expires_at) VALUES (?, ?, ?, ?)",
            [
                .text(secret.value), .text(secret.purpose.rawValue), .text(secret.username),
                .integer(Int(secret.expiresAt)),
            ]
        )
    }

    /// Deletes the secret and returns it when it had not expired: one `DELETE … RETURNING`, so one take wins.
    public func takeAppleSignInSecret(_ value: String, purpose: AppleSignInSecret.Purpose, at now: Date) async throws
        -> AppleSignInSecret?
    {
        let rows = try await connection.query(
            "DELETE FROM passkey_server_apple_secrets WHERE secret = ? AND purpose = ? RETURNING username, expires_at",
            [.text(value), .text(purpose.rawValue)]
        )
        guard let row = rows.first, let username = row.column("username")?.string,
            let expiresAt = row.column("expires_at")?.integer
        else { return nil }
        guard AppleSignInSecret.seconds(now) <= Int64(expiresAt) else { return nil }
        return AppleSignInSecret(value: value, purpose: purpose, username: username, expiresAt: Int64(expiresAt))
    }

    /// Closes the connection and stops its thread; the store fails afterwards.
    public func close() async throws {
        try await connection.close()
        try await threadPool.shutdownGracefully()
    }
}
