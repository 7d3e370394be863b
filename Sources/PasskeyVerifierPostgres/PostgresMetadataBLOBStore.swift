#if PostgreSQL
    import Foundation
    import PasskeyMetadata
    import PasskeyVerifier
    import PostgresNIO

    /// A ``PasskeyMetadata/MetadataBLOBStore`` in the `passkey_metadata_blob` table of a ``PostgresStorage``: the
    /// last good FIDO metadata BLOB and its `no` (FIDO Metadata Service v3.0 §3.2 steps 4–6), in one row shared
    /// by every server process.
    ///
    /// ``saveMetadataBLOB(_:)`` is one `INSERT … ON CONFLICT DO UPDATE … WHERE excluded.serial_number >=
    /// serial_number RETURNING`: of two processes saving at once, the larger `no` stays.
    public struct PostgresMetadataBLOBStore: MetadataBLOBStore {
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

        /// The kept BLOB, `nil` when none was saved.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row does not read back as a BLOB
        ///   (a `no` below 0, an empty BLOB or one longer than ``PasskeyMetadata/MetadataBLOB/maximumLength``).
        public func loadMetadataBLOB() async throws -> StoredMetadataBLOB? {
            let rows = try await statements.query(
                "SELECT serial_number, jws FROM passkey_metadata_blob WHERE id = 1"
            )
            guard let row = rows.first else { return nil }
            let cells = row.makeRandomAccess()
            let serialNumber = try cells["serial_number"].decode(Int64.self)
            let jws = try PostgresValue.bytes(cells["jws"])
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
                INSERT INTO passkey_metadata_blob (id, serial_number, jws, saved_at)
                VALUES (1, \(Int64(blob.serialNumber)), \(ByteBuffer(bytes: blob.jws)), \(Date()))
                ON CONFLICT (id) DO UPDATE SET
                    serial_number = excluded.serial_number, jws = excluded.jws, saved_at = excluded.saved_at
                WHERE excluded.serial_number >= passkey_metadata_blob.serial_number
                RETURNING serial_number
                """
            )
            return !rows.isEmpty
        }
    }
#else
    /// The last good FIDO metadata BLOB in PostgreSQL, built only with the package trait `PostgreSQL`: without it this
    /// placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresMetadataBLOBStore {}
#endif
