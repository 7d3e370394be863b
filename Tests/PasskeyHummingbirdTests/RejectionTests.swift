#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Every refusal is a 400 whose `errorMessage` starts with the library's stable code.
@Suite(.alsoUnderAHostPrefix) struct RejectionTests {
    static let routes = ["/attestation/options", "/attestation/result", "/assertion/options", "/assertion/result"]

    @Test func aCredentialTheUserHoldsIsExcluded() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let (registration, answer) = try await server.signUp("alice", with: &authenticator)
            let options = try await server.signedIn(answer.sessionToken).creationOptions(
                AttestationOptionsRequest(username: "alice"))
            #expect(options.excludeCredentials.compactMap(\.credentialID) == [registration.credentialID])
            #expect(throws: VirtualAuthenticatorError(.invalidState, "")) {
                try authenticator.register(options: options)
            }
        }
    }

    @Test func aRegistrationPostedTwiceIsRejectedWithChallengeNotFound() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let registration = try await server.register("alice", with: &authenticator)
            let response = try await server.post("/attestation/result", bytes: registration.jsonBytes)
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "challengeNotFound")
        }
    }

    @Test func aReplayedAssertionIsRejectedWithChallengeNotFound() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("alice", with: &authenticator)
            let options = try await server.requestOptions(AssertionOptionsRequest())
            let assertion = try authenticator.authenticate(options: options)
            try ServerHarness.expectOK(try await server.post("/assertion/result", bytes: assertion.jsonBytes))
            let replay = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(replay.status == .badRequest)
            #expect(try ServerHarness.failureCode(replay) == "challengeNotFound")
        }
    }

    @Test(arguments: routes)
    func aBodyThatIsNotJSONIsMalformedInput(route: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.post(route, bytes: Array("not json {".utf8))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
        }
    }

    @Test(arguments: routes)
    func aBodyOver64KiBIsMalformedInput(route: String) async throws {
        try await ServerHarness.run { server in
            let padding = String(repeating: "a", count: 70 * 1024)
            let response = try await server.post(route, bytes: Array("{\"username\":\"\(padding)\"}".utf8))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
        }
    }

    @Test(arguments: [
        ("/attestation/options", #"{"displayName": "no username"}"#),
        ("/attestation/options", #"{"username": 5}"#),
        ("/attestation/options", #"{"username": ""}"#),
        ("/attestation/options", #"{"username": "alice", "attestation": "everything"}"#),
        ("/attestation/options", #"["alice"]"#),
        ("/attestation/result", #"{"id": "AAAA", "type": "public-key", "response": {}}"#),
        ("/attestation/result", #"[]"#),
        ("/assertion/options", #"{"username": ["alice"]}"#),
        ("/assertion/options", #"{"userVerification": "always"}"#),
        ("/assertion/result", #"{"id": "AAAA", "type": "public-key", "response": {"signature": 1}}"#),
        ("/assertion/result", #""a string""#),
    ])
    func aBodyOfTheWrongShapeIsMalformedInput(route: String, body: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.post(route, bytes: Array(body.utf8))
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
        }
    }

    @Test func requiredUserVerificationRejectsAnAssertionWithoutUV() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("alice", with: &authenticator)
            authenticator.flags = [.userPresent, .backupEligible, .backupState]
            let options = try await server.requestOptions(
                AssertionOptionsRequest(username: "alice", userVerification: .required)
            )
            #expect(options.userVerification == .required)
            var answered = options
            answered.userVerification = .discouraged
            let assertion = try authenticator.authenticate(options: answered)
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "userNotVerified")
        }
    }

    @Test func requiredUserVerificationRejectsARegistrationWithoutUV() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator(flags: [.userPresent, .backupEligible, .backupState])
            var options = try await server.creationOptions(
                AttestationOptionsRequest(
                    username: "alice",
                    authenticatorSelection: AuthenticatorSelectionCriteria(userVerification: .required)
                )
            )
            #expect(options.authenticatorSelection?.userVerification == .required)
            options.authenticatorSelection?.userVerification = .discouraged
            let registration = try authenticator.register(options: options)
            let response = try await server.post("/attestation/result", bytes: registration.jsonBytes)
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "userNotVerified")
        }
    }

    @Test func anUnknownUsernameHasNoAssertionOptions() async throws {
        try await ServerHarness.run { server in
            let request = AssertionOptionsRequest(username: "nobody")
            let response = try await server.post("/assertion/options", json: request)
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "unknownCredential")
        }
    }

    /// The refusal stores nothing: a challenge nobody is told would only wait to expire. Removing every pending
    /// challenge afterwards removes none, where a discoverable sign-in's options leave one (with stored challenges).
    @Test func anUnknownUsernameStoresNoChallenge() async throws {
        var stored = ServerHarness.configuration
        stored.challengeKeys = []
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            try await ServerHarness.run(configuration: stored, storage: storage) { server in
                let refused = try await server.post(
                    "/assertion/options", json: AssertionOptionsRequest(username: "nobody"))
                #expect(try ServerHarness.failureCode(refused) == "unknownCredential")
                #expect(try await storage.challengeStore.removeOldest(keeping: 0) == 0)
                let discoverable = try await server.post("/assertion/options", json: AssertionOptionsRequest())
                #expect(discoverable.status == .ok)
                #expect(try await storage.challengeStore.removeOldest(keeping: 0) == 1)
            }
        }
    }
}
#endif
