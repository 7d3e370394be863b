#if SQLite
    import Foundation
    import PasskeyMetadata
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``PasskeyMetadata/MetadataBLOBStore`` in the `passkey_metadata_blob` table of an ``SQLiteStorage``: the
    /// last good FIDO metadata BLOB and its `no` (FIDO Metadata Service v3.0 §3.2 steps 4–6), in one row.
    ///
    /// ``saveMetadataBLOB(_:)`` is one `INSERT … ON CONFLICT DO UPDATE … WHERE excluded.serial_number >=
    /// serial_number RETURNING`: of two processes saving at once, the larger `no` stays.
    public struct SQLiteMetadataBLOBStore: MetadataBLOBStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        /// The kept BLOB, `nil` when none was saved.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row does not read back as a BLOB
        ///   (a `no` below 0, an empty BLOB or one longer than ``PasskeyMetadata/MetadataBLOB/maximumLength``).
        public func loadMetadataBLOB() async throws -> StoredMetadataBLOB? {
            let rows = try await statements.query(
                "SELECT serial_number, jws FROM passkey_metadata_blob WHERE id = 1"
            )
            guard let row = rows.first else { return nil }
            let serialNumber = try SQLiteValue.integer("serial_number", of: row)
            let jws = try SQLiteValue.bytes("jws", of: row)
            guard serialNumber >= 0, let no = Int(exactly: serialNumber) else {
                throw StoreError(.corruptedRow, "serial_number \(serialNumber) is not a metadata BLOB's no")
            }
            guard !jws.isEmpty, jws.count <= MetadataBLOB.maximumLength else {
                throw StoreError(.corruptedRow, "jws has \(jws.count) bytes, not a metadata BLOB")
            }
            return StoredMetadataBLOB(jws: jws, serialNumber: no)
        }

        /// Keeps `blob` unless the kept one has a larger `no`; returns whether `blob` is now the kept one.
        @discardableResult
        public func saveMetadataBLOB(_ blob: StoredMetadataBLOB) async throws -> Bool {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_metadata_blob (id, serial_number, jws, saved_at) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    serial_number = excluded.serial_number, jws = excluded.jws, saved_at = excluded.saved_at
                WHERE excluded.serial_number >= passkey_metadata_blob.serial_number
                RETURNING serial_number
                """,
                [
                    SQLiteValue.integer(Int64(blob.serialNumber)), SQLiteValue.blob(blob.jws),
                    SQLiteValue.instant(Date()),
                ]
            )
            return !rows.isEmpty
        }
    }
#else
    /// The last good FIDO metadata BLOB in SQLite, built only with the package trait `SQLite`: without it this
    /// placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteMetadataBLOBStore {}
#endif
