import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyServer
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `POST /auth/apple` and `POST /credentials` on a temporary SQLite file, with Apple played by
/// `AppleIdentityTokenIssuer` and its key set handed to the router (no network).
@Suite struct AppleSignInRouteTests {
    static let clientID = "com.example.passkeys"
    static let issuer: AppleIdentityTokenIssuer? = try? AppleIdentityTokenIssuer(keyIdentifier: "route-key")

    /// Answers with a fixed key set and counts the refreshes asked for.
    actor FixedKeySet: AppleKeySetSource {
        let keySet: JSONWebKeySet?
        private(set) var refreshes = 0

        init(_ keySet: JSONWebKeySet?) {
            self.keySet = keySet
        }

        func keySet(refresh: Bool) async throws -> JSONWebKeySet {
            if refresh { refreshes += 1 }
            guard let keySet else { throw AppleKeySetUnavailable("no network in tests") }
            return keySet
        }
    }

    /// Runs `body` against a server configured with `clientIDs` and `source`.
    static func run(
        clientIDs: [String] = [clientID],
        source: FixedKeySet? = nil,
        naming: AuthenticatorNaming = AuthenticatorNaming(),
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-apple-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        var configuration = ServerHarness.configuration
        configuration.appleClientIDs = clientIDs
        let keySource = try source ?? FixedKeySet(try #require(issuer).keySet())
        let storage = try await PasskeyStorage.openSQLite(path: path)
        do {
            let router = try PasskeyServerApplication.makeRouter(
                configuration: configuration,
                storage: storage,
                appleKeySetSource: keySource,
                authenticatorNaming: naming
            )
            try await Application(router: router).test(.router) { client in
                try await body(ServerHarness(client: client))
            }
        } catch {
            try? await storage.close()
            throw error
        }
        try await storage.close()
    }

    static func token(subject: String, rawNonce: String, audience: String = clientID) throws -> String {
        try #require(issuer).identityToken(
            claims: AppleIdentityTokenIssuer.claimsJSON(
                subject: subject, audience: audience, rawNonce: rawNonce, issuedAt: Date(),
                email: "x7k2@privaterelay.appleid.com", isEmailVerified: true, isPrivateEmail: true,
                flagsAsStrings: true))
    }

