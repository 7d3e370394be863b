#if SQLite
    import Foundation
    import PasskeyVerifier
    import SQLiteNIO

    /// A ``PasskeyVerifier/ChallengeStore`` in the `passkey_challenges` table of an ``SQLiteStorage`` (WebAuthn
    /// Level 3 §13.4.3: single-use challenges kept by the relying party).
    ///
    /// ``take(_:at:)`` is one `DELETE … WHERE challenge = ? AND expires_at > ? RETURNING …`: of concurrent takes
    /// of one challenge, in any task or process, exactly one gets the row. ``put(_:)`` only inserts: the expired
    /// rows are deleted by ``removeExpired(at:)`` and the table capped by ``removeOldest(keeping:)``, both through
    /// the index on `expires_at`, from the host's periodic job. The user handle of a sign-in open to any passkey is
    /// `NULL` and reads back as `nil`.
    public struct SQLiteChallengeStore: ChallengeStore {
        /// Where the statements run: each alone, or inside a transaction.
        let statements: SQLiteStatements

        /// Stores `challenge`, replacing one with the same bytes.
        public func put(_ challenge: IssuedChallenge) async throws {
            _ = try await statements.query(
                """
                INSERT OR REPLACE INTO passkey_challenges
                    (challenge, ceremony, user_handle, issued_at, expires_at, parameters)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    SQLiteValue.blob(challenge.challenge), .text(challenge.ceremony.rawValue),
                    SQLiteValue.blob(challenge.userHandle), SQLiteValue.instant(challenge.issuedAt),
                    SQLiteValue.instant(challenge.expiresAt), SQLiteValue.blob(challenge.parameters.encoded),
                ]
            )
        }

        /// Returns and deletes the challenge, atomically; `nil` when absent, taken or expired at `instant`.
        ///
        /// - Throws: ``PasskeyVerifier/StoreError/Code/corruptedRow`` when the row does not read back as a challenge.
        public func take(_ challenge: [UInt8], at instant: Date) async throws -> IssuedChallenge? {
            let rows = try await statements.query(
                """
                DELETE FROM passkey_challenges WHERE challenge = ? AND expires_at > ?
                RETURNING ceremony, user_handle, issued_at, expires_at, parameters
                """,
                [SQLiteValue.blob(challenge), SQLiteValue.instant(instant)]
            )
            guard let row = rows.first else { return nil }
            let ceremonyName = try SQLiteValue.text("ceremony", of: row)
            guard let ceremony = CeremonyKind(rawValue: ceremonyName) else {
                throw StoreError(.corruptedRow, "ceremony \(ceremonyName) is unknown")
            }
            let parameters: CeremonyParameters
            do {
                parameters = try CeremonyParameters(encoded: try SQLiteValue.bytes("parameters", of: row))
            } catch {
                throw StoreError(.corruptedRow, "parameters is not CeremonyParameters' JSON: \(error)")
            }
            return IssuedChallenge(
                challenge: challenge,
                ceremony: ceremony,
                userHandle: try SQLiteValue.optionalBytes("user_handle", of: row),
                issuedAt: try SQLiteValue.instant("issued_at", of: row),
                expiresAt: try SQLiteValue.instant("expires_at", of: row),
                parameters: parameters
            )
        }

        /// Deletes the challenges expired at `instant` and returns how many.
        @discardableResult
        public func removeExpired(at instant: Date) async throws -> Int {
            let rows = try await statements.query(
                "DELETE FROM passkey_challenges WHERE expires_at <= ? RETURNING 1",
                [SQLiteValue.instant(instant)]
            )
            return rows.count
        }

        /// Deletes the challenges that expire first until at most `maximumCount` are left and returns how many.
        @discardableResult
        public func removeOldest(keeping maximumCount: Int) async throws -> Int {
            let rows = try await statements.query(
                """
                DELETE FROM passkey_challenges WHERE challenge IN (
                    SELECT challenge FROM passkey_challenges ORDER BY expires_at DESC LIMIT -1 OFFSET ?
                ) RETURNING 1
                """,
                [.integer(max(0, maximumCount))]
            )
            return rows.count
        }

        /// Deletes the pending challenges of `ceremony` issued for `userHandle` and returns how many.
        @discardableResult
        public func removeAll(ceremony: CeremonyKind, userHandle: [UInt8]) async throws -> Int {
            let rows = try await statements.query(
                "DELETE FROM passkey_challenges WHERE ceremony = ? AND user_handle = ? RETURNING 1",
                [.text(ceremony.rawValue), SQLiteValue.blob(userHandle)]
            )
            return rows.count
        }
    }
#else
    /// The pending challenges in SQLite, built only with the package trait `SQLite`: without it this placeholder names
    /// the trait in the compiler's error instead of a bare "cannot find type".
    @available(
        *, unavailable,
        message:
            "PasskeyVerifierSQLite is empty without its trait; enable the package trait SQLite: .package(url: …, branch: \"main\", traits: [\"SQLite\"])"
    )
    public enum SQLiteChallengeStore {}
#endif
