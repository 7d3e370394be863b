#if SQLite
    import Foundation
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``PasskeyVerifier/CredentialStore`` in the `passkey_credentials` table of an ``SQLiteStorage``
    /// (WebAuthn Level 3 §4 "credential record", §7.1 `#reg-ceremony-create-credential-record`, §7.2
    /// `#authn-ceremony-update-credential-record`).
    ///
    /// Every method is one statement: `INSERT … ON CONFLICT (credential_id) DO NOTHING RETURNING` (a row
    /// returned is the insert that won), `UPDATE … WHERE credential_id = ? AND version = ? RETURNING` (the
    /// compare-and-set), `UPDATE … SET nickname = ?, version = version + 1`, `DELETE … RETURNING`. Lists are
    /// ordered by the `sequence` SQLite assigns at insert, never by a timestamp. Nothing counts rows with
    /// `changes()`, which belongs to the connection and may report another task's statement.
    public struct SQLiteCredentialStore: CredentialStore {
        /// The storage's connection (``SQLiteStorage/connection``), on which these rows live; a host's own statements
        /// over them go through ``SQLiteStorage/withConnection(_:)``.
        public var connection: SQLiteConnection { statements.connection }
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        static let columns = """
            credential_id, user_handle, public_key, sign_count, backup_eligible, backup_state, uv_initialized, \
            transports, registered_at, aaguid, attestation_format, attestation_type, discoverable, \
            registered_backup_eligible, registered_backup_state, nickname, last_used_at, version
            """

        /// The record whose credential ID is `id`, or `nil`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row does not read back as a record.
        public func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
            let rows = try await statements.query(
                "SELECT \(Self.columns) FROM passkey_credentials WHERE credential_id = ?",
                [SQLiteValue.blob(id)]
            )
            return try rows.first.map(Self.record(from:))
        }

        /// The records of `userHandle`, in insertion order.
        public func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
            let rows = try await statements.query(
                "SELECT \(Self.columns) FROM passkey_credentials WHERE user_handle = ? ORDER BY sequence",
                [SQLiteValue.blob(userHandle)]
            )
            return try rows.map(Self.record(from:))
        }

        /// Stores `record`, every field in one statement, unless its credential ID is taken.
        public func insert(_ record: CredentialRecord) async throws -> Bool {
            let columns = CredentialRecordColumns(record)
            let transports = String(decoding: try JSONEncoder().encode(columns.transports), as: UTF8.self)
            let rows = try await statements.query(
                """
                INSERT INTO passkey_credentials (\(Self.columns))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (credential_id) DO NOTHING
                RETURNING sequence
                """,
                [
                    SQLiteValue.blob(columns.credentialID), SQLiteValue.blob(columns.userHandle),
                    SQLiteValue.blob(columns.publicKey), SQLiteValue.integer(columns.signCount),
                    SQLiteValue.boolean(columns.backupEligible), SQLiteValue.boolean(columns.backupState),
                    SQLiteValue.boolean(columns.userVerificationInitialized), .text(transports),
                    SQLiteValue.instant(columns.registeredAt), SQLiteValue.blob(columns.aaguid),
                    SQLiteValue.text(columns.attestationFormat), SQLiteValue.text(columns.attestationType),
                    SQLiteValue.boolean(columns.isDiscoverable), SQLiteValue.boolean(columns.registeredBackupEligible),
                    SQLiteValue.boolean(columns.registeredBackupState), SQLiteValue.text(columns.nickname),
                    SQLiteValue.instant(columns.lastUsedAt), SQLiteValue.integer(columns.version),
                ]
            )
            return rows.count == 1
        }

        /// Writes `update` if the stored version is still its expected version, adding one to the version.
        public func update(_ update: CredentialRecordUpdate) async throws -> Bool {
            let rows = try await statements.query(
                """
                UPDATE passkey_credentials
                SET sign_count = ?, backup_eligible = ?, backup_state = ?, uv_initialized = ?, last_used_at = ?,
                    version = version + 1
                WHERE credential_id = ? AND version = ?
                RETURNING version
                """,
                [
                    SQLiteValue.integer(Int64(update.signCount)), SQLiteValue.boolean(update.backupEligible),
                    SQLiteValue.boolean(update.backupState), SQLiteValue.boolean(update.userVerificationInitialized),
                    SQLiteValue.instant(update.lastUsedAt), SQLiteValue.blob(update.credentialID),
                    SQLiteValue.integer(update.expectedVersion),
                ]
            )
            return rows.count == 1
        }

        /// Sets the nickname and adds one to the version.
        public func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
            let rows = try await statements.query(
                """
                UPDATE passkey_credentials SET nickname = ?, version = version + 1
                WHERE credential_id = ?
                RETURNING version
                """,
                [SQLiteValue.text(nickname), SQLiteValue.blob(credentialID)]
            )
            return rows.count == 1
        }

        /// Deletes the record; returns whether there was one.
        public func remove(credentialID: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                "DELETE FROM passkey_credentials WHERE credential_id = ? RETURNING sequence",
                [SQLiteValue.blob(credentialID)]
            )
            return rows.count == 1
        }

        /// Removes the record unless it is its owner's only one: one `DELETE … WHERE (SELECT count(*) …) > 1`,
        /// atomic in SQLite; when nothing was deleted, a read tells an unknown credential from the last one.
        public func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws
            -> CredentialRemoval
        {
            let removed = try await statements.query(
                """
                DELETE FROM passkey_credentials WHERE credential_id = ? AND user_handle = ?
                AND (SELECT count(*) FROM passkey_credentials WHERE user_handle = ?) > 1 RETURNING sequence
                """,
                [SQLiteValue.blob(credentialID), SQLiteValue.blob(userHandle), SQLiteValue.blob(userHandle)]
            )
            guard removed.isEmpty else { return .removed }
            return try await credential(withID: credentialID)?.userHandle == userHandle ? .lastCredential : .notFound
        }

        /// The record a row of ``columns`` holds.
        static func record(from row: SQLiteRow) throws -> CredentialRecord {
            let transportsText = try SQLiteValue.text("transports", of: row)
            let transports: [String]
            do {
                transports = try JSONDecoder().decode([String].self, from: Data(transportsText.utf8))
            } catch {
                throw StoreError(.corruptedRow, "transports is not a JSON array of strings")
            }
            return try CredentialRecordColumns(
                credentialID: try SQLiteValue.bytes("credential_id", of: row),
                userHandle: try SQLiteValue.optionalBytes("user_handle", of: row),
                publicKey: try SQLiteValue.bytes("public_key", of: row),
                signCount: try SQLiteValue.integer("sign_count", of: row),
                backupEligible: try SQLiteValue.boolean("backup_eligible", of: row),
                backupState: try SQLiteValue.boolean("backup_state", of: row),
                userVerificationInitialized: try SQLiteValue.boolean("uv_initialized", of: row),
                transports: transports,
                registeredAt: try SQLiteValue.optionalInstant("registered_at", of: row),
                aaguid: try SQLiteValue.optionalBytes("aaguid", of: row),
                attestationFormat: try SQLiteValue.optionalText("attestation_format", of: row),
                attestationType: try SQLiteValue.optionalText("attestation_type", of: row),
                isDiscoverable: try SQLiteValue.optionalBoolean("discoverable", of: row),
                registeredBackupEligible: try SQLiteValue.optionalBoolean("registered_backup_eligible", of: row),
                registeredBackupState: try SQLiteValue.optionalBoolean("registered_backup_state", of: row),
                nickname: try SQLiteValue.optionalText("nickname", of: row),
                lastUsedAt: try SQLiteValue.optionalInstant("last_used_at", of: row),
                version: try SQLiteValue.integer("version", of: row)
            ).record()
        }
    }
#else
    /// The credential records in SQLite, built only with the package trait `SQLite`: without it this placeholder names
    /// the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteCredentialStore {}
#endif
