#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// A passkey added to an existing account is bound to the session that began it: a session that ended since the
/// options (signed out, signed out everywhere, its passkey deleted) cannot finish it, and finishing one starts no
/// new session.
@Suite(.alsoUnderAHostPrefix) struct SessionBoundRegistrationTests {
    /// An account's first passkey and session, and the options of a second passkey that session began.
    struct Begun {
        var owner: VirtualAuthenticator
        let token: String
        let options: PublicKeyCredentialCreationOptionsJSON
    }

    static func begin(_ server: ServerHarness, name: String = "alice") async throws -> Begun {
        var owner = ServerHarness.authenticator()
        let answer = try await server.signUp(name, with: &owner).answer
        let token = try #require(answer.sessionToken)
        let options = try await server.signedIn(token).creationOptions(AttestationOptionsRequest(username: ""))
        return Begun(owner: owner, token: token, options: options)
    }

    /// How many passkeys the account of `token` lists.
    static func passkeyCount(_ server: ServerHarness, token: String) async throws -> Int {
        let list = try await server.signedIn(token).get("/credentials")
        try ServerHarness.expectOK(list)
        return try ServerHarness.decode(CredentialListResponse.self, list).credentials.count
    }

    /// Posts the registration `authenticator` makes for `options`, with no session.
    static func finish(
        _ server: ServerHarness,
        _ options: PublicKeyCredentialCreationOptionsJSON,
        with authenticator: inout VirtualAuthenticator
    ) async throws -> TestResponse {
        try await server.post("/attestation/result", bytes: try authenticator.register(options: options).jsonBytes)
    }

    @Test func aRegistrationWhoseSessionSignedOutIsRefused() async throws {
        try await ServerHarness.run { server in
            var begun = try await Self.begin(server)
            try ServerHarness.expectOK(try await server.signedIn(begun.token).post("/session/logout", bytes: []))
            var thief = ServerHarness.authenticator()
            let result = try await Self.finish(server, begun.options, with: &thief)
            #expect(result.status == .unauthorized)
            #expect(try ServerHarness.failureCode(result) == "sessionRequired")
            let again = try #require(try await server.signIn("alice", with: &begun.owner).sessionToken)
            #expect(try await Self.passkeyCount(server, token: again) == 1)
        }
    }

    @Test func signingOutEverywhereEndsThePendingRegistrations() async throws {
        try await ServerHarness.run { server in
            var begun = try await Self.begin(server)
            let other = try await Self.begin(server, name: "bob")
            try ServerHarness.expectOK(try await server.signedIn(begun.token).post("/session/logout-all", bytes: []))
            #expect(try await server.signedIn(begun.token).get("/session").status == .unauthorized)
            var thief = ServerHarness.authenticator()
            let result = try await Self.finish(server, begun.options, with: &thief)
            #expect(result.status == .badRequest)
            #expect(try ServerHarness.failureCode(result) == "challengeNotFound")
            let again = try #require(try await server.signIn("alice", with: &begun.owner).sessionToken)
            #expect(try await Self.passkeyCount(server, token: again) == 1)
            // Another account's pending registration is untouched.
            var bobsSecond = ServerHarness.authenticator()
            try ServerHarness.expectOK(try await Self.finish(server, other.options, with: &bobsSecond))
            #expect(try await Self.passkeyCount(server, token: other.token) == 2)
        }
    }

    @Test func deletingThePasskeyOfASessionEndsItsPendingRegistration() async throws {
        try await ServerHarness.run { server in
            var begun = try await Self.begin(server, name: "carol")
            var second = ServerHarness.authenticator()
            let added = try second.register(options: begun.options)
            try ServerHarness.expectOK(
                try await server.signedIn(begun.token).post("/attestation/result", bytes: added.jsonBytes))
            let thiefSession = try #require(try await server.signIn("carol", with: &second).sessionToken)
            let pending = try await server.signedIn(thiefSession).creationOptions(
                AttestationOptionsRequest(username: ""))
            try ServerHarness.expectOK(
                try await server.signedIn(begun.token).delete("/credentials/\(Base64URL.encode(added.credentialID))"))
            var third = ServerHarness.authenticator()
            let result = try await Self.finish(server, pending, with: &third)
            #expect(result.status == .badRequest)
            #expect(try ServerHarness.failureCode(result) == "challengeNotFound")
            #expect(try await Self.passkeyCount(server, token: begun.token) == 1)
            _ = try await server.signIn("carol", with: &begun.owner)
        }
    }

    @Test func anAddedPasskeyStartsNoSessionEvenWithoutTheSession() async throws {
        try await ServerHarness.run { server in
            let begun = try await Self.begin(server)
            var second = ServerHarness.authenticator()
            let result = try await Self.finish(server, begun.options, with: &second)
            try ServerHarness.expectOK(result)
            #expect(try ServerHarness.decode(SignedInResponse.self, result).sessionToken == nil)
            #expect(result.headers[.setCookie] == nil)
            #expect(try await Self.passkeyCount(server, token: begun.token) == 2)
        }
    }
}
#endif
