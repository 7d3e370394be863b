#if SQLite
    import PasskeyAccounts
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``PasskeyAccounts/AccountStore`` in the `passkey_accounts` table of an ``SQLiteStorage`` (WebAuthn Level 3
    /// §5.4.3 `user.id`), on the storage's one connection, beside the credential records.
    ///
    /// ``createAccount(_:)`` is one `INSERT … ON CONFLICT DO NOTHING RETURNING`, and
    /// ``userHandle(forUsername:proposing:)`` one `INSERT … ON CONFLICT (username) DO NOTHING` followed by a read: of
    /// concurrent creations of one username, in any task or process on the file, one wins and every caller reads it.
    public struct SQLiteAccountStore: AccountStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        /// Inserts `account` unless its username or handle is taken.
        public func createAccount(_ account: Account) async throws -> Bool {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_accounts (username, user_handle, display_name) VALUES (?, ?, ?)
                ON CONFLICT DO NOTHING RETURNING username
                """,
                [.text(account.username), SQLiteValue.blob(account.userHandle), SQLiteValue.text(account.displayName)]
            )
            return !rows.isEmpty
        }

        /// The stored handle of `username`, inserting `proposed` first when there is none.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row cannot be read back.
        public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            _ = try await statements.query(
                "INSERT INTO passkey_accounts (username, user_handle) VALUES (?, ?) ON CONFLICT (username) DO NOTHING",
                [.text(username), SQLiteValue.blob(proposed)]
            )
            guard let handle = try await existingUserHandle(forUsername: username) else {
                throw StoreError(.corruptedRow, "an account was inserted but cannot be read back")
            }
            return handle
        }

        /// The stored handle of `username`, or `nil`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored handle is not a blob.
        public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            let rows = try await statements.query(
                "SELECT user_handle FROM passkey_accounts WHERE username = ?",
                [.text(username)]
            )
            guard let row = rows.first else { return nil }
            guard case .blob(let buffer) = row.column("user_handle") else {
                throw StoreError(.corruptedRow, "a stored user handle is not a blob")
            }
            return Array(buffer.readableBytesView)
        }

        /// The account whose handle is `userHandle`, or `nil`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored username is not text.
        public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            let rows = try await statements.query(
                "SELECT username, display_name FROM passkey_accounts WHERE user_handle = ?",
                [SQLiteValue.blob(userHandle)]
            )
            guard let row = rows.first else { return nil }
            return try Self.account(from: row, userHandle: userHandle)
        }

        /// The account of `userHandle` in a row with `username` and `display_name` columns (this store's read,
        /// and the joined read of the server's user store).
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the username is not text.
        package static func account(from row: SQLiteRow, userHandle: [UInt8]) throws -> Account {
            guard let username = row.column("username")?.string else {
                throw StoreError(.corruptedRow, "a stored username is not text")
            }
            return Account(username: username, userHandle: userHandle, displayName: row.column("display_name")?.string)
        }

        /// Sets the display name of the account of `userHandle`.
        public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                "UPDATE passkey_accounts SET display_name = ? WHERE user_handle = ? RETURNING username",
                [SQLiteValue.text(displayName), SQLiteValue.blob(userHandle)]
            )
            return !rows.isEmpty
        }
    }
#else
    /// The accounts in SQLite, built only with the package trait `SQLite`: without it this placeholder names the trait in the
    /// compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteAccountStore {}
#endif
