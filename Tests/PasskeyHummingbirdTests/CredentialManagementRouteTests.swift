#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The signed-in account's passkeys: listed, renamed, deleted; never another account's.
@Suite(.alsoUnderAHostPrefix) struct CredentialManagementRouteTests {
    @Test func theAccountManagesItsOwnPasskeysOnly() async throws {
        try await ServerHarness.run { server in
            try await Self.manageOwnPasskeys(server, name: "owner", other: "other")
        }
    }

    /// List, rename, delete for `name`; `other`'s credential is `404` to `name`'s session.
    static func manageOwnPasskeys(_ server: ServerHarness, name: String, other: String) async throws {
        var first = ServerHarness.authenticator()
        let (firstRegistration, answer) = try await server.signUp(name, with: &first)
        let owner = server.signedIn(answer.sessionToken)
        var second = ServerHarness.authenticator(flags: [.userPresent, .userVerified])
        let secondRegistration = try await owner.register(name, with: &second)
        var stranger = ServerHarness.authenticator()
        let strangerRegistration = try await server.register(other, with: &stranger)
        let firstID = Base64URL.encode(firstRegistration.credentialID)
        let secondID = Base64URL.encode(secondRegistration.credentialID)

        let listed = try await owner.get("/credentials")
        try ServerHarness.expectOK(listed)
        let list = try ServerHarness.decode(CredentialListResponse.self, listed)
        #expect(list.credentials.map(\.credentialID) == [firstID, secondID])
        #expect(list.credentials.map(\.usedByThisSession) == [true, false])
        #expect(list.credentials.map(\.backupEligible) == [true, false])
        #expect(list.allAcceptedCredentials.allAcceptedCredentialIds == [firstID, secondID])
        #expect(list.allAcceptedCredentials.rpId == ServerHarness.relyingPartyID)
        #expect(list.currentUserDetails.name == name)

        let renamed = try await owner.post("/credentials/\(secondID)/rename", json: NameChangeRequest(nickname: "Key"))
        try ServerHarness.expectOK(renamed)
        let relisted = try ServerHarness.decode(CredentialListResponse.self, try await owner.get("/credentials"))
        #expect(relisted.credentials.map(\.nickname) == [nil, "Key"])
        let badName = try await owner.post(
            "/credentials/\(secondID)/rename", json: NameChangeRequest(nickname: "a\u{0007}b"))
        #expect(try ServerHarness.failureCode(badName) == "malformedInput")

        let strangerID = Base64URL.encode(strangerRegistration.credentialID)
        for path in ["/credentials/\(strangerID)", "/credentials/AAAA", "/credentials/%00", "/credentials/not*base64"] {
            let deleted = try await owner.delete(path)
            #expect(deleted.status == .notFound)
            #expect(try ServerHarness.failureCode(deleted) == "unknownCredential")
        }
        let foreignRename = try await owner.post(
            "/credentials/\(strangerID)/rename", json: NameChangeRequest(nickname: "mine"))
        #expect(foreignRename.status == .notFound)

        let secondSession = server.signedIn(try await server.signIn(name, with: &second).sessionToken)
        try ServerHarness.expectOK(try await secondSession.get("/session"))
        let deleted = try await owner.delete("/credentials/\(secondID)")
        try ServerHarness.expectOK(deleted)
        let signal = try ServerHarness.decode(SignalResponse.self, deleted)
        #expect(signal.unknownCredential?.credentialId == secondID)
        #expect(try await secondSession.get("/session").status == .unauthorized)
        try ServerHarness.expectOK(try await owner.get("/session"))

        let last = try await owner.delete("/credentials/\(firstID)")
        #expect(last.status == .conflict)
        #expect(try ServerHarness.failureCode(last) == "lastCredential")
        // A refused removal ends no session, not even those the passkey began.
        try ServerHarness.expectOK(try await owner.get("/session"))

        let renamedAccount = try await owner.post(
            "/account/display-name", json: NameChangeRequest(displayName: "The Owner"))
        try ServerHarness.expectOK(renamedAccount)
        let details = try ServerHarness.decode(SignalResponse.self, renamedAccount).currentUserDetails
        #expect(details?.displayName == "The Owner")
        #expect(details?.name == name)
        #expect(
            try ServerHarness.decode(SessionResponse.self, try await owner.get("/session")).displayName == "The Owner")
    }

    @Test(arguments: [
        ("GET", "/credentials"), ("POST", "/credentials/AAAA/rename"), ("DELETE", "/credentials/AAAA"),
        ("POST", "/account/display-name"), ("POST", "/session/logout"), ("POST", "/session/logout-all"),
    ])
    func everyManagementRouteNeedsASession(method: String, path: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.execute(
                path, method: .init(method) ?? .get, bytes: method == "POST" ? Array("{}".utf8) : nil)
            #expect(response.status == .unauthorized)
            #expect(try ServerHarness.failureCode(response) == "sessionRequired")
        }
    }

    @Test func theUnauthenticatedCredentialListIsGone() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("listed", with: &authenticator)
            let response = try await server.post("/credentials", bytes: Array(#"{"username":"listed"}"#.utf8))
            #expect(response.status != .ok)
            #expect(!String(buffer: response.body).contains("credentialID"))
        }
    }

    @Test func aSignInWithAnUnknownCredentialCarriesTheSignal() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let (registration, answer) = try await server.signUp("signal", with: &authenticator)
            var spare = ServerHarness.authenticator()
            let owner = server.signedIn(answer.sessionToken)
            try await owner.register("signal", with: &spare)
            try ServerHarness.expectOK(
                try await owner.delete("/credentials/\(Base64URL.encode(registration.credentialID))"))
            let options = try await server.requestOptions(AssertionOptionsRequest())
            let response = try await server.post(
                "/assertion/result", bytes: try authenticator.authenticate(options: options).jsonBytes)
            #expect(try ServerHarness.failureCode(response) == "unknownCredential")
            let body = try ServerHarness.decode(SignalResponse.self, response)
            #expect(body.unknownCredential?.credentialId == Base64URL.encode(registration.credentialID))
            #expect(body.unknownCredential?.rpId == ServerHarness.relyingPartyID)
        }
    }
}
#endif
