#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyHummingbird
import PasskeySignInWithApple
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `POST /auth/apple` and `GET /credentials` on a temporary SQLite file, with Apple played by
/// `AppleIdentityTokenIssuer` and its key set handed to the router (no network).
@Suite(.alsoUnderAHostPrefix) struct AppleSignInRouteTests {
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
        prepare: @Sendable (PasskeyStorage) async throws -> Void = { _ in },
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        var configuration = ServerHarness.configuration
        configuration.appleClientIDs = clientIDs
        try await ServerHarness.run(
            configuration: configuration,
            appleKeySetSource: try source ?? FixedKeySet(try #require(issuer).keySet()),
            naming: naming,
            prepare: prepare,
            body
        )
    }

    static func token(subject: String, rawNonce: String, audience: String = clientID) throws -> String {
        try #require(issuer).identityToken(
            claims: AppleIdentityTokenIssuer.claimsJSON(
                subject: subject, audience: audience, rawNonce: rawNonce, issuedAt: Date(),
                email: "x7k2@privaterelay.appleid.com", isEmailVerified: true, isPrivateEmail: true,
                flagsAsStrings: true))
    }

    /// A nonce from `POST /auth/apple/nonce`.
    static func nonce(_ server: ServerHarness) async throws -> String {
        let response = try await server.post("/auth/apple/nonce", bytes: Array("{}".utf8))
        try ServerHarness.expectOK(response)
        return try ServerHarness.decode(AppleNonceResponse.self, response).nonce
    }

    /// Signs in as `subject` with a nonce the server issued and returns the answer.
    static func signIn(_ server: ServerHarness, subject: String) async throws -> AppleSignInResponse {
        let nonce = try await nonce(server)
        let response = try await server.post(
            "/auth/apple",
            json: AppleSignInRequest(identityToken: try token(subject: subject, rawNonce: nonce), rawNonce: nonce))
        try ServerHarness.expectOK(response)
        return try ServerHarness.decode(AppleSignInResponse.self, response)
    }

    @Test func theFirstSignInCreatesTheAccountAndLaterOnesFindIt() async throws {
        try await Self.run { server in
            let first = try await Self.signIn(server, subject: "001234.abc.0001")
            #expect(first.username == "apple:001234.abc.0001")
            #expect(Base64URL.decode(first.appleRegistrationTicket)?.count == 32)
            let again = try await Self.signIn(server, subject: "001234.abc.0001")
            #expect(again.username == "apple:001234.abc.0001")
            #expect(again.appleRegistrationTicket != first.appleRegistrationTicket)
            let other = try await Self.signIn(server, subject: "009999.def.0002")
            #expect(other.username == "apple:009999.def.0002")
        }
    }

    @Test func anAppleAccountGainsAPasskeyThatTheCredentialListNames() async throws {
        try await Self.run { server in
            let signIn = try await Self.signIn(server, subject: "000777.xyz.0003")
            let username = signIn.username
            var authenticator = VirtualAuthenticator(
                relyingPartyID: ServerHarness.relyingPartyID, origin: ServerHarness.origin,
                aaguid: try #require(AAGUID(uuidString: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")))
            let (registration, answer) = try await server.signUp(
                username, with: &authenticator, appleRegistrationTicket: signIn.appleRegistrationTicket)
            #expect(answer.username == username)
            var other = ServerHarness.authenticator()
            let secondSignIn = try await Self.signIn(server, subject: "000777.xyz.0003")
            try await server.register(
                username, with: &other, appleRegistrationTicket: secondSignIn.appleRegistrationTicket)

            let response = try await server.signedIn(answer.sessionToken).get("/credentials")
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

    /// The account takeover the review found: knowing `apple:<sub>` is not enough to add a passkey to it.
    @Test func aPasskeyIsAddedToAnAppleAccountOnlyWithItsFreshTicket() async throws {
        try await Self.run { server in
            let victim = try await Self.signIn(server, subject: "000555.victim.0001")
            let attacker = try await Self.signIn(server, subject: "000666.attacker.0002")
            let attempts: [String?] = [nil, "", "bm90LWEtdGlja2V0", attacker.appleRegistrationTicket]
            for ticket in attempts {
                let response = try await server.post(
                    "/attestation/options",
                    json: AttestationOptionsRequest(username: victim.username, appleRegistrationTicket: ticket))
                #expect(response.status == .badRequest)
                #expect(try ServerHarness.failureCode(response) == "challengeNotFound")
            }
            let options = try await server.post(
                "/attestation/options",
                json: AttestationOptionsRequest(
                    username: victim.username, appleRegistrationTicket: victim.appleRegistrationTicket))
            try ServerHarness.expectOK(options)
            let reused = try await server.post(
                "/attestation/options",
                json: AttestationOptionsRequest(
                    username: victim.username, appleRegistrationTicket: victim.appleRegistrationTicket))
            #expect(try ServerHarness.failureCode(reused) == "challengeNotFound")
        }
    }

    @Test func onlyANonceTheServerIssuedIsAcceptedAndOnlyOnce() async throws {
        try await Self.run { server in
            let invented = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "s", rawNonce: "invented"), rawNonce: "invented"))
            #expect(invented.status == .badRequest)
            #expect(try ServerHarness.failureCode(invented) == "challengeNotFound")
            let nonce = try await Self.nonce(server)
            let request = AppleSignInRequest(
                identityToken: try Self.token(subject: "s", rawNonce: nonce), rawNonce: nonce)
            try ServerHarness.expectOK(try await server.post("/auth/apple", json: request))
            let replayed = try await server.post("/auth/apple", json: request)
            #expect(try ServerHarness.failureCode(replayed) == "challengeNotFound")
        }
    }

    @Test func theWebFlowCarriesTheNonceUnhashed() async throws {
        try await Self.run { server in
            let nonce = try await Self.nonce(server)
            let hashed = AppleIdentityTokenIssuer.claimsJSON(
                subject: "000321.web.0001", audience: Self.clientID, rawNonce: nonce, issuedAt: Date())
            let hash = HashAlgorithm.sha256.hash(Array(nonce.utf8))
                .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            let claims = hashed.replacingOccurrences(of: hash, with: nonce)
            #expect(claims != hashed)
            let token = try #require(Self.issuer).identityToken(claims: claims)
            let response = try await server.post(
                "/auth/apple", json: AppleSignInRequest(identityToken: token, rawNonce: nonce, nonceIsUnhashed: true))
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(AppleSignInResponse.self, response).username == "apple:000321.web.0001")
        }
    }

    @Test func anAppleUsernameThatExistedWithoutALinkIsNotLinked() async throws {
        try await Self.run(prepare: { storage in
            _ = try await storage.userStore.userHandle(forUsername: "apple:000444.legacy.0001", proposing: [1, 2, 3])
        }) { server in
            let nonce = try await Self.nonce(server)
            let response = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "000444.legacy.0001", rawNonce: nonce), rawNonce: nonce))
            #expect(response.status == .conflict)
            #expect(try ServerHarness.failureCode(response) == "appleAccountConflict")
            let again = try await Self.nonce(server)
            let retried = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(
                    identityToken: try Self.token(subject: "000444.legacy.0001", rawNonce: again), rawNonce: again))
            #expect(try ServerHarness.failureCode(retried) == "appleAccountConflict")
        }
    }

    @Test func theAppleKeysURLMustBeHTTPSExceptOnLoopback() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkey-server-apple-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let storage = try await PasskeyStorage.openSQLite(path: path)
        var outcomes: [String: Bool] = [:]
        for url in [
            "https://appleid.apple.com/auth/keys", "http://127.0.0.1:9/keys", "http://localhost:9/keys",
            "http://appleid.apple.com/auth/keys", "http://127.evil.example/keys", "ftp://127.0.0.1/keys",
        ] {
            var configuration = ServerHarness.configuration
            configuration.appleClientIDs = [Self.clientID]
            configuration.appleKeysURL = url
            outcomes[url] =
                (try? PasskeyServerApplication.makeRouter(configuration: configuration, storage: storage)) != nil
        }
        try await storage.close()
        #expect(
            outcomes == [
                "https://appleid.apple.com/auth/keys": true, "http://127.0.0.1:9/keys": true,
                "http://localhost:9/keys": true, "http://appleid.apple.com/auth/keys": false,
                "http://127.evil.example/keys": false, "ftp://127.0.0.1/keys": false,
            ])
    }

    @Test func theCommunityListWinsAndMetadataNamesWhatItDoesNotKnow() async throws {
        let naming = AuthenticatorNaming(metadataEntry: { aaguid in
            switch aaguid.uuidString.lowercased() {
            case "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": ("Described by metadata", nil)
            case "00000000-1111-2222-3333-444444444444": ("Only in metadata", "data:image/png;base64,AAAA")
            default: nil
            }
        })
        let listed = try #require(AAGUID(uuidString: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"))
        #expect(await naming.name(for: listed)?.name == "Google Password Manager")
        let unlisted = await naming.name(for: try #require(AAGUID(uuidString: "00000000-1111-2222-3333-444444444444")))
        #expect(unlisted?.name == "Only in metadata")
        #expect(unlisted?.iconLight == "data:image/png;base64,AAAA" && unlisted?.iconDark == unlisted?.iconLight)
        #expect(await naming.name(for: try #require(AAGUID(uuidString: "00000000-1111-2222-3333-555555555555"))) == nil)
        #expect(await naming.name(for: .zero) == nil)
    }

    @Test func theLastPasskeyOfAnAppleAccountCanBeDeleted() async throws {
        try await Self.run { server in
            let signIn = try await Self.signIn(server, subject: "000778.xyz.0004")
            var authenticator = ServerHarness.authenticator()
            let (registration, answer) = try await server.signUp(
                signIn.username, with: &authenticator, appleRegistrationTicket: signIn.appleRegistrationTicket)
            let signedIn = server.signedIn(answer.sessionToken)
            let response = try await signedIn.delete("/credentials/\(Base64URL.encode(registration.credentialID))")
            try ServerHarness.expectOK(response)
            #expect(try await signedIn.get("/session").status == .unauthorized)
        }
    }

    @Test func rejectedTokensAre400WithTheirCode() async throws {
        try await Self.run { server in
            let cases: [(String, (String) throws -> AppleSignInRequest)] = [
                (
                    "identityTokenNonceMismatch",
                    { nonce in
                        AppleSignInRequest(
                            identityToken: try Self.token(subject: "s1", rawNonce: "right"), rawNonce: nonce)
                    }
                ),
                ("identityTokenMalformed", { AppleSignInRequest(identityToken: "not.a.token", rawNonce: $0) }),
                (
                    "identityTokenAudienceMismatch",
                    { nonce in
                        AppleSignInRequest(
                            identityToken: try Self.token(subject: "s2", rawNonce: nonce, audience: "com.other"),
                            rawNonce: nonce)
                    }
                ),
            ]
            for (code, request) in cases {
                let response = try await server.post("/auth/apple", json: try request(try await Self.nonce(server)))
                #expect(response.status == .badRequest)
                #expect(try ServerHarness.failureCode(response) == code)
                #expect(
                    try ServerHarness.decode(CommonResponse.self, response).errorMessage.contains(Self.clientID)
                        == false)
            }
            let missingNonce = try await server.post("/auth/apple", bytes: Array(#"{"identityToken":"a.b.c"}"#.utf8))
            #expect(try ServerHarness.failureCode(missingNonce) == "malformedInput")
        }
    }

    @Test func anUnknownKidRefreshesTheKeysOnceThenFails() async throws {
        let source = FixedKeySet(try #require(Self.issuer).keySet())
        try await Self.run(source: source) { server in
            let stranger = try AppleIdentityTokenIssuer(keyIdentifier: "rotated-key")
            let nonce = try await Self.nonce(server)
            let token = try stranger.identityToken(
                claims: AppleIdentityTokenIssuer.claimsJSON(
                    subject: "s", audience: Self.clientID, rawNonce: nonce, issuedAt: Date()))
            let response = try await server.post(
                "/auth/apple", json: AppleSignInRequest(identityToken: token, rawNonce: nonce))
            #expect(try ServerHarness.failureCode(response) == "identityTokenKeyNotFound")
        }
        #expect(await source.refreshes == 1)
    }

    @Test func withoutKeysTheRouteIsUnavailable() async throws {
        try await Self.run(source: FixedKeySet(nil)) { server in
            let nonce = try await Self.nonce(server)
            let response = try await server.post(
                "/auth/apple",
                json: AppleSignInRequest(identityToken: try Self.token(subject: "s", rawNonce: nonce), rawNonce: nonce))
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
            let nonce = try await server.post("/auth/apple/nonce", bytes: Array("{}".utf8))
            #expect(nonce.status == .notFound)
        }
    }

    @Test func theAppleUsernamePrefixIsReservedForAppleAccounts() async throws {
        try await Self.run { server in
            let response = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "apple:001234.abc.0001"))
            #expect(try ServerHarness.failureCode(response) == "challengeNotFound")
            let signIn = try await Self.signIn(server, subject: "001234.abc.0001")
            let withoutTicket = try await server.post(
                "/attestation/options", json: AttestationOptionsRequest(username: "apple:001234.abc.0001"))
            #expect(try ServerHarness.failureCode(withoutTicket) == "challengeNotFound")
            let options = try await server.post(
                "/attestation/options",
                json: AttestationOptionsRequest(
                    username: "apple:001234.abc.0001", appleRegistrationTicket: signIn.appleRegistrationTicket))
            try ServerHarness.expectOK(options)
        }
    }
}
#endif
