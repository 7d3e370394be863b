/// The origins outside the RP ID's own domain that may use its credentials, as the relying party publishes
/// them at `https://<RP ID>/.well-known/webauthn` (WebAuthn Level 3 §5.11 "Using Web Authentication across
/// related origins").
///
/// A browser asked for an RP ID that does not scope the calling origin fetches that document and lets the
/// ceremony run only when the origin is listed and falls within the first five distinct registrable-domain
/// labels of the list (§5.11.1). Build the document with ``wellKnownDocument`` and serve it with the
/// content type `application/json`; give the same value to ``RelyingPartyConfiguration/relatedOrigins`` so
/// the configuration check accepts those origins, and read ``warnings`` once at startup.
public struct RelatedOrigins: Sendable, Hashable {
    /// The path the document is served at on the RP ID's host (§5.11).
    public static let wellKnownPath = "/.well-known/webauthn"
    /// How many distinct registrable-domain labels a browser must consider (§5.11.1); origins past the
    /// fifth label may be ignored.
    public static let maximumLabelCount = 5

    /// The related origins, in the order they are published (the order decides which labels count first).
    public let origins: [String]

    /// Creates the list.
    ///
    /// - Throws: ``RelyingPartyUsageError`` when an origin is not a serialized `https` origin (see
    ///   ``RelyingPartyConfiguration/origins`` for the form) or is listed twice.
    public init(origins: [String]) throws(RelyingPartyUsageError) {
        var seen: Set<String> = []
        for origin in origins {
            let parsed = try WebOrigin(parsing: origin)
            guard parsed.scheme == "https" else {
                throw RelyingPartyUsageError("the related origin \(origin) is not https; §5.11 lists https origins")
            }
            guard seen.insert(origin).inserted else {
                throw RelyingPartyUsageError("the related origin \(origin) is listed twice")
            }
        }
        self.origins = origins
    }

    /// The document to serve at ``wellKnownPath``: `{"origins":[…]}` as UTF-8 JSON.
    public var wellKnownDocument: [UInt8] {
        let members = origins.map { "\"\($0)\"" }.joined(separator: ",")
        return Array("{\"origins\":[\(members)]}".utf8)
    }

    /// The distinct registrable-domain labels of ``origins``, in order of first appearance (§5.11.1).
    ///
    /// The library carries no Public Suffix List: the label is taken as the one left of a host's last label
    /// (`example` for `shop.example.com`), which is right for single-label public suffixes and may merge or
    /// split labels under multi-label ones such as `co.uk` (Docs/Decisions.md).
    public var labels: [String] {
        var labels: [String] = []
        for origin in origins {
            guard let parsed = try? WebOrigin(parsing: origin) else { continue }
            let label = RelyingPartyIdentifier.registrableLabel(of: parsed.host)
            if !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// What a browser may ignore: one message per origin whose label comes after the first
    /// ``maximumLabelCount`` distinct labels; empty when every origin will be considered.
    public var warnings: [String] {
        let counted = labels.prefix(Self.maximumLabelCount)
        return origins.compactMap { origin in
            guard let parsed = try? WebOrigin(parsing: origin) else { return nil }
            let label = RelyingPartyIdentifier.registrableLabel(of: parsed.host)
            guard !counted.contains(label) else { return nil }
            return "the related origin \(origin) has the label '\(label)', past the first "
                + "\(Self.maximumLabelCount) distinct labels (\(counted.joined(separator: ", "))): a browser may ignore it"
        }
    }

    /// Whether `origin` is listed.
    public func contains(_ origin: String) -> Bool {
        origins.contains(origin)
    }
}
