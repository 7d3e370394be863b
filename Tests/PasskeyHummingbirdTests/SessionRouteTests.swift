#if Server
import Foundation
import HTTPTypes
import PasskeyAccounts
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Sessions: started at sign-up and sign-in, carried by a cookie or a bearer token, kept hashed, ended by logout,
/// by time and by the cleanup job.
@Suite(.alsoUnderAHostPrefix) struct SessionRouteTests {
    @Test func aSignInStartsASessionThatGetSessionDescribes() async throws {
        try await ServerHarness.run { server in
            try await Self.sessionsStartAndEnd(server, name: "sam")
        }
    }

    /// Sign-up and sign-in each start a session; `GET /session` names the account and the credential; logout ends
    /// one session, logout-all every session of the account.
    static func sessionsStartAndEnd(_ server: ServerHarness, name: String) async throws {
        let stranger = try await server.get("/session")
        #expect(stranger.status == .unauthorized)
        #expect(try ServerHarness.failureCode(stranger) == "sessionRequired")

        var authenticator = ServerHarness.authenticator()
        let (registration, signUp) = try await server.signUp(name, with: &authenticator)
        let signIn = try await server.signIn(with: &authenticator)
        #expect(signIn.username == name)
        #expect(signIn.sessionToken != signUp.sessionToken)

        let first = server.signedIn(signUp.sessionToken)
        let second = server.signedIn(signIn.sessionToken)
        let described = try await second.get("/session")
        try ServerHarness.expectOK(described)
        let session = try ServerHarness.decode(SessionResponse.self, described)
        #expect(session.username == name)
        #expect(session.displayName == name)
        #expect(session.credentialID == Base64URL.encode(registration.credentialID))
        #expect(described.headers[.cacheControl] == "no-store")

        try ServerHarness.expectOK(try await second.post("/session/logout", bytes: Array("{}".utf8)))
        #expect(try await second.get("/session").status == .unauthorized)
        try ServerHarness.expectOK(try await first.get("/session"))
        let third = server.signedIn(try await server.signIn(with: &authenticator).sessionToken)
        try ServerHarness.expectOK(try await third.post("/session/logout-all", bytes: Array("{}".utf8)))
        #expect(try await first.get("/session").status == .unauthorized)
        #expect(try await third.get("/session").status == .unauthorized)
    }

    @Test func theCookieIsHttpOnlyLaxAndHostOnly() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let options = try await server.creationOptions(AttestationOptionsRequest(username: "cookie"))
            let response = try await server.post(
                "/attestation/result", bytes: try authenticator.register(options: options).jsonBytes)
            let cookie = try #require(response.headers[.setCookie])
            let token = try #require(try ServerHarness.decode(SignedInResponse.self, response).sessionToken)
            #expect(cookie.hasPrefix("passkey-session=\(token);"))
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
                #expect(cookie.contains(attribute))
            }
            #expect(!cookie.contains("Secure"))

            let viaCookie = try await server.get("/session", headers: [.cookie: "passkey-session=\(token)"])
            #expect(try ServerHarness.decode(SessionResponse.self, viaCookie).username == "cookie")
            let logout = try await server.post(
                "/session/logout", bytes: Array("{}".utf8),
                headers: [.cookie: "passkey-session=\(token)", .origin: ServerHarness.origin])
            try ServerHarness.expectOK(logout)
            #expect(logout.headers[.setCookie]?.contains("Max-Age=0") == true)
        }
    }

    @Test func anHTTPSOriginGetsTheHostPrefixedSecureCookie() async throws {
        let policy = ServerConfiguration(relyingPartyID: "example.com", origins: ["https://example.com"]).sessionPolicy
        let issuer = SessionIssuer(sessionStore: StoreFailureTests.UnreachableSessionStore(), policy: policy) {
            Date()
        }
        let cookie = issuer.cookie(carrying: SessionToken.generate()).description
        #expect(cookie.hasPrefix("__Host-passkey-session="))
        #expect(cookie.contains("Secure"))
        #expect(cookie.contains("HttpOnly"))
        #expect(!cookie.contains("Domain"))
    }

    @Test func sessionsExpireWhenIdleAndAtTheirLifetime() async throws {
        let clock = ManualClock(Date())
        var configuration = ServerHarness.configuration
        configuration.sessionIdleTimeout = .seconds(600)
        configuration.sessionLifetime = .seconds(1_000)
        try await ServerHarness.run(configuration: configuration, clock: { clock.now }) { server in
            var authenticator = ServerHarness.authenticator()
            let token = try await server.signUp("clock", with: &authenticator).answer.sessionToken
            let signedIn = server.signedIn(token)
            clock.advance(by: 590)
            try ServerHarness.expectOK(try await signedIn.get("/session"))
            clock.advance(by: 400)
            try ServerHarness.expectOK(try await signedIn.get("/session"))
            clock.advance(by: 20)
            #expect(try await signedIn.get("/session").status == .unauthorized)

            let idle = server.signedIn(try await server.signIn(with: &authenticator).sessionToken)
            clock.advance(by: 601)
            #expect(try await idle.get("/session").status == .unauthorized)
        }
    }

    @Test func theDatabaseKeepsOnlyTheTokensHashAndTheJobRemovesExpiredRows() async throws {
        let clock = ManualClock(Date())
        let kept = KeptStorage()
        var configuration = ServerHarness.configuration
        configuration.sessionIdleTimeout = .seconds(60)
        try await ServerHarness.run(
            configuration: configuration, clock: { clock.now }, prepare: { await kept.keep($0) }
        ) { server in
            var authenticator = ServerHarness.authenticator()
            let token = try #require(try await server.signUp("hash", with: &authenticator).answer.sessionToken)
            let storage = try #require(await kept.storage)
            let hash = SessionToken.hash(Substring(token))
            let record = try #require(try await storage.sessionStore.session(tokenHash: hash))
            #expect(record.tokenHash == HashAlgorithm.sha256.hash(Array(token.utf8)))
            #expect(try await storage.sessionStore.session(tokenHash: Array(token.utf8)) == nil)
            #expect(record.userAgent.isEmpty)

            let cleanup = ExpiredRowsCleanup(
                sessionStore: storage.sessionStore, userStore: storage.userStore, challengeStore: nil,
                clock: { clock.now },
                logger: .init(label: "test"))
            await cleanup.runOnce()
            #expect(try await storage.sessionStore.session(tokenHash: hash) != nil)
            clock.advance(by: 61)
            await cleanup.runOnce()
            #expect(try await storage.sessionStore.session(tokenHash: hash) == nil)
        }
    }

    @Test(arguments: ["Bearer short", "Bearer " + String(repeating: "!", count: 43), "Basic abc"])
    func aMalformedTokenIsNoSession(authorization: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.get("/session", headers: [.authorization: authorization])
            #expect(response.status == .unauthorized)
            #expect(try ServerHarness.failureCode(response) == "sessionRequired")
        }
    }
}

