#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Registration and sign-in through the four conformance-API routes, driven by a virtual authenticator.
@Suite(.alsoUnderAHostPrefix) struct CeremonyRouteTests {
    @Test func registrationThenDiscoverableSignInAnswersTheUsername() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let creation = try await server.creationOptions(
                AttestationOptionsRequest(username: "alice", displayName: "Alice")
            )
            #expect(creation.user.name == "alice")
            #expect(creation.user.displayName == "Alice")
            #expect(creation.rp.id == "localhost")
            #expect(creation.excludeCredentials.isEmpty)
            let registration = try authenticator.register(options: creation)
            try ServerHarness.expectOK(try await server.post("/attestation/result", bytes: registration.jsonBytes))

            let request = try await server.requestOptions(AssertionOptionsRequest())
            #expect(request.allowCredentials.isEmpty)
            let assertion = try authenticator.authenticate(options: request)
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).username == "alice")
        }
    }

    @Test func signInByUsernameListsTheUsersCredentials() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let registration = try await server.register("bob", with: &authenticator)
            var other = ServerHarness.authenticator()
            try await server.register("carol", with: &other)

            let request = try await server.requestOptions(AssertionOptionsRequest(username: "bob"))
            #expect(request.allowCredentials.compactMap(\.credentialID) == [registration.credentialID])
            let assertion = try authenticator.authenticate(options: request)
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).username == "bob")
        }
    }

    @Test func anEmptyUsernameAsksForADiscoverableCredential() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("heidi", with: &authenticator)
            let request = try await server.requestOptions(AssertionOptionsRequest(username: ""))
            #expect(request.allowCredentials.isEmpty)
            let assertion = try authenticator.authenticate(options: request)
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).username == "heidi")
        }
    }

    @Test func aUsernameKeepsOneUserHandle() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let answer = try await server.signUp("dave", with: &authenticator).answer
            let signedIn = server.signedIn(answer.sessionToken)
            let first = try await signedIn.creationOptions(AttestationOptionsRequest(username: "dave"))
            let second = try await signedIn.creationOptions(AttestationOptionsRequest(username: ""))
            let other = try await server.creationOptions(AttestationOptionsRequest(username: "erin"))
            #expect(first.user.id == second.user.id)
            #expect(first.user.id != other.user.id)
            #expect(first.user.displayName == "dave")
        }
    }

    @Test func aRegistrationWithoutRawIdAndWithGetClientExtensionResultsIsAccepted() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let options = try await server.creationOptions(AttestationOptionsRequest(username: "frank"))
            let registration = try authenticator.register(options: options)
            let parsed = try JSONSerialization.jsonObject(with: Data(registration.jsonBytes))
            var object = try #require(parsed as? [String: Any])
            object.removeValue(forKey: "rawId")
            object["getClientExtensionResults"] = object.removeValue(forKey: "clientExtensionResults") ?? [:]
            let body = Array(try JSONSerialization.data(withJSONObject: object))
            try ServerHarness.expectOK(try await server.post("/attestation/result", bytes: body))
        }
    }

    @Test func theNativeIOSBodiesAreAcceptedOnTheResultRoutes() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let options = try await server.creationOptions(AttestationOptionsRequest(username: "grace"))
            let registration = try authenticator.register(options: options)
            try ServerHarness.expectOK(try await server.post("/attestation/result", json: registration.nativeFields))

            let request = try await server.requestOptions(AssertionOptionsRequest(username: "grace"))
            let assertion = try authenticator.authenticate(options: request)
            let response = try await server.post("/assertion/result", json: assertion.nativeFields)
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).username == "grace")
        }
    }
}
#endif
