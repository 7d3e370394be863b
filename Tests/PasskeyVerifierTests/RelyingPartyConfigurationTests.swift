import PasskeyVerifier
import Testing

@Suite struct RelyingPartyConfigurationTests {
    private func relyingParty(
        id: String = "example.com",
        origins: Set<String>,
        relatedOrigins: RelatedOrigins? = nil
    ) throws(RelyingPartyUsageError) -> RelyingParty {
        try RelyingParty(
            configuration: RelyingPartyConfiguration(
                relyingPartyID: id,
                relyingPartyName: "Example",
                origins: origins,
                relatedOrigins: relatedOrigins
            )
        )
    }

    /// Expects creating the relying party to fail with a message that names `fragment`.
    private func expectUsageError(
        id: String = "example.com",
        origins: Set<String>,
        relatedOrigins: RelatedOrigins? = nil,
        naming fragment: String
    ) {
        do {
            _ = try relyingParty(id: id, origins: origins, relatedOrigins: relatedOrigins)
            Issue.record("the configuration was accepted; expected a usage error naming '\(fragment)'")
        } catch {
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test(arguments: [
        "https://example.com", "https://login.example.com", "https://example.com:8443",
        "android:apk-key-hash:AbCdEf", "ios:bundle-id:com.example.app",
    ])
    func originsInSerializedFormAreAccepted(origin: String) throws {
        _ = try relyingParty(origins: [origin])
    }

    @Test func loopbackHTTPOriginsAreAcceptedForLocalhost() throws {
        _ = try relyingParty(id: "localhost", origins: ["http://localhost:8080", "http://localhost"])
    }

    @Test(arguments: [
        ("https://example.com/", "'/'"),
        ("https://example.com/login", "'/'"),
        ("https://example.com?x=1", "'?'"),
        ("https://example.com#top", "'#'"),
        ("https://user@example.com", "'@'"),
        ("https://example.com:443", "default port 443"),
        ("http://localhost:80", "default port 80"),
        ("HTTPS://example.com", "scheme HTTPS"),
        ("https://Example.com", "upper-case letters in its host"),
        ("https://example.com:0", "port '0'"),
        ("https://example.com:65536", "port '65536'"),
        ("https://example.com:08443", "port '08443'"),
        ("https://", "no host"),
        ("https://example..com", "empty or over-long label"),
        ("https://ex_ample.com", "label 'ex_ample'"),
        ("http://example.com", "not loopback"),
        ("https://example.org", "not on example.com"),
        ("https://notexample.com", "not on example.com"),
    ])
    func originsABrowserNeverSendsAreUsageErrors(origin: String, fragment: String) {
        expectUsageError(origins: [origin], naming: fragment)
    }

    @Test(arguments: [
        ("", "relyingPartyID is empty"),
        ("https://example.com", "not a domain"),
        ("example.com:443", "not a domain"),
        ("Example.com", "upper-case"),
        ("com", "single label"),
        ("192.0.2.1", "IP address"),
        (".example.com", "empty or over-long label"),
    ])
    func relyingPartyIDsThatAreNotDomainsAreUsageErrors(id: String, fragment: String) {
        expectUsageError(id: id, origins: ["https://example.com"], naming: fragment)
    }

    @Test func anEmptyOriginListIsAUsageError() {
        expectUsageError(origins: [], naming: "origins is empty")
    }

    @Test func anOriginOutsideTheRPIDIsAcceptedWhenItIsARelatedOrigin() throws {
        let related = try RelatedOrigins(origins: ["https://example.co.uk", "https://example-shop.com"])
        _ = try relyingParty(
            origins: ["https://example.com", "https://example.co.uk", "https://example-shop.com"],
            relatedOrigins: related
        )
        expectUsageError(
            origins: ["https://example.com", "https://example.de"],
            relatedOrigins: related,
            naming: "not on example.com"
        )
    }

    @Test func relatedOriginsBuildTheWellKnownDocument() throws {
        let related = try RelatedOrigins(origins: ["https://example.co.uk", "https://shop.example.de:8443"])
        let document = String(decoding: related.wellKnownDocument, as: UTF8.self)
        #expect(document == #"{"origins":["https://example.co.uk","https://shop.example.de:8443"]}"#)
        #expect(RelatedOrigins.wellKnownPath == "/.well-known/webauthn")
        #expect(related.labels == ["co", "example"])
        #expect(related.warnings.isEmpty)
    }

    @Test func relatedOriginsPastTheFifthLabelAreWarnedAbout() throws {
        let subdomains = ["a", "b", "c", "d", "e", "f"].map { "https://\($0).brand.com" }
        let sameLabel = try RelatedOrigins(origins: subdomains)
        #expect(sameLabel.labels == ["brand"])
        #expect(sameLabel.warnings.isEmpty)
        let named = ["a", "b", "c", "d", "e", "f"].map { "https://login.\($0).com" }
        let related = try RelatedOrigins(origins: named + ["https://a.org"])
        #expect(related.labels == ["a", "b", "c", "d", "e", "f"])
        #expect(related.warnings.count == 1)
        #expect(related.warnings.first?.contains("https://login.f.com") == true)
    }

    @Test(arguments: [
        ("http://example.com", "not https"),
        ("https://example.com/", "'/'"),
        ("HTTPS://example.com", "scheme HTTPS"),
    ])
    func relatedOriginsMustBeSerializedHTTPSOrigins(origin: String, fragment: String) {
        do {
            _ = try RelatedOrigins(origins: [origin])
            Issue.record("\(origin) was accepted")
        } catch {
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func aRelatedOriginListedTwiceIsAUsageError() {
        #expect(throws: RelyingPartyUsageError("the related origin https://a.com is listed twice")) {
            try RelatedOrigins(origins: ["https://a.com", "https://a.com"])
        }
    }
}
