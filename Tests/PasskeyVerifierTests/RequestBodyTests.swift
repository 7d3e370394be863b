import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Bodies as `[UInt8]`, `Data` and any `Collection<UInt8>` reach the same verdicts.
@Suite struct RequestBodyTests {
    /// A byte collection that is neither an array nor `Data`, as a NIO `ByteBuffer` view is.
    struct ByteView: Collection {
        let storage: [UInt8]
        var startIndex: Int { storage.startIndex }
        var endIndex: Int { storage.endIndex }
        subscript(position: Int) -> UInt8 { storage[position] }
        func index(after index: Int) -> Int { index + 1 }
    }

    @Test func theRelyingPartyReadsDataAndOtherByteCollections() async throws {
        let relyingParty = try makeRelyingParty()
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(options: try await relyingParty.beginRegistration(for: alice))
        let completed = try await relyingParty.finishRegistration(json: Data(registration.jsonBytes))
        #expect(completed.userHandle == alice.id)
        let assertion = try authenticator.authenticate(options: try await relyingParty.beginAuthentication())
        let signedIn = try await relyingParty.finishAuthentication(json: ByteView(storage: assertion.jsonBytes))
        #expect(signedIn.userHandle == alice.id)
        let replayed = ([0x20] + assertion.jsonBytes)[1...]
        await #expect(throws: WebAuthnError(.challengeNotFound, "")) {
            try await relyingParty.finishAuthentication(json: replayed)
        }
    }

    @Test func thePureResponsesReadAnyByteCollection() throws {
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(challenge: Array(repeating: 7, count: 32), userHandle: nil)
        let fromData = try RegistrationResponse(json: Data(registration.jsonBytes))
        let fromArray = try RegistrationResponse(json: registration.jsonBytes)
        #expect(fromData.credentialID == fromArray.credentialID)
        let assertion = try authenticator.authenticate(challenge: Array(repeating: 8, count: 32))
        let fromView = try AuthenticationResponse(json: ByteView(storage: assertion.jsonBytes))
        #expect(fromView.signature == assertion.signature)
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try AuthenticationResponse(json: ByteView(storage: Array("{}".utf8)))
        }
    }
}
