#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The same routes over a real socket (HummingbirdTesting's `.live`): the bodies arrive as HTTP streams.
@Suite struct LiveServerTests {
    @Test func registrationAndSignInOverASocket() async throws {
        try await ServerHarness.run(.live) { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("alice", with: &authenticator)
            let options = try await server.requestOptions(AssertionOptionsRequest(username: "alice"))
            let assertion = try authenticator.authenticate(options: options)
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            try ServerHarness.expectOK(response)
            #expect(try ServerHarness.decode(SignedInResponse.self, response).username == "alice")
        }
    }

    @Test func aStreamedBodyOver64KiBIsMalformedInput() async throws {
        try await ServerHarness.run(.live) { server in
            let body = Array("{\"username\":\"\(String(repeating: "a", count: 1024 * 1024))\"}".utf8)
            let response = try await server.post("/attestation/options", bytes: body)
            #expect(response.status == .badRequest)
            #expect(try ServerHarness.failureCode(response) == "malformedInput")
        }
    }
}
#endif
