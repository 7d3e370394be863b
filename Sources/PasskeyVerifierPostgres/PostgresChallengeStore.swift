#if PostgreSQL
    import Foundation
    import PasskeyVerifier
    import PostgresNIO

    /// A ``PasskeyVerifier/ChallengeStore`` in the `passkey_challenges` table of a ``PostgresStorage`` (WebAuthn
    /// Level 3 §13.4.3: single-use challenges kept by the relying party), shared by every server process.
    ///
    /// ``take(_:at:)`` is one `DELETE … WHERE challenge = $1 AND expires_at > $2 RETURNING …`: of concurrent
    /// takes of one challenge, in any process, exactly one gets the row. ``put(_:)`` only inserts: the expired
    /// rows are deleted by ``removeExpired(at:)`` and the table capped by ``removeOldest(keeping:)``, both through
    /// the index on `expires_at`, from the host's periodic job. The user handle of a sign-in open to any passkey is
    /// `NULL` and reads back as `nil`.
    public struct PostgresChallengeStore: ChallengeStore {
        /// Where the statements run: on the pool, or inside a transaction.
        let statements: PostgresStatements

        /// Stores `challenge`, replacing one with the same bytes.
        public func put(_ challenge: IssuedChallenge) async throws {
            try await statements.query(
                """
                INSERT INTO passkey_challenges (challenge, ceremony, user_handle, issued_at, expires_at, parameters)
                VALUES (\(ByteBuffer(bytes: challenge.challenge)), \(challenge.ceremony.rawValue),
                    \(challenge.userHandle.map(ByteBuffer.init(bytes:))), \(challenge.issuedAt), \(challenge.expiresAt),
                    \(ByteBuffer(bytes: challenge.parameters.encoded)))
                ON CONFLICT (challenge) DO UPDATE SET ceremony = excluded.ceremony, user_handle = excluded.user_handle,
                    issued_at = excluded.issued_at, expires_at = excluded.expires_at, parameters = excluded.parameters
                """
            )
        }

        /// Returns and deletes the challenge, atomically; `nil` when absent, taken or expired at `instant`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row does not read back as a challenge.
        public func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
            let rows = try await statements.query(
                """
                DELETE FROM passkey_challenges
                WHERE challenge = \(ByteBuffer(bytes: challenge)) AND expires_at > \(instant)
                RETURNING ceremony, user_handle, issued_at, expires_at, parameters
                """
            )
            guard let row = rows.first else { return nil }
            let cells = row.makeRandomAccess()
            let ceremonyName = try cells["ceremony"].decode(String.self)
            guard let ceremony = CeremonyKind(rawValue: ceremonyName) else {
                throw StoreError(.corruptedRow, "ceremony \(ceremonyName) is unknown")
            }
            let parameters: CeremonyParameters
            do {
                parameters = try CeremonyParameters(encoded: try PostgresValue.bytes(cells["parameters"]))
            } catch {
                throw StoreError(.corruptedRow, "parameters is not CeremonyParameters' JSON: \(error)")
            }
            return IssuedChallenge(
                challenge: challenge,
                ceremony: ceremony,
                userHandle: try PostgresValue.optionalBytes(cells["user_handle"]),
                issuedAt: try cells["issued_at"].decode(Date.self),
                expiresAt: try cells["expires_at"].decode(Date.self),
                parameters: parameters
            )
        }

        /// Deletes the challenges expired at `instant` and returns how many.
        @discardableResult
        public func removeExpired(at instant: Date) async throws -> Int {
            try await statements.query(
                "DELETE FROM passkey_challenges WHERE expires_at <= \(instant) RETURNING 1"
            ).count
        }

        /// Deletes the challenges that expire first until at most `maximumCount` are left and returns how many.
        @discardableResult
        public func removeOldest(keeping maximumCount: Int) async throws -> Int {
            try await statements.query(
                """
                DELETE FROM passkey_challenges WHERE challenge IN (
                    SELECT challenge FROM passkey_challenges ORDER BY expires_at DESC OFFSET \(max(0, maximumCount))
                ) RETURNING 1
                """
            ).count
        }

        /// Deletes the pending challenges of `ceremony` issued for `userHandle` and returns how many.
        @discardableResult
        public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
            try await statements.query(
                """
                DELETE FROM passkey_challenges
                WHERE ceremony = \(ceremony.rawValue) AND user_handle = \(ByteBuffer(bytes: userHandle))
                RETURNING 1
                """
            ).count
        }
    }
#else
    /// The pending challenges in PostgreSQL, built only with the package trait `PostgreSQL`: without it this
    /// placeholder names the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierPostgres is empty without its trait; enable the package trait PostgreSQL: .package(url: …, branch: \"main\", traits: [\"PostgreSQL\"])"
    )
    public enum PostgresChallengeStore {}
#endif
