#if Server
#if PostgreSQL
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The routes on PostgreSQL (the library's stores and the server's tables): ceremonies, accounts, sessions and
/// passkey management, against the server that
/// `PASSKEY_POSTGRES_URL` names, such as `postgres://user:password@127.0.0.1:5432/database`; skipped without it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"] != nil))
struct PostgresServerTests {
    @Test func registrationAndSignInOnPostgreSQL() async throws {
        try await ServerHarness.withPostgresStorage { storage in
            try await ServerHarness.run(storage: storage) { server in
                let username = "postgres-\(UUID().uuidString.lowercased())"
                var authenticator = ServerHarness.authenticator()
                let registration = try await server.register(username, with: &authenticator)

                let named = try await server.requestOptions(AssertionOptionsRequest(username: username))
                #expect(named.allowCredentials.compactMap(\.credentialID) == [registration.credentialID])
                let assertion = try authenticator.authenticate(options: named)
                let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                try ServerHarness.expectOK(response)
                #expect(try ServerHarness.decode(SignedInResponse.self, response).username == username)

                let replay = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(try ServerHarness.failureCode(replay) == "challengeNotFound")

                let discoverable = try await server.requestOptions(AssertionOptionsRequest())
                let signIn = try authenticator.authenticate(options: discoverable)
                let answer = try await server.post("/assertion/result", bytes: signIn.jsonBytes)
                #expect(try ServerHarness.decode(SignedInResponse.self, answer).username == username)
            }
        }
    }

    @Test func accountsSessionsAndManagementOnPostgreSQL() async throws {
        try await ServerHarness.withPostgresStorage { storage in
            try await ServerHarness.run(storage: storage) { server in
                let unique = UUID().uuidString.lowercased().prefix(8)
                try await AccountRouteTests.strangersAreRefused(server, name: "pg-owner-\(unique)")
                try await SessionRouteTests.sessionsStartAndEnd(server, name: "pg-session-\(unique)")
                try await CredentialManagementRouteTests.manageOwnPasskeys(
                    server, name: "pg-manager-\(unique)", other: "pg-other-\(unique)")
                let unreadable = try await server.post(
                    "/attestation/options", json: AttestationOptionsRequest(username: "nul\u{0000}name"))
                #expect(unreadable.status == .badRequest)
            }
        }
    }
}
#endif
#endif
