#if PostgreSQL
    import PasskeyAccounts
    import PasskeyVerifier
    import PostgresNIO

    /// A ``PasskeyAccounts/AccountStore`` in the `passkey_accounts` table of a ``PostgresStorage`` (WebAuthn Level 3
    /// §5.4.3 `user.id`), on the storage's pool, beside the credential records, shared by every server process.
    ///
    /// ``createAccount(_:)`` is one `INSERT … ON CONFLICT DO NOTHING RETURNING`, and
    /// ``userHandle(forUsername:proposing:)`` one `INSERT … ON CONFLICT (username) DO NOTHING` followed by a read: of
    /// concurrent creations of one username, in any process, one wins and every caller reads it.
    public struct PostgresAccountStore: AccountStore {
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

        /// Inserts `account` unless its username or handle is taken.
        public func createAccount(_ account: Account) async throws -> Bool {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_accounts (username, user_handle, display_name)
                VALUES (\(account.username), \(ByteBuffer(bytes: account.userHandle)), \(account.displayName))
                ON CONFLICT DO NOTHING RETURNING username
                """
            )
            return !rows.isEmpty
        }

        /// The stored handle of `username`, inserting `proposed` first when there is none.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row cannot be read back.
        public func userHandle(forUsername username: String, proposing proposed: [UInt8]) async throws -> [UInt8] {
            try await statements.query(
                """
                INSERT INTO passkey_accounts (username, user_handle)
                VALUES (\(username), \(ByteBuffer(bytes: proposed))) ON CONFLICT (username) DO NOTHING
                """
            )
            guard let handle = try await existingUserHandle(forUsername: username) else {
                throw StoreError(.corruptedRow, "an account was inserted but cannot be read back")
            }
            return handle
        }

        /// The stored handle of `username`, or `nil`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored handle is not bytes.
        public func existingUserHandle(forUsername username: String) async throws -> [UInt8]? {
            let rows = try await statements.query(
                "SELECT user_handle FROM passkey_accounts WHERE username = \(username)"
            )
            guard let row = rows.first else { return nil }
            do {
                return try PostgresValue.bytes(row.makeRandomAccess()["user_handle"])
            } catch {
                throw StoreError(.corruptedRow, "a stored user handle is not bytes")
            }
        }

        /// The account whose handle is `userHandle`, or `nil`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored username is not text.
        public func account(forUserHandle userHandle: [UInt8]) async throws -> Account? {
            let rows = try await statements.query(
                "SELECT username, display_name FROM passkey_accounts WHERE user_handle = \(ByteBuffer(bytes: userHandle))"
            )
            guard let row = rows.first else { return nil }
            return try Self.account(from: row, userHandle: userHandle)
        }

        /// The account of `userHandle` in a row whose first two columns are `username` and `display_name`
        /// (this store's read, and the joined read of the server's user store).
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when they are not text.
        package static func account(from row: PostgresRow, userHandle: [UInt8]) throws -> Account {
            do {
                let (username, displayName) = try row.decode((String, String?).self)
                return Account(username: username, userHandle: userHandle, displayName: displayName)
            } catch {
                throw StoreError(.corruptedRow, "a stored account does not read back as text")
            }
        }

        /// Sets the display name of the account of `userHandle`.
        public func setDisplayName(_ displayName: String?, forUserHandle userHandle: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                """
                UPDATE passkey_accounts SET display_name = \(displayName)
                WHERE user_handle = \(ByteBuffer(bytes: userHandle)) RETURNING username
                """
            )
            return !rows.isEmpty
        }
    }
#else
    /// The accounts in PostgreSQL, built only with the package trait `PostgreSQL`: without it this placeholder names
    /// the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresAccountStore {}
#endif
