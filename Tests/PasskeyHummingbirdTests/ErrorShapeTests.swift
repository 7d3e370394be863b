#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PasskeyHummingbird
import PasskeyVerifier
import Testing

/// Every refusal has the one JSON shape, `{"status": "failed", "errorMessage": "<code>: <message>"}`: unknown paths,
/// wrong methods, unconfigured routes; a body of the wrong shape is named in plain words; options are never cached.
@Suite struct ErrorShapeTests {
    /// Fails unless `response` is the usual JSON failure with `status` and `code`; returns its message.
    @discardableResult
    static func expectFailure(_ response: TestResponse, _ status: HTTPResponse.Status, _ code: String) throws -> String
    {
        #expect(response.status == status)
        #expect(response.headers[.contentType] == "application/json")
        let common = try ServerHarness.decode(CommonResponse.self, response)
        #expect(common.status == "failed")
        #expect(common.errorMessage.hasPrefix("\(code): "))
        return common.errorMessage
    }

    @Test(arguments: ["/nothing-here", "/attestation", "/credentials/x/y/z", "/.well-known/nothing"])
    func anUnknownPathIs404WithTheJSONBody(path: String) async throws {
        try await ServerHarness.run { server in
            try Self.expectFailure(try await server.get(path), .notFound, "notFound")
            try Self.expectFailure(try await server.post(path, bytes: Array("{}".utf8)), .notFound, "notFound")
        }
    }

    @Test(arguments: [
        ("/attestation/options", HTTPRequest.Method.get, "POST"),
        ("/attestation/options", .head, "POST"),
        ("/attestation/options", .options, "POST"),
        ("/assertion/result", .put, "POST"),
        ("/session", .post, "GET, HEAD"),
        ("/session", .delete, "GET, HEAD"),
        ("/credentials", .patch, "GET, HEAD"),
        ("/health/ready", .delete, "GET, HEAD"),
        ("/health/live", .options, "GET, HEAD"),
    ])
    func aMethodTheRouteDoesNotAnswerIs405WithAllow(path: String, method: HTTPRequest.Method, allow: String)
        async throws
    {
        try await ServerHarness.run { server in
            let body: [UInt8]? = [.get, .head, .delete, .options].contains(method) ? nil : Array("{}".utf8)
            let response = try await server.execute(path, method: method, bytes: body)
            if method == .head {
                #expect(response.status == .methodNotAllowed)
            } else {
                try Self.expectFailure(response, .methodNotAllowed, "methodNotAllowed")
            }
            #expect(response.headers[.allow] == allow)
        }
    }

    @Test func aGetRouteAnswersHeadWithoutABody() async throws {
        try await ServerHarness.run { server in
            let response = try await server.execute("/health/live", method: .head, bytes: nil)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
        }
    }

    @Test func theCrossSiteChecksComeBeforeTheMethodCheck() async throws {
        try await ServerHarness.run { server in
            let response = try await server.execute("/session", method: .post, bytes: nil)
            try Self.expectFailure(response, .unsupportedMediaType, "unsupportedMediaType")
        }
    }

    @Test func theSignInWithAppleRoutesAnswer404WithTheJSONBodyWhenNotConfigured() async throws {
        try await ServerHarness.run { server in
            try Self.expectFailure(
                try await server.post("/auth/apple/nonce", bytes: Array("{}".utf8)), .notFound, "notFound")
            try Self.expectFailure(
                try await server.post("/auth/apple", bytes: Array(#"{"identityToken": "x", "rawNonce": "y"}"#.utf8)),
                .notFound, "notFound")
        }
    }

    @Test func unconfiguredWellKnownDocumentsAnswer404WithTheJSONBody() async throws {
        var configuration = ServerHarness.configuration
        configuration.appleAppIDs = []
        configuration.relatedOrigins = []
        try await ServerHarness.run(configuration: configuration) { server in
            for path in ["/.well-known/apple-app-site-association", "/.well-known/webauthn"] {
                try Self.expectFailure(try await server.get(path), .notFound, "notFound")
            }
        }
    }

    @Test(arguments: [
        ("/attestation/options", #"{"username": 5}"#, "member username is not a string"),
        ("/attestation/options", #"{"username": "a", "extensions": "x\n"}"#, "member extensions is not a JSON object"),
        ("/attestation/options", #"{"username": "a", "attestation": "evil\u0000"}"#, "member attestation has a value"),
        ("/attestation/options", #"{"username": null}"#, "member username is null; expected a string"),
        ("/attestation/options", #"[]"#, "the body is not a JSON object"),
        ("/assertion/options", #"{"userVerification": ["x"]}"#, "member userVerification is not a string"),
        ("/attestation/result", #"[1]"#, "is not a JSON object"),
        ("/assertion/result", #"{"id": "AA", "rawId": "AA", "type": "evil\n", "response": {}}"#, "missing"),
        (
            "/assertion/result",
            #"{"id": "AA", "rawId": "AA", "type": "public-key", "authenticatorAttachment": "evil\n", "response": 5}"#,
            "response in authentication response is not a JSON object"
        ),
        (
            "/assertion/result",
            #"{"id": "AA", "rawId": "AA", "type": "public-key", "authenticatorAttachment": 7, "clientExtensionResults": {}, "response": {"clientDataJSON": "AA", "authenticatorData": "AA", "signature": "AA"}}"#,
            "authenticatorAttachment in authentication response is not a string"
        ),
    ])
    func aDecodingErrorNamesTheMemberInPlainWords(route: String, body: String, expected: String) async throws {
        try await ServerHarness.run { server in
            let message = try Self.expectFailure(
                try await server.post(route, bytes: Array(body.utf8)), .badRequest, "malformedInput")
            #expect(message.contains(expected), "\(message)")
            for leaked in ["DecodingError", "Dictionary", "Swift", "CodingKeys", "typeMismatch", "evil", "\n"] {
                #expect(!message.contains(leaked), "\(message)")
            }
        }
    }

    @Test func optionsAnswersAreNeverCached() async throws {
        var configuration = ServerHarness.configuration
        configuration.appleClientIDs = [AppleSignInRouteTests.clientID]
        try await ServerHarness.run(
            configuration: configuration,
            appleKeySetSource: AppleSignInRouteTests.FixedKeySet(try #require(AppleSignInRouteTests.issuer).keySet())
        ) { server in
            var authenticator = ServerHarness.authenticator()
            try await server.register("alice", with: &authenticator)
            let answers = [
                try await server.post("/attestation/options", json: AttestationOptionsRequest(username: "bob")),
                try await server.post("/assertion/options", json: AssertionOptionsRequest(username: "alice")),
                try await server.post("/assertion/options", json: AssertionOptionsRequest()),
                try await server.post("/auth/apple/nonce", bytes: Array("{}".utf8)),
            ]
            for answer in answers {
                #expect(answer.status == .ok)
                #expect(answer.headers[.cacheControl] == "no-store")
            }
        }
    }
}
#endif
