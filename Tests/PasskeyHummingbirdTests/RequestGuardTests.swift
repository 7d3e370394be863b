#if Server
import Foundation
import PasskeyHummingbird
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Cross-site request forgery: a state-changing request with the session cookie, or from a foreign origin, is
/// refused; a body that is not declared JSON is refused.
@Suite struct RequestGuardTests {
    @Test func aCookieAuthenticatedRequestMustComeFromAConfiguredOrigin() async throws {
        try await ServerHarness.run { server in
            var authenticator = ServerHarness.authenticator()
            let token = try #require(try await server.signUp("csrf", with: &authenticator).answer.sessionToken)
            let cookie = "passkey-session=\(token)"
            for origin in ["https://evil.example", "null", "http://localhost:8081"] {
                let forged = try await server.post(
                    "/session/logout-all", bytes: Array("{}".utf8), headers: [.cookie: cookie, .origin: origin])
                #expect(forged.status == .forbidden)
                #expect(try ServerHarness.failureCode(forged) == "crossOriginRequest")
            }
            let withoutOrigin = try await server.post(
                "/session/logout", bytes: Array("{}".utf8), headers: [.cookie: cookie])
            #expect(try ServerHarness.failureCode(withoutOrigin) == "crossOriginRequest")
            let deleted = try await server.delete(
                "/credentials/AAAA", headers: [.cookie: cookie, .origin: "https://evil.example"])
            #expect(deleted.status == .forbidden)
            try ServerHarness.expectOK(try await server.get("/session", headers: [.cookie: cookie]))
            try ServerHarness.expectOK(
                try await server.post(
                    "/session/logout", bytes: Array("{}".utf8),
                    headers: [.cookie: cookie, .origin: ServerHarness.origin]))
        }
    }

    @Test func aForeignOriginIsRefusedOutsideTheConformanceMode() async throws {
        let body = try JSONEncoder().encode(AssertionOptionsRequest())
        try await ServerHarness.run { server in
            let response = try await server.post(
                "/assertion/options", bytes: Array(body), headers: [.origin: "https://evil.example"])
            #expect(response.status == .forbidden)
            try ServerHarness.expectOK(try await server.post("/assertion/options", bytes: Array(body)))
        }
        var configuration = ServerHarness.configuration
        configuration.conformance = true
        try await ServerHarness.run(configuration: configuration) { server in
            try ServerHarness.expectOK(
                try await server.post(
                    "/assertion/options", bytes: Array(body), headers: [.origin: "https://conformance.example"]))
        }
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])
    func aBodyNotDeclaredJSONIsUnsupported(contentType: String) async throws {
        try await ServerHarness.run { server in
            let response = try await server.client.execute(
                uri: "/assertion/options", method: .post,
                headers: contentType.isEmpty ? [:] : [.contentType: contentType], body: .init(string: "{}"))
            #expect(response.status == .unsupportedMediaType)
            #expect(try ServerHarness.failureCode(response) == "unsupportedMediaType")
            let declared = try await server.client.execute(
                uri: "/assertion/options", method: .post,
                headers: [.contentType: "Application/JSON; charset=utf-8"], body: .init(string: "{}"))
            try ServerHarness.expectOK(declared)
        }
    }
}
#endif
