#if PostgreSQL
    import Foundation
    import PasskeyVerifier
    import PostgresNIO

    /// A ``PasskeyVerifier/UsedChallengeStore`` in the `passkey_used_challenges` table of a ``PostgresStorage``, with
    /// the shared sealing secret in `passkey_challenge_keys` (WebAuthn Level 3 §13.4.3: each challenge is used once),
    /// shared by every server process.
    ///
    /// ``insert(_:expiresAt:)`` is one `INSERT … ON CONFLICT DO NOTHING RETURNING 1` on the digest's primary key: of
    /// concurrent inserts of one digest, in any process, exactly one returns `true` (a second transaction waits for
    /// the first to commit or roll back). Expired rows are deleted by ``removeExpired(at:)``, through the index on
    /// `expires_at`, from the host's periodic job.
    public struct PostgresUsedChallengeStore: UsedChallengeStore {
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

        /// Records `digest`; `false` when it was recorded already.
        public func insert(_ digest: [UInt8], expiresAt: Date) async throws -> Bool {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_used_challenges (digest, expires_at)
                VALUES (\(ByteBuffer(bytes: digest)), \(expiresAt))
                ON CONFLICT (digest) DO NOTHING RETURNING 1
                """
            )
            return !rows.isEmpty
        }

        /// Deletes the digests expired at `instant` and returns how many.
        @discardableResult
        public func removeExpired(at instant: Date) async throws -> Int {
            try await statements.query(
                "DELETE FROM passkey_used_challenges WHERE expires_at <= \(instant) RETURNING 1"
            ).count
        }

        /// The secret in `passkey_challenge_keys`, which the first caller's `candidate` became.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the stored secret is not 32 bytes.
        public func sealingSecret(proposing candidate: [UInt8]) async throws -> [UInt8] {
            let rows = try await statements.query(
                """
                INSERT INTO passkey_challenge_keys (identifier, secret) VALUES (1, \(ByteBuffer(bytes: candidate)))
                ON CONFLICT (identifier) DO UPDATE SET identifier = passkey_challenge_keys.identifier
                RETURNING secret
                """
            )
            return try StoreError.checkedSealingSecret(
                try rows.first.map { try PostgresValue.bytes($0.makeRandomAccess()["secret"]) })
        }
    }
#else
    /// The used challenges in PostgreSQL, built only with the package trait `PostgreSQL`: without it this placeholder
    /// names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresUsedChallengeStore {}
#endif
