#if Server
#if PostgreSQL
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `POST /auth/apple` on PostgreSQL: the `passkey_server_apple_accounts` link, concurrent first sign-ins of one
/// `sub` agreeing on one account, a nonce taken once by concurrent replays, a passkey added only with a ticket, and
/// an unlinked `apple:` account never linked, and the cap on pending secrets; skipped without
/// `PASSKEY_POSTGRES_URL`. One test at a time: the cap's test deletes the other nonces of the shared table.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"] != nil), .serialized)
struct PostgresAppleSignInTests {
    @Test func appleAccountsAreLinkedOnceOnPostgreSQL() async throws {
        let issuer = try #require(AppleSignInRouteTests.issuer)
        try await ServerHarness.withPostgresStorage { storage in
            var configuration = ServerHarness.configuration
            configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
            try await ServerHarness.run(
                configuration: configuration,
                storage: storage,
                appleKeySetSource: AppleSignInRouteTests.FixedKeySet(try issuer.keySet())
            ) { server in
                let subject = "000001.\(UUID().uuidString.lowercased()).0001"
                let signIns = try await withThrowingTaskGroup(of: AppleSignInResponse.self) { signIns in
                    for _ in 0..<4 {
                        signIns.addTask { try await AppleSignInRouteTests.signIn(server, subject: subject) }
                    }
                    return try await signIns.reduce(into: [AppleSignInResponse]()) { $0.append($1) }
                }
                #expect(Set(signIns.map(\.username)) == ["apple:\(subject)"])
                #expect(Set(signIns.map(\.appleRegistrationTicket)).count == 4)
                let nonce = try await AppleSignInRouteTests.nonce(server)
                let request = AppleSignInRequest(
                    identityToken: try AppleSignInRouteTests.token(subject: subject, rawNonce: nonce),
                    rawNonce: nonce)
                let replays = try await withThrowingTaskGroup(of: String.self) { replays in
                    for _ in 0..<3 {
                        replays.addTask {
                            let response = try await server.post("/auth/apple", json: request)
                            return response.status == .ok ? "ok" : try ServerHarness.failureCode(response)
                        }
                    }
                    return try await replays.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(replays.sorted() == ["challengeNotFound", "challengeNotFound", "ok"])
                var authenticator = ServerHarness.authenticator()
                let stolen = try await server.post(
                    "/attestation/options", json: AttestationOptionsRequest(username: "apple:\(subject)"))
                #expect(try ServerHarness.failureCode(stolen) == "challengeNotFound")
                let answer = try await server.signUp(
                    "apple:\(subject)", with: &authenticator,
                    appleRegistrationTicket: signIns[0].appleRegistrationTicket
                ).answer
                let legacy = "000002.\(UUID().uuidString.lowercased()).0002"
                _ = try await storage.userStore.userHandle(
                    forUsername: "apple:\(legacy)", proposing: Array(legacy.utf8))
                let legacyNonce = try await AppleSignInRouteTests.nonce(server)
                let conflict = try await server.post(
                    "/auth/apple",
                    json: AppleSignInRequest(
                        identityToken: try AppleSignInRouteTests.token(subject: legacy, rawNonce: legacyNonce),
                        rawNonce: legacyNonce))
                #expect(conflict.status == .conflict)
                #expect(try ServerHarness.failureCode(conflict) == "appleAccountConflict")
                let list = try await server.signedIn(answer.sessionToken).get("/credentials")
                #expect(try ServerHarness.decode(CredentialListResponse.self, list).credentials.count == 1)
            }
        }
    }
}
#endif
#endif
