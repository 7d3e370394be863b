#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// With `--conceal-unknown-usernames`, a sign-in by username answers alike whether the name exists: the result of
/// a made-up credential ID, or of another account's passkey, is the same status, headers and body as a real
/// account's failed signature (WebAuthn Level 3 §14.6.2 "Username Enumeration").
@Suite(.alsoUnderAHostPrefix) struct ConcealedSignInTests {
    static var concealing: ServerConfiguration {
        var configuration = ServerHarness.configuration
        configuration.concealsUnknownUsernames = true
        return configuration
    }

    /// An `AuthenticationResponseJSON` for the options of `username` that names their first listed credential, with
    /// the right challenge and origin and the given authenticator data and signature.
    static func assertion(
        _ server: ServerHarness,
        username: String,
        authenticatorData: [UInt8],
        signature: [UInt8]
    ) async throws -> [UInt8] {
        let options = try await server.requestOptions(AssertionOptionsRequest(username: username))
        let id = try #require(options.allowCredentials.first?.id)
        let clientData = Array(
            #"{"type":"webauthn.get","challenge":"\#(options.challenge)","origin":"\#(ServerHarness.origin)"}"#.utf8)
        let body: [String: Any] = [
            "id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": Base64URL.encode(clientData),
                "authenticatorData": Base64URL.encode(authenticatorData),
                "signature": Base64URL.encode(signature),
            ],
        ]
        return Array(try JSONSerialization.data(withJSONObject: body))
    }

    /// The answer as the client sees it, without the request's own identifier.
    static func shown(_ response: TestResponse) -> String {
        let headers = response.headers.filter { $0.name.canonicalName != "x-request-id" }
            .map { "\($0.name.canonicalName): \($0.value)" }.sorted()
        return "\(response.status.code)\n\(headers.joined(separator: "\n"))\n\(String(buffer: response.body))"
    }

    /// Authenticator data for this relying party with UP and UV set and a counter of 7.
    static var wellFormedAuthenticatorData: [UInt8] {
        HashAlgorithm.sha256.hash(Array(ServerHarness.relyingPartyID.utf8)) + [0x05, 0, 0, 0, 7]
    }

    @Test(arguments: [
        ("garbage", [UInt8](repeating: 0xA5, count: 37), [UInt8](repeating: 0x30, count: 70)),
        ("well-formed", wellFormedAuthenticatorData, [UInt8](repeating: 0x30, count: 70)),
        ("empty signature", wellFormedAuthenticatorData, []),
    ])
    func aMadeUpCredentialAnswersAsARealOneDoes(
        case name: String, authenticatorData: [UInt8], signature: [UInt8]
    ) async throws {
        try await ServerHarness.run(configuration: Self.concealing) { server in
            var alice = ServerHarness.authenticator()
            try await server.register("alice", with: &alice)
            var shown: [String] = []
            for username in ["alice", "ghost"] {
                let body = try await Self.assertion(
                    server, username: username, authenticatorData: authenticatorData, signature: signature)
                let response = try await server.post("/assertion/result", bytes: body)
                #expect(response.status == .badRequest)
                #expect(!String(buffer: response.body).contains("unknownCredential"))
                shown.append(Self.shown(response))
            }
            #expect(shown[0] == shown[1], "\(name)")
        }
    }

    @Test func anotherAccountsPasskeyAnswersAsOnARealAccount() async throws {
        try await ServerHarness.run(configuration: Self.concealing) { server in
            var alice = ServerHarness.authenticator()
            try await server.register("alice", with: &alice)
            var mallory = ServerHarness.authenticator()
            try await server.register("mallory", with: &mallory)
            var shown: [String] = []
            for username in ["alice", "ghost"] {
                let options = try await server.requestOptions(AssertionOptionsRequest(username: username))
                let assertion = try mallory.authenticate(challenge: try #require(Base64URL.decode(options.challenge)))
                let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
                #expect(response.status == .badRequest)
                shown.append(Self.shown(response))
            }
            #expect(shown[0] == shown[1])
        }
    }

    @Test func theOwnerStillSignsInAndADiscoverableSignInStillSignalsAnUnknownCredential() async throws {
        try await ServerHarness.run(configuration: Self.concealing) { server in
            var alice = ServerHarness.authenticator()
            try await server.register("alice", with: &alice)
            #expect(try await server.signIn("alice", with: &alice).username == "alice")
            var stranger = ServerHarness.authenticator()
            let strangersOwn = try await server.requestOptions(AssertionOptionsRequest())
            _ = try stranger.register(
                options: try await server.creationOptions(AttestationOptionsRequest(username: "unfinished")))
            let assertion = try stranger.authenticate(
                challenge: try #require(Base64URL.decode(strangersOwn.challenge)))
            let response = try await server.post("/assertion/result", bytes: assertion.jsonBytes)
            #expect(try ServerHarness.failureCode(response) == "unknownCredential")
            #expect(String(buffer: response.body).contains("\"unknownCredential\":{"))
        }
    }
}
#endif
