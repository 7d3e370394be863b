#if Server
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PasskeyHTTP
@testable import PasskeyHummingbird
@testable import passkey_server

/// The page at `/` and its security headers (issue 18 §4): `passkey-server`'s, from the files of
/// `Sources/passkey-server/Page` (issue 31).
@Suite struct PageRouteTests {
    /// The page of a `PageController` for `origins`, requested twice.
    private func pages(origins: [String]) async throws -> [TestResponse] {
        let router = Router()
        try PageController<BasicRequestContext>(origins: origins).addRoutes(to: router)
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
        // A quote or bracket followed by a combining mark is one Character, but still a quote: escaped.
        #expect(
            DemonstrationPage.attributeText("ios:x\"\u{301} hidden>\u{301}") == "ios:x&quot;\u{301} hidden&gt;\u{301}")
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

    /// `passkey-server` adds the page to the router it serves (`additionalRoutes`), behind the router-wide
    /// middleware: `HEAD /` answers, another method is `405` with `Allow`.
    @Test func theServerServesThePageBesideThePasskeyRoutes() async throws {
        try await ServerHarness.withTemporarySQLiteStorage { storage in
            let page = try PageController<PasskeyRequestContext>(origins: [ServerHarness.origin])
            let router = try PasskeyServerApplication.makeRouter(
                configuration: ServerHarness.configuration,
                storage: storage,
                context: PasskeyRequestContext.self,
                additionalRoutes: { page.addRoutes(to: $0) }
            )
            try await Application(router: router).test(.router) { client in
                let response = try await client.execute(uri: "/", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(policyNonce(of: response.headers[.contentSecurityPolicy]) != nil)
                let text = String(decoding: response.body.readableBytesView, as: UTF8.self)
                #expect(text.contains("PublicKeyCredential.parseCreationOptionsFromJSON"))
                #expect(text.contains("PublicKeyCredential.parseRequestOptionsFromJSON"))
                #expect(text.contains("toJSON()"))
                #expect(text.contains("mediation: \"conditional\""))
                let head = try await client.execute(uri: "/", method: .head)
                #expect(head.status == .ok)
                #expect(head.body.readableBytes == 0)
                let post = try await client.execute(
                    uri: "/", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}")
                )
                #expect(post.status == .methodNotAllowed)
                #expect(post.headers[.allow] == "GET, HEAD")
            }
        }
    }

    /// The shipped files make the page: every placeholder filled, the style and the script inlined whole into the
    /// one `<style>` and the one `<script>`, the nonce in both.
    @Test func theEmbeddedFilesMakeThePage() throws {
        let page = try DemonstrationPage(origins: ["http://localhost:8080"])
        #expect(page.pieces.count == 3)
        let html = page.html(nonce: "NONCE")
        #expect(!html.contains("{{") && !html.contains("}}"))
        let style = DemonstrationPage.text(of: PackageResources.page_css)
        let script = DemonstrationPage.text(of: PackageResources.page_js)
        #expect(html.contains("<style nonce=\"NONCE\">\n\(style)\n</style>"))
        #expect(html.contains("<script nonce=\"NONCE\">\n\(script)\n</script>"))
        #expect(html.hasPrefix("<!doctype html>\n") && html.hasSuffix("</html>"))
    }

    /// A template or file that cannot make the page stops the server at start, with the reason.
    @Test(arguments: [
        ("<p>{{nonce}}{{page.html}}</p>", "", "", "unknown placeholder {{page.html}}"),
        ("<p>{{nonce</p>", "", "", "leaves a {{ placeholder open"),
        ("<style>{{page.css}}</style>", "p {} </STYLE><script>", "", "</style"),
        ("<script>{{page.js}}</script>", "", "let a = '</script>';", "</script"),
        ("<script>{{page.js}}</script>", "", "let a = '<!--';", "<!--"),
    ])
    func aPageThatCannotBeMadeIsRefused(template: String, style: String, script: String, reason: String) throws {
        let error = #expect(throws: ServerConfigurationError.self) {
            try DemonstrationPage(template: template, style: style, script: script, origins: [])
        }
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
    }

    /// Filled-in text is not read for placeholders again, and the origins are attribute text.
    @Test func filledInTextIsNotReadAgain() throws {
        let page = try DemonstrationPage(
            template: "<main data-origins=\"{{origins}}\"><style nonce=\"{{nonce}}\">{{page.css}}</style>{{page.js}}",
            style: "a::after { content: \"{{nonce}}\" }",
            script: "{{origins}}",
            origins: ["https://a.example", "\"><x>"]
        )
        #expect(
            page.html(nonce: "N")
                == #"<main data-origins="https://a.example &quot;&gt;&lt;x&gt;"><style nonce="N">"#
                + #"a::after { content: "{{nonce}}" }</style>{{origins}}"#)
    }
}
#endif
