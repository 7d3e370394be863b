#if PostgreSQL
    import Foundation
    import PasskeyVerifier
    import PostgresNIO

    /// A ``PasskeyVerifier/CredentialStore`` in the `passkey_credentials` table of a ``PostgresStorage``
    /// (WebAuthn Level 3 §4 "credential record", §7.1 `#reg-ceremony-create-credential-record`, §7.2
    /// `#authn-ceremony-update-credential-record`).
    ///
    /// Every method is one statement with bound parameters: `INSERT … ON CONFLICT (credential_id) DO NOTHING
    /// RETURNING` (a row returned is the insert that won, in any process), `UPDATE … WHERE credential_id = $n AND
    /// version = $m RETURNING` (the compare-and-set), `UPDATE … SET nickname = $1, version = version + 1`,
    /// `DELETE … RETURNING`. Lists are ordered by the identity column `sequence`, never by a timestamp.
    public struct PostgresCredentialStore: CredentialStore {
        /// The storage's pool (``PostgresStorage/client``), which a host's statement over these rows and its own tables
        /// uses.
        public var client: PostgresClient { statements.client }
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

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
                """
                SELECT \(unescaped: Self.columns) FROM passkey_credentials
                WHERE credential_id = \(ByteBuffer(bytes: id))
                """
            )
            return try rows.first.map(Self.record(from:))
        }

        /// The records of `userHandle`, in insertion order.
        public func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
            let rows = try await statements.query(
                """
                SELECT \(unescaped: Self.columns) FROM passkey_credentials
                WHERE user_handle = \(ByteBuffer(bytes: userHandle)) ORDER BY sequence
                """
            )
            return try rows.map(Self.record(from:))
        }

        /// Stores `record`, every field in one statement, unless its credential ID is taken.
        public func insert(_ record: CredentialRecord) async throws -> Bool {
            let columns = CredentialRecordColumns(record)
            let rows = try await statements.query(
                """
                INSERT INTO passkey_credentials (\(unescaped: Self.columns))
                VALUES (\(ByteBuffer(bytes: columns.credentialID)), \(columns.userHandle.map(ByteBuffer.init(bytes:))),
                    \(ByteBuffer(bytes: columns.publicKey)), \(columns.signCount), \(columns.backupEligible),
                    \(columns.backupState), \(columns.userVerificationInitialized), \(columns.transports),
                    \(columns.registeredAt), \(columns.aaguid.map(ByteBuffer.init(bytes:))), \(columns.attestationFormat),
                    \(columns.attestationType), \(columns.isDiscoverable), \(columns.registeredBackupEligible),
                    \(columns.registeredBackupState), \(columns.nickname), \(columns.lastUsedAt), \(columns.version))
                ON CONFLICT (credential_id) DO NOTHING
                RETURNING sequence
                """
            )
            return rows.count == 1
        }

        /// Writes `update` if the stored version is still its expected version, adding one to the version.
        public func update(_ update: CredentialRecordUpdate) async throws -> Bool {
            let rows = try await statements.query(
                """
                UPDATE passkey_credentials
                SET sign_count = \(Int64(update.signCount)), backup_eligible = \(update.backupEligible),
                    backup_state = \(update.backupState), uv_initialized = \(update.userVerificationInitialized),
                    last_used_at = \(update.lastUsedAt), version = version + 1
                WHERE credential_id = \(ByteBuffer(bytes: update.credentialID)) AND version = \(update.expectedVersion)
                RETURNING version
                """
            )
            return rows.count == 1
        }

        /// Sets the nickname and adds one to the version.
        public func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
            let rows = try await statements.query(
                """
                UPDATE passkey_credentials SET nickname = \(nickname), version = version + 1
                WHERE credential_id = \(ByteBuffer(bytes: credentialID))
                RETURNING version
                """
            )
            return rows.count == 1
        }

        /// Deletes the record; returns whether there was one.
        public func remove(credentialID: [UInt8]) async throws -> Bool {
            let rows = try await statements.query(
                """
                DELETE FROM passkey_credentials WHERE credential_id = \(ByteBuffer(bytes: credentialID))
                RETURNING sequence
                """
            )
            return rows.count == 1
        }

        /// Removes the record unless it is its owner's only one, in one statement that first locks the owner's rows
        /// in credential-ID order (`FOR UPDATE`, so concurrent removals wait for each other without deadlock, and a
        /// waiting one counts the rows that are left); when nothing was deleted, a read tells an unknown credential
        /// from the last one.
        public func removeUnlessLast(credentialID: [UInt8], ownedBy userHandle: [UInt8]) async throws
            -> CredentialRemoval
        {
            let identifier = ByteBuffer(bytes: credentialID)
            let owner = ByteBuffer(bytes: userHandle)
            let removed = try await statements.query(
                """
                DELETE FROM passkey_credentials WHERE credential_id = \(identifier) AND user_handle = \(owner)
                AND (SELECT count(*) FROM (SELECT 1 FROM passkey_credentials WHERE user_handle = \(owner)
                    ORDER BY credential_id FOR UPDATE) AS owned) > 1
                RETURNING sequence
                """
            )
            guard removed.isEmpty else { return .removed }
            return try await credential(withID: credentialID)?.userHandle == userHandle ? .lastCredential : .notFound
        }

        /// The record a row of ``columns`` holds.
        static func record(from row: PostgresRow) throws -> CredentialRecord {
            let cells = row.makeRandomAccess()
            return try CredentialRecordColumns(
                credentialID: try PostgresValue.bytes(cells["credential_id"]),
                userHandle: try PostgresValue.optionalBytes(cells["user_handle"]),
                publicKey: try PostgresValue.bytes(cells["public_key"]),
                signCount: try cells["sign_count"].decode(Int64.self),
                backupEligible: try cells["backup_eligible"].decode(Bool.self),
                backupState: try cells["backup_state"].decode(Bool.self),
                userVerificationInitialized: try cells["uv_initialized"].decode(Bool.self),
                transports: try cells["transports"].decode([String].self),
                registeredAt: try PostgresValue.optional(cells["registered_at"], as: Date.self),
                aaguid: try PostgresValue.optionalBytes(cells["aaguid"]),
                attestationFormat: try PostgresValue.optional(cells["attestation_format"], as: String.self),
                attestationType: try PostgresValue.optional(cells["attestation_type"], as: String.self),
                isDiscoverable: try PostgresValue.optional(cells["discoverable"], as: Bool.self),
                registeredBackupEligible: try PostgresValue.optional(
                    cells["registered_backup_eligible"],
                    as: Bool.self
                ),
                registeredBackupState: try PostgresValue.optional(cells["registered_backup_state"], as: Bool.self),
                nickname: try PostgresValue.optional(cells["nickname"], as: String.self),
                lastUsedAt: try PostgresValue.optional(cells["last_used_at"], as: Date.self),
                version: try cells["version"].decode(Int64.self)
            ).record()
        }
    }
#else
    /// The credential records in PostgreSQL, built only with the package trait `PostgreSQL`: without it this
    /// placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresCredentialStore {}
#endif
