#if SQLite
    import Foundation
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``PasskeyVerifier/UsedChallengeStore`` in the `passkey_used_challenges` table of an ``SQLiteStorage``, with
    /// the shared sealing secret in `passkey_challenge_keys` (WebAuthn Level 3 §13.4.3: each challenge is used once).
    ///
    /// ``insert(_:expiresAt:)`` is one `INSERT … ON CONFLICT DO NOTHING RETURNING 1` on the digest's primary key: of
    /// concurrent inserts of one digest, in any task or process, exactly one returns `true`. Expired rows are deleted
    /// by ``removeExpired(at:)``, through the index on `expires_at`, from the host's periodic job.
    public struct SQLiteUsedChallengeStore: UsedChallengeStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        /// Records `digest`; `false` when it was recorded already.
        public func insert(_ digest: [UInt8], expiresAt: Date) async throws -> Bool {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_used_challenges (digest, expires_at) VALUES (?, ?)
                ON CONFLICT (digest) DO NOTHING RETURNING 1
                """,
                [SQLiteValue.blob(digest), SQLiteValue.instant(expiresAt)]
            )
            return !rows.isEmpty
        }

        /// Deletes the digests expired at `instant` and returns how many.
        @discardableResult
        public func removeExpired(at instant: Date) async throws -> Int {
            let rows = try await statements.query(
                "DELETE FROM passkey_used_challenges WHERE expires_at <= ? RETURNING 1",
                [SQLiteValue.instant(instant)]
            )
            return rows.count
        }

        /// The secret in `passkey_challenge_keys`, which the first caller's `candidate` became.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored secret is not 32 bytes.
        public func sealingSecret(proposing candidate: [UInt8]) async throws -> [UInt8] {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_challenge_keys (identifier, secret) VALUES (1, ?)
                ON CONFLICT (identifier) DO UPDATE SET identifier = identifier RETURNING secret
                """,
                [SQLiteValue.blob(candidate)]
            )
            return try StoreError.checkedSealingSecret(try rows.first.map { try SQLiteValue.bytes("secret", of: $0) })
        }
    }
#else
    /// The used challenges in SQLite, built only with the package trait `SQLite`: without it this placeholder names
    /// the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteUsedChallengeStore {}
#endif
