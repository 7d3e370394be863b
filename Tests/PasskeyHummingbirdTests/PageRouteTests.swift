#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PasskeyHummingbird
import Testing

/// The page at `/` and its security headers (issue 18 §4).
@Suite struct PageRouteTests {
    /// The page of a `PageController` for `origins`, requested twice.
    private func pages(origins: [String]) async throws -> [TestResponse] {
        let router = Router()
        PageController<BasicRequestContext>(origins: origins).addRoutes(to: router)
        return try await Application(router: router).test(.router) { client in
            var responses: [TestResponse] = []
            for _ in 0..<2 {
                responses.append(try await client.execute(uri: "/", method: .get))
            }
            return responses
        }
    }

    /// The nonce of a `Content-Security-Policy` header, if it has the page's policy.
    private func policyNonce(of policy: String?) -> String? {
        guard let policy, let start = policy.range(of: "script-src 'nonce-") else { return nil }
        let rest = policy[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let nonce = String(rest[..<end])
        let expected = [
            "default-src 'none'", "script-src 'nonce-\(nonce)'", "style-src 'nonce-\(nonce)'", "img-src 'self' data:",
            "connect-src 'self'", "form-action 'none'", "base-uri 'none'", "frame-ancestors 'none'",
        ]
        return policy == expected.joined(separator: "; ") ? nonce : nil
    }

    /// The page names the configured origins, escaped, so that opened at another address it says where to go.
    @Test func thePageNamesItsOrigins() async throws {
        let page = String(buffer: try await pages(origins: ["http://localhost:8080", "https://a.example"])[0].body)
        #expect(page.contains(#"data-origins="http://localhost:8080 https://a.example""#))
        #expect(page.contains("wrongOrigin"))
        #expect(DemonstrationPage.attributeText(#"a"<b>&"#) == "a&quot;&lt;b&gt;&amp;")
    }

    @Test func thePageCarriesItsSecurityHeadersAndAFreshNonce() async throws {
        let responses = try await pages(origins: ["http://localhost:8080"])
        var nonces: [String] = []
        for response in responses {
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[values: .strictTransportSecurity].isEmpty)
            let referrerPolicy = try #require(HTTPFields.Element.Name("Referrer-Policy"))
            #expect(response.headers[referrerPolicy] == "same-origin")
            let nonce = try #require(policyNonce(of: response.headers[.contentSecurityPolicy]))
            #expect(Data(base64Encoded: nonce)?.count == 16)
            let page = String(decoding: response.body.readableBytesView, as: UTF8.self)
            #expect(page.components(separatedBy: "<script").count == 2)
            #expect(page.components(separatedBy: "<style").count == 2)
            #expect(page.contains("<script nonce=\"\(nonce)\">"))
            #expect(page.contains("<style nonce=\"\(nonce)\">"))
            #expect(page.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil)
            nonces.append(nonce)
        }
        #expect(Set(nonces).count == 2)
    }

    @Test func anHTTPSOriginAddsStrictTransportSecurity() async throws {
        let responses = try await pages(origins: ["http://localhost:8080", "https://example.com"])
        for response in responses {
            #expect(response.headers[.strictTransportSecurity] == "max-age=31536000")
        }
    }

    @Test func thePageIsTheSignedInApp() async throws {
        let responses = try await pages(origins: ["https://example.com"])
        let page = String(decoding: try #require(responses.first).body.readableBytesView, as: UTF8.self)
        for route in [
            "\"/session\"", "\"/credentials\"", "\"/session/logout\"", "\"/session/logout-all\"",
            "\"/account/display-name\"", "signalUnknownCredential", "signalAllAcceptedCredentials",
            "signalCurrentUserDetails", "aria-live=\"polite\"",
        ] {
            #expect(page.contains(route), "the page uses \(route)")
        }
    }
}
#endif