/// Hands the storage `prepare` saw to the test body.
actor KeptStorage {
    private(set) var storage: PasskeyStorage?

    func keep(_ storage: PasskeyStorage) {
        self.storage = storage
    }
}

/// What the review of the sessions found, pinned.
@Suite(.alsoUnderAHostPrefix) struct SessionHardeningTests {
    @Test func anAccountKeepsAtMostItsNewestSessions() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let first = try await server.signUp("many", with: &authenticator).answer.sessionToken
            var latest: String?
            for _ in 0..<SessionPolicy.maximumSessionsPerAccount {
                latest = try await server.signIn(with: &authenticator).sessionToken
            }
            #expect(try await server.signedIn(first).get("/session").status == .unauthorized)
            try ServerHarness.expectOK(try await server.signedIn(latest).get("/session"))
        }
    }

    @Test func aBrowserGetsTheSessionOnlyAsTheCookie() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let options = try await server.creationOptions(AttestationOptionsRequest(username: "browser"))
            let response = try await server.post(
                "/attestation/result", bytes: try authenticator.register(options: options).jsonBytes,
                headers: [.origin: ServerHarness.origin])
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).sessionToken == nil)
            #expect(response.headers[.setCookie]?.hasPrefix("passkey-session=") == true)
        }
    }

    @Test func concurrentDeletesNeverRemoveTheLastPasskey() async throws {
        try await ServerHarness.run { server in
            for round in 0..<8 {
                var first = ServerHarness.authenticator()
                let (registration, answer) = try await server.signUp("pair\(round)", with: &first)
                let owner = server.signedIn(answer.sessionToken)
                var second = ServerHarness.authenticator()
                let other = try await owner.register("pair\(round)", with: &second)
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for identifier in [registration.credentialID, other.credentialID] {
                        group.addTask {
                            Int(try await owner.delete("/credentials/\(Base64URL.encode(identifier))").status.code)
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }.sorted()
                }
                #expect(statuses != [200, 200])
                let options = try await server.requestOptions(AssertionOptionsRequest(username: "pair\(round)"))
                #expect(options.allowCredentials.count == 2 - statuses.filter { $0 == 200 }.count)
            }
        }
    }

    @Test func aDecodingFailureNamesTheMemberNotTheSwiftType() async throws {
        try await ServerHarness.run { server in
            let response = try await server.post("/attestation/options", bytes: Array(#"{"username": 5}"#.utf8))
            let message = try ServerHarness.decode(CommonResponse.self, response).errorMessage
            #expect(message == "malformedInput: member username is not a string")
            let missing = try await server.post("/attestation/options", bytes: Array("{}".utf8))
            #expect(try ServerHarness.decode(CommonResponse.self, missing).errorMessage.contains("username is missing"))
        }
    }

    @Test func aTicketOrNonceThatCannotBeOneIsRefusedBeforeTheDatabase() async throws {
        try await ServerHarness.run { server in
            let response = try await server.post(
                "/attestation/options",
                json: AttestationOptionsRequest(username: "apple:x", appleRegistrationTicket: "a\u{0000}b"))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "challengeNotFound")
        }
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try AccountText.name(String(repeating: "\u{0958}", count: 21), member: "nickname")
        }
    }
}
#endif
