import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PasskeyServer
import PasskeyVerifier
import PasskeyVerifierTesting
import PostgresNIO
import Testing

/// `POST /auth/apple` on PostgreSQL: the `passkey_server_apple_accounts` link, concurrent first sign-ins of one
/// `sub` agreeing on one account, then a passkey for it; skipped without `PASSKEY_POSTGRES_URL`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"] != nil))
struct PostgresAppleSignInTests {
    @Test func appleAccountsAreLinkedOnceOnPostgreSQL() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["PASSKEY_POSTGRES_URL"])
        let issuer = try #require(AppleSignInRouteTests.issuer)
        let postgres = PostgresClient(configuration: try PostgresConnectionURL.configuration(url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            let storage = try await PasskeyStorage.openPostgres(
                client: postgres,
                logger: Logger(label: "passkey-server-tests")
            )
            var configuration = ServerHarness.configuration
            configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
            let router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                appleKeySetSource: AppleSignInRouteTests.FixedKeySet(try issuer.keySet())
            )
            try await Application(router: router).test(.router) { client in
                let server = ServerHarness(client: client)
                let subject = "000001.\(UUID().uuidString).0001"
                let usernames = try await withThrowingTaskGroup(of: String.self) { signIns in
                    for index in 0..<4 {
                        signIns.addTask {
                            let token = try AppleSignInRouteTests.token(subject: subject, rawNonce: "n\(index)")
                            let response = try await server.post(
                                "/auth/apple",
                                json: AppleSignInRequest(identityToken: token, rawNonce: "n\(index)")
                            )
                            return try ServerHarness.decode(AssertionResultResponse.self, response).username
                        }
                    }
                    return try await signIns.reduce(into: Set<String>()) { $0.insert($1) }
                }
                #expect(usernames == ["apple:\(subject)"])
                var authenticator = ServerHarness.authenticator()
                try await server.register("apple:\(subject)", with: &authenticator)
                let list = try await server.post(
                    "/credentials", json: CredentialListRequest(username: "apple:\(subject)"))
                #expect(try ServerHarness.decode(CredentialListResponse.self, list).credentials.count == 1)
            }
            group.cancelAll()
        }
    }
}
