import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct RelyingPartySignalTests {
    @Test func anUnregisteredCredentialIsReportedForSignalUnknownCredential() async throws {
        let relyingParty = try makeRelyingParty()
        var stranger = VirtualAuthenticator()
        let registration = try stranger.register(challenge: [1, 2, 3], userHandle: alice.id)
        let options = try await relyingParty.beginAuthentication()
        let assertion = try stranger.authenticate(options)
        do {
            _ = try await relyingParty.finishAuthentication(assertion.response)
            Issue.record("an unregistered credential signed in")
        } catch let error as WebAuthnError {
            #expect(error.code == .unknownCredential)
            let unknownID = try #require(error.unknownCredentialID)
            #expect(unknownID == registration.credentialID)
            let signal = relyingParty.signalUnknownCredential(credentialID: unknownID)
            let json = try #require(String(data: try JSONEncoder().encode(signal), encoding: .utf8))
            #expect(json.contains(#""rpId":"example.com""#))
            #expect(json.contains(#""credentialId":"\#(Base64URL.encode(registration.credentialID))""#))
        }
    }

    @Test func aCredentialOfAnotherUserIsNotReportedAsUnknown() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(try await relyingParty.beginRegistration(for: bob))
        _ = try await relyingParty.finishRegistration(registration.response)
        let assertion = try authenticator.authenticate(try await relyingParty.beginAuthentication(for: alice.id))
        do {
            _ = try await relyingParty.finishAuthentication(assertion.response)
            Issue.record("another user's credential signed in")
        } catch let error as WebAuthnError {
            #expect(error.code == .unknownCredential)
            #expect(error.unknownCredentialID == nil)
        }
    }

    @Test func allAcceptedCredentialsListTheStoredCredentialsOfTheUserInOrder() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        var registered: [[UInt8]] = []
        for _ in 0..<3 {
            let registration = try authenticator.register(try await relyingParty.beginRegistration(for: alice))
            _ = try await relyingParty.finishRegistration(registration.response)
            registered.append(registration.credentialID)
        }
        let bobs = try authenticator.register(try await relyingParty.beginRegistration(for: bob))
        _ = try await relyingParty.finishRegistration(bobs.response)
        let signal = try await relyingParty.signalAllAcceptedCredentials(for: alice.id)
        #expect(signal.rpId == "example.com")
        #expect(signal.userId == Base64URL.encode(alice.id))
        #expect(signal.allAcceptedCredentialIds == registered.map { Base64URL.encode($0) })
        let none = try await relyingParty.signalAllAcceptedCredentials(for: Array("nobody".utf8))
        #expect(none.allAcceptedCredentialIds.isEmpty)
        await #expect(throws: RelyingPartyUsageError.self) {
            try await relyingParty.signalAllAcceptedCredentials(for: [])
        }
    }

    @Test func currentUserDetailsCarryTheAccountNames() throws {
        let relyingParty = try makeRelyingParty()
        let signal = try relyingParty.signalCurrentUserDetails(for: alice)
        let decoded = try JSONDecoder().decode(
            [String: String].self,
            from: try JSONEncoder().encode(signal)
        )
        #expect(
            decoded == [
                "rpId": "example.com", "userId": Base64URL.encode(alice.id), "name": alice.name,
                "displayName": alice.displayName,
            ]
        )
        #expect(throws: RelyingPartyUsageError.self) {
            try relyingParty.signalCurrentUserDetails(
                for: PublicKeyCredentialUserEntity(id: [], name: "x", displayName: "x")
            )
        }
    }
}
