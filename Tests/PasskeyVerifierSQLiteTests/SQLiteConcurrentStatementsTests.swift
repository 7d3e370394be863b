#if SQLite
    import Foundation
    import PasskeyVerifier
    import PasskeyVerifierSQLite
    import PasskeyVerifierTesting
    import Testing

    /// Concurrent store calls of one storage while another connection (another process, for SQLite) writes to
    /// the same file: no call may fail with `SQLITE_BUSY`.
    ///
    /// A write statement that starts on a connection while another statement of that connection is still
    /// stepping runs inside that statement's read transaction; when another connection has written since,
    /// SQLite answers `SQLITE_BUSY_SNAPSHOT` at once, without waiting for the busy timeout. Two server
    /// processes on one file met it under load (a sign-in answered 503 `storeUnavailable`); the storage now
    /// runs its connection's statements one at a time.
    @Suite struct SQLiteConcurrentStatementsTests {
        static let userHandle: [UInt8] = [42]

        static func challenge(_ bytes: [UInt8], at instant: Date) -> IssuedChallenge {
            IssuedChallenge(
                challenge: bytes,
                ceremony: .authentication,
                userHandle: nil,
                issuedAt: instant,
                expiresAt: instant.addingTimeInterval(300)
            )
        }

        @Test func readsAndWritesOfOneStorageNeverFailBusyWhileAnotherConnectionWrites() async throws {
            let path = try SQLiteStoreTests.temporaryDatabasePath()
            let storage = try await SQLiteStorage.open(.file(path: path))
            let other = try await SQLiteStorage.open(.file(path: path))
            let key = try PrivateKey.generate(.es256).coseKey
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            for index in 0..<32 {
                let record = CredentialRecord(
                    id: [UInt8(index), 1],
                    publicKey: key,
                    userHandle: Self.userHandle,
                    registration: CredentialRegistrationDetails(registeredAt: start)
                )
                #expect(try await storage.credentialStore.insert(record))
            }
            let failures = await withTaskGroup(of: [String].self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var failures: [String] = []
                        for round in 0..<150 {
                            do {
                                let bytes = [UInt8(task), UInt8(round % 256), UInt8(round / 256), 0]
                                if task < 6 {
                                    let records = try await storage.credentialStore.credentials(
                                        forUserHandle: Self.userHandle
                                    )
                                    if records.count != 32 { failures.append("read \(records.count) records") }
                                    try await storage.challengeStore.put(Self.challenge(bytes, at: start))
                                    if try await storage.challengeStore.take(bytes, at: start) == nil {
                                        failures.append("a stored challenge was not taken")
                                    }
                                } else {
                                    try await other.challengeStore.put(Self.challenge(bytes, at: start))
                                }
                            } catch {
                                failures.append(String(reflecting: error))
                            }
                        }
                        return failures
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")")
            try await storage.close()
            try await other.close()
        }
    }
#endif
