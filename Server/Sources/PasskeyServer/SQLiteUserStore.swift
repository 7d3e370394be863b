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

    /// The username linked to `subject`, creating the account and the link first when there are none: both inserts
    /// are `ON CONFLICT DO NOTHING`, so concurrent first sign-ins agree.
    public func username(forAppleSubject subject: String, proposing proposed: [UInt8]) async throws -> String {
        let username = AppleAccountUsername.username(forSubject: subject)
        _ = try await connection.query(
            "INSERT INTO passkey_server_users (username, user_handle) VALUES (?, ?) ON CONFLICT (username) DO NOTHING",
            [.text(username), .blob(ByteBuffer(bytes: proposed))]
        )
        _ = try await connection.query(
            """
            INSERT INTO passkey_server_apple_accounts (apple_subject, username) VALUES (?, ?)
            ON CONFLICT (apple_subject) DO NOTHING
            """,
            [.text(subject), .text(username)]
        )
        let rows = try await connection.query(
            "SELECT username FROM passkey_server_apple_accounts WHERE apple_subject = ?",
            [.text(subject)]
        )
        guard let linked = rows.first?.column("username")?.string else {
            throw UserStoreError("the Sign in with Apple link of \(subject) was inserted but cannot be read back")
        }
        return linked
    }

    /// Closes the connection and stops its thread; the store fails afterwards.
    public func close() async throws {
        try await connection.close()
        try await threadPool.shutdownGracefully()
    }
}
