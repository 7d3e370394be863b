#if Server
import Foundation
import PasskeyHummingbird
import Testing

/// The well-known documents (the demonstration page is `passkey-server`'s: `PageRouteTests`).
@Suite(.alsoUnderAHostPrefix) struct DocumentRouteTests {
    @Test func theAppleAppSiteAssociationListsTheApps() async throws {
        try await ServerHarness.run { server in
            let response = try await server.get("/.well-known/apple-app-site-association")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            let document = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
            let apps = (document as? [String: Any]).flatMap { $0["webcredentials"] as? [String: Any] }?["apps"]
            #expect(apps as? [String] == ["ABCDE12345.com.example.passkeys"])
        }
    }

    @Test func theWebAuthnDocumentListsTheRelatedOrigins() async throws {
        try await ServerHarness.run { server in
            let response = try await server.get("/.well-known/webauthn")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            let document = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
            #expect((document as? [String: Any])?["origins"] as? [String] == ["https://shop.example"])
        }
    }
}
#endif
