#if Hummingbird && SQLite
import Foundation
import NIOCore
import SQLiteNIO

/// A ``UserStore`` in the `passkey_server_users` table of an SQLite database, the file that holds the
/// credential records (WebAuthn Level 3 §5.4.3 `user.id`).
///
/// It has its own connection to the file, opened by ``open(path:)``, which creates the table when missing, and
/// its own one-thread pool, so that the connection runs one statement at a time: a write that started while
/// another statement of the connection was stepping would fail at once with `SQLITE_BUSY_SNAPSHOT` when another
/// server process has written since. Accounts are created by one `INSERT … ON CONFLICT DO NOTHING RETURNING`, so
/// of concurrent first registrations of one username one wins.
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
                    user_handle BLOB NOT NULL UNIQUE,
                    display_name TEXT
                )
                """
            )
            let columns = try await connection.query("PRAGMA table_info(passkey_server_users)")
            if !columns.contains(where: { $0.column("name")?.string == "display_name" }) {
                _ = try await connection.query("ALTER TABLE passkey_server_users ADD COLUMN display_name TEXT")
            }
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS passkey_server_apple_accounts (
                    apple_subject TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL UNIQUE REFERENCES passkey_server_users (username)
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
            try await SQLiteSessionStore.createTable(on: connection)
            try await normalizeLegacyUsernames(on: connection)
        } catch {
            try? await connection.close()
            try? await threadPool.shutdownGracefully()
            throw error
        }
        return SQLiteUserStore(connection: connection, threadPool: threadPool)
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
        let names = try await connection.query("SELECT username FROM passkey_server_users")
            .compactMap { $0.column("username")?.string }
        for rename in AccountText.legacyRenames(names) {
            _ = try await connection.query(
                """
                UPDATE passkey_server_users SET username = ? WHERE username = ?
                AND NOT EXISTS (SELECT 1 FROM passkey_server_users WHERE username = ?)
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
        _ = try await connection.query(
            "INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?) ON CONFLICT (username) DO NOTHING",
            [.text(username), .blob(ByteBuffer(bytes: proposed))]
        )
        guard let handle = try await existingUserHandle(forUsername: username) else {
            throw UserStoreError("a user was inserted but cannot be read back")
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
            throw UserStoreError("a stored user handle is not a blob")
        }
        return Array(buffer.readableBytesView)
    }

    /// The account whose handle is `userHandle`, or `nil`.
    public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
        let rows = try await connection.query(
            "SELECT username, display_name FROM passkey_server_users WHERE user_handle = ?",
            [.blob(ByteBuffer(bytes: userHandle))]
        )
        guard let row = rows.first else { return nil }
        guard let username = row.column("username")?.string else {
            throw UserStoreError("a username stored for a user handle is not text")
        }
        return Account(username: username, userHandle: userHandle, displayName: row.column("display_name")?.string)
    }

    /// Inserts `account`: `INSERT … ON CONFLICT DO NOTHING RETURNING`, one statement.
    public func createAccount(_ account: Account) async throws -> Bool {
        let rows = try await connection.query(
            """
            INSERT INTO passkey_server_users (username, user_handle, display_name) VALUES (?, ?, ?)
            ON CONFLICT DO NOTHING RETURNING username
            """,
            [
                .text(account.username), .blob(ByteBuffer(bytes: account.userHandle)),
                account.displayName.map(SQLiteData.text) ?? .null,
            ]
        )
        return !rows.isEmpty
    }

    /// Sets the display name of the account of `userHandle`.
    public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
        let rows = try await connection.query(
            "UPDATE passkey_server_users SET display_name = ? WHERE user_handle = ? RETURNING username",
            [displayName.map(SQLiteData.text) ?? .null, .blob(ByteBuffer(bytes: userHandle))]
        )
        return !rows.isEmpty
    }

    /// Whether a Sign in with Apple link names the account of `userHandle`.
    public func hasAppleSignIn(userHandle: [UInt8]) async throws -> Bool {
        let rows = try await connection.query(
            """
            SELECT 1 FROM passkey_server_apple_accounts JOIN passkey_server_users USING (username)
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
        let linkedNow = try await connection.query(
            """
            INSERT INTO passkey_server_apple_accounts (apple_subject, username)
            SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM passkey_server_users WHERE username = ?)
            ON CONFLICT DO NOTHING RETURNING username
            """,
            [.text(subject), .text(username), .text(username)]
        )
        guard !linkedNow.isEmpty else {
            let rows = try await connection.query(
                "SELECT username FROM passkey_server_apple_accounts WHERE apple_subject = ?",
                [.text(subject)]
            )
            guard let linked = rows.first?.column("username")?.string else {
                throw AppleAccountConflict(username: username)
            }
            _ = try await connection.query(
                "INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [.text(linked), .blob(ByteBuffer(bytes: proposed))]
            )
            return linked
        }
        _ = try await connection.query(
            "INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?) ON CONFLICT DO NOTHING",
            [.text(username), .blob(ByteBuffer(bytes: proposed))]
        )
        return username
    }

    /// Keeps `secret` (the expired ones are removed by ``removeExpiredAppleSignInSecrets(at:)``).
    public func storeAppleSignInSecret(_ secret: AppleSignInSecret) async throws {
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

    /// Deletes the secrets that expired before `now`: the periodic cleanup (``ExpiredRowsCleanup``).
    public func removeExpiredAppleSignInSecrets(at now: Date) async throws -> Int {
        let rows = try await connection.query(
            "DELETE FROM passkey_server_apple_secrets WHERE expires_at < ? RETURNING 1",
            [.integer(Int(AppleSignInSecret.seconds(now)))]
        )
        return rows.count
    }

    /// Closes the connection and stops its thread; the store fails afterwards.
    public func close() async throws {
        try await connection.close()
        try await threadPool.shutdownGracefully()
    }
}
#endif
