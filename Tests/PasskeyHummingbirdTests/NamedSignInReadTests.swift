#if Server
import Foundation
import NIOConcurrencyHelpers
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// `POST /assertion/options` with a username reads the account's credentials once: to refuse a user without
/// passkeys before a challenge is stored, and to list them (`RelyingParty.beginAuthentication(for:allowing:)`).
/// Under concealment an unknown username reads them once too, so it costs the stores what a known one costs.
@Suite(.alsoUnderAHostPrefix) struct NamedSignInReadTests {
    /// The SQLite credential store, counting `credentials(forUserHandle:)`.
    struct CountingCredentialStore: CredentialStore {
        let base: any CredentialStore
        let reads: NIOLockedValueBox<Int>

        func credential(withID id: [UInt8]) async throws -> CredentialRecord? {
            try await base.credential(withID: id)
        }

        func credentials(forUserHandle userHandle: [UInt8]) async throws -> [CredentialRecord] {
            reads.withLockedValue { $0 += 1 }
            return try await base.credentials(forUserHandle: userHandle)
        }

        func insert(_ record: CredentialRecord) async throws -> Bool {
            try await base.insert(record)
        }

        func update(_ update: CredentialRecordUpdate) async throws -> Bool {
            try await base.update(update)
        }

        func rename(credentialID: [UInt8], nickname: String?) async throws -> Bool {
            try await base.rename(credentialID: credentialID, nickname: nickname)
        }

        func remove(credentialID: [UInt8]) async throws -> Bool {
            try await base.remove(credentialID: credentialID)
        }
    }

    /// What one `POST /assertion/options` for a username did: the credential reads, the failure code, and the
    /// number of credentials its options allow.
    struct Outcome: Sendable {
        var reads = 0
        var code: String?
        var allowed: Int?
    }

    /// Counts the credential reads of one `POST /assertion/options` for `username`, after `known` signed up.
    static func outcome(of username: String, concealing: Bool) async throws -> Outcome {
        var configuration = ServerHarness.configuration
        configuration.concealsUnknownUsernames = concealing
        let reads = NIOLockedValueBox(0)
        let outcome = NIOLockedValueBox(Outcome())
        try await ServerHarness.withTemporarySQLiteStorage { sqlite in
            let storage = PasskeyStorage(
                credentialStore: CountingCredentialStore(base: sqlite.credentialStore, reads: reads),
                challengeStore: sqlite.challengeStore,
                userStore: sqlite.userStore,
                sessionStore: sqlite.sessionStore
            )
            try await ServerHarness.run(configuration: configuration, storage: storage) { server in
                var authenticator = ServerHarness.authenticator()
                try await server.register("known", with: &authenticator)
                reads.withLockedValue { $0 = 0 }
                let response = try await server.post(
                    "/assertion/options", json: AssertionOptionsRequest(username: username))
                var result = Outcome(reads: reads.withLockedValue { $0 })
                if response.status == .ok {
                    result.allowed = try ServerHarness.decode(PublicKeyCredentialRequestOptionsJSON.self, response)
                        .allowCredentials.count
                } else {
                    result.code = try ServerHarness.failureCode(response)
                }
                outcome.withLockedValue { $0 = result }
            }
        }
        return outcome.withLockedValue { $0 }
    }

    @Test(arguments: [false, true])
    func aKnownUsernameReadsItsCredentialsOnce(concealing: Bool) async throws {
        let outcome = try await Self.outcome(of: "known", concealing: concealing)
        #expect(outcome.reads == 1)
        #expect(outcome.code == nil)
        #expect(outcome.allowed == 1)
    }

    @Test func anUnknownUsernameIsRefusedWithoutAReadUnlessConcealed() async throws {
        let refused = try await Self.outcome(of: "nobody", concealing: false)
        #expect(refused.reads == 0)
        #expect(refused.code == "unknownCredential")
        let concealed = try await Self.outcome(of: "nobody", concealing: true)
        #expect(concealed.reads == 1)
        #expect(concealed.code == nil)
        #expect((1...2).contains(concealed.allowed ?? 0))
    }
}
#endif
