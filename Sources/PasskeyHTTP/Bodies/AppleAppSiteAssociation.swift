#if Hummingbird
/// The `/.well-known/apple-app-site-association` document that lets iOS apps use the site's passkeys:
/// `{"webcredentials": {"apps": ["TEAMID.bundle.id", …]}}` (Apple's Associated Domains, the `webcredentials`
/// service; WebAuthn Level 3 §5.4.2 scopes the passkeys to the RP ID whose site serves it).
package struct AppleAppSiteAssociation: Codable, Sendable, Hashable {
    /// The `webcredentials` service.
    struct WebCredentials: Codable, Sendable, Hashable {
        /// The app identifiers, `TEAMID.bundle.id`.
        var apps: [String]
    }

    /// The `webcredentials` service.
    var webcredentials: WebCredentials

    /// The path the document is served at.
    package static let wellKnownPath = "/.well-known/apple-app-site-association"

    /// The document listing `appIDs`.
    package init(appIDs: [String]) {
        self.webcredentials = WebCredentials(apps: appIDs)
    }
}
#endif