    @Test func theFirstSignInCreatesTheAccountAndLaterOnesFindIt() async throws {
        try await Self.run { server in
            let first = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "001234.abc.0001", rawNonce: "n-1"), rawNonce: "n-1"))
            try ServerHarness.expectOK(first)
            #expect(try ServerHarness.decode(AssertionResultResponse.self, first).username == "apple:001234.abc.0001")
            let again = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "001234.abc.0001", rawNonce: "n-2"), rawNonce: "n-2"))
            #expect(try ServerHarness.decode(AssertionResultResponse.self, again).username == "apple:001234.abc.0001")
            let other = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "009999.def.0002", rawNonce: "n-3"), rawNonce: "n-3"))
            #expect(try ServerHarness.decode(AssertionResultResponse.self, other).username == "apple:009999.def.0002")
        }
    }

    @Test func anAppleAccountGainsAPasskeyThatTheCredentialListNames() async throws {
        try await Self.run { server in
            let signIn = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "000777.xyz.0003", rawNonce: "n"), rawNonce: "n"))
            let username = try ServerHarness.decode(AssertionResultResponse.self, signIn).username
            var authenticator = VirtualAuthenticator(
                relyingPartyID: ServerHarness.relyingPartyID, origin: ServerHarness.origin,
                aaguid: try #require(AAGUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")))
            let registration = try await server.register(username, with: &authenticator)
            var other = ServerHarness.authenticator()
            try await server.register(username, with: &other)

            let response = try await server.post("/credentials", json: CredentialListRequest(username: username))
            try ServerHarness.expectOK(response)
            let list = try ServerHarness.decode(CredentialListResponse.self, response).credentials
            #expect(list.count == 2)
            #expect(list.first?.credentialID == Base64URL.encode(registration.credentialID))
            #expect(list.first?.authenticatorName == "Apple Passwords")
            #expect(list.first?.authenticatorIconLight?.hasPrefix("data:image/svg+xml;base64,") == true)
            #expect(list.first?.aaguid == "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")
            #expect(list.first?.createdAt != nil)
            #expect(list.first?.backedUp == true)
            #expect(list.last?.authenticatorName == nil)
            #expect(list.last?.aaguid == "00000000-0000-0000-0000-000000000000")
        }
    }

    @Test func metadataDescriptionsWinOverTheCommunityList() async throws {
        let naming = AuthenticatorNaming(metadataDescription: { aaguid in
            aaguid.uuidString == "fbfc3007-154e-4ecc-8c0b-6e020557d7bd" ? "Described by metadata" : nil
        })
        #expect(
            naming.name(for: try #require(AAGUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")))?.name
                == "Described by metadata")
        #expect(
            naming.name(for: try #require(AAGUID(uuidString: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4")))?.name
                == "Google Password Manager")
        #expect(naming.name(for: .zero) == nil)
    }

    @Test func theCredentialListOfAnUnknownUsernameIsUnknownCredential() async throws {
        try await Self.run { server in
            let response = try await server.post("/credentials", json: CredentialListRequest(username: "nobody"))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "unknownCredential")
        }
    }

    @Test func rejectedTokensAre400WithTheirCode() async throws {
        try await Self.run { server in
            let cases: [(AppleSignInRequest, String)] = [
                (
                    AppleSignInRequest(
                        identityToken: try Self.token(subject: "s1", rawNonce: "right"), rawNonce: "wrong"),
                    "identityTokenNonceMismatch"
                ),
                (AppleSignInRequest(identityToken: "not.a.token", rawNonce: "n"), "identityTokenMalformed"),
                (
                    AppleSignInRequest(
                        identityToken: try Self.token(subject: "s2", rawNonce: "n", audience: "com.other"),
                        rawNonce: "n"), "identityTokenAudienceMismatch"
                ),
            ]
            for (request, code) in cases {
                let response = try await server.post("/auth/apple", json: request)
                #expect(response.status == .badRequest)
                #expect(try ServerHarness.failureCode(response) == code)
            }
            let missingNonce = try await server.post("/auth/apple", bytes: Array(#"{"identityToken":"a.b.c"}"#.utf8))
            #expect(try ServerHarness.failureCode(missingNonce) == "malformedInput")
        }
    }

    @Test func anUnknownKidRefreshesTheKeysOnceThenFails() async throws {
        let source = FixedKeySet(try #require(Self.issuer).keySet())
        try await Self.run(source: source) { server in
            let stranger = try AppleIdentityTokenIssuer(keyIdentifier: "rotated-key")
            let token = try stranger.identityToken(
                claims: AppleIdentityTokenIssuer.claimsJSON(
                    subject: "s", audience: Self.clientID, rawNonce: "n", issuedAt: Date()))
            let response = try await server.post(
                "/auth/apple", json: AppleSignInRequest(identityToken: token, rawNonce: "n"))
            #expect(try ServerHarness.failureCode(response) == "identityTokenKeyNotFound")
        }
        #expect(await source.refreshes == 1)
    }

    @Test func withoutKeysTheRouteIsUnavailable() async throws {
        try await Self.run(source: FixedKeySet(nil)) { server in
            let response = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(identityToken: try Self.token(subject: "s", rawNonce: "n"), rawNonce: "n"))
            #expect(response.status == .serviceUnavailable)
            #expect(try ServerHarness.failureCode(response) == "appleKeysUnavailable")
        }
    }

    @Test func withoutClientIDsTheRouteIsNotFound() async throws {
        try await Self.run(clientIDs: []) { server in
            let response = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(identityToken: try Self.token(subject: "s", rawNonce: "n"), rawNonce: "n"))
            #expect(response.status == .notFound)
        }
    }

    @Test func theAppleUsernamePrefixIsReservedForAppleAccounts() async throws {
        try await Self.run { server in
            let response = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "apple:001234.abc.0001"))
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
            let signIn = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "001234.abc.0001", rawNonce: "n"), rawNonce: "n"))
            try ServerHarness.expectOK(signIn)
            let options = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "apple:001234.abc.0001"))
            try ServerHarness.expectOK(options)
        }
    }
}
