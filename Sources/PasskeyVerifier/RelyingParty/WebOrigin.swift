/// A web origin as a browser serializes it into `clientDataJSON.origin` (WebAuthn Level 3 §5.8.1, HTML
/// "serialization of an origin"): a lower-case `http` or `https` scheme, `://`, a lower-case host, and a port
/// only when it is not the scheme's default; no path, no trailing slash, no query, fragment or user info.
///
/// The relying party compares origins byte for byte (§7.1 `#rp-op-registering-a-new-credential-step-origin`), so a
/// configured origin that is spelled any other way can never match and is refused when the configuration is checked.
struct WebOrigin: Sendable, Hashable {
    /// `http` or `https`.
    let scheme: String
    /// The host: a domain (lower-case ASCII, IDNA A-labels), an IPv4 address, or an IPv6 address in brackets.
    let host: String
    /// The port, when the origin names one other than the scheme's default.
    let port: UInt16?

    /// The schemes whose origins are web origins; every other origin (an Android or iOS app's) is opaque.
    static let webSchemes: Set<String> = ["http", "https"]

    /// Whether `origin` claims to be a web origin: its scheme, in any case, is `http` or `https`.
    static func isWebOrigin(_ origin: String) -> Bool {
        guard let separator = origin.firstRange(of: "://") else { return false }
        return webSchemes.contains(origin[..<separator.lowerBound].lowercased())
    }

    /// Parses a serialized web origin strictly.
    ///
    /// - Throws: ``RelyingPartyUsageError`` naming what is not in serialized form.
    init(parsing origin: String) throws(RelyingPartyUsageError) {
        guard let separator = origin.firstRange(of: "://") else {
            throw RelyingPartyUsageError("the origin \(origin) has no scheme; write it as https://host[:port]")
        }
        let scheme = String(origin[..<separator.lowerBound])
        guard Self.webSchemes.contains(scheme) else {
            throw RelyingPartyUsageError(
                "the origin \(origin) has the scheme \(scheme); a browser writes it in lower case (http or https)"
            )
        }
        let authority = origin[separator.upperBound...]
        if let extra = authority.first(where: { "/?#@\\".contains($0) }) {
            throw RelyingPartyUsageError(
                "the origin \(origin) contains '\(extra)'; an origin has no path, trailing slash, query, fragment "
                    + "or user info (write \(scheme)://host[:port])"
            )
        }
        let (host, portText) = try Self.split(authority: authority, of: origin)
        try Self.checkHost(host, of: origin)
        var port: UInt16?
        if let portText {
            guard let number = UInt16(portText), number > 0, portText.first != "0",
                portText.allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                throw RelyingPartyUsageError("the origin \(origin) has the port '\(portText)'; it must be 1 to 65535")
            }
            let defaultPort: UInt16 = scheme == "https" ? 443 : 80
            guard number != defaultPort else {
                throw RelyingPartyUsageError(
                    "the origin \(origin) names the default port \(defaultPort); a browser omits it, so write "
                        + "\(scheme)://\(host)"
                )
            }
            port = number
        }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Whether a browser treats the origin as a secure context although its scheme is `http` (HTML
    /// "potentially trustworthy origin": loopback hosts).
    var isLoopback: Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host == "[::1]"
            || (Self.isIPv4(host) && host.hasPrefix("127."))
    }

    /// Splits `host[:port]` (with `[...]` around an IPv6 host).
    private static func split(
        authority: Substring,
        of origin: String
    ) throws(RelyingPartyUsageError) -> (host: String, port: String?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw RelyingPartyUsageError("the origin \(origin) opens an IPv6 address with '[' but never closes it")
            }
            let host = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            guard !rest.isEmpty else { return (host, nil) }
            guard rest.hasPrefix(":") else {
                throw RelyingPartyUsageError("the origin \(origin) has text after its IPv6 address")
            }
            return (host, String(rest.dropFirst()))
        }
        guard let colon = authority.lastIndex(of: ":") else { return (String(authority), nil) }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// Checks that the host is in the form a browser serializes: lower-case, no empty label.
    private static func checkHost(_ host: String, of origin: String) throws(RelyingPartyUsageError) {
        guard !host.isEmpty else {
            throw RelyingPartyUsageError("the origin \(origin) has no host")
        }
        if host.hasPrefix("[") {
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }),
                host == host.lowercased()
            else {
                throw RelyingPartyUsageError("the origin \(origin) has an IPv6 host that is not in lower-case hex")
            }
            return
        }
        guard host == host.lowercased() else {
            throw RelyingPartyUsageError(
                "the origin \(origin) has upper-case letters in its host; a browser writes \(host.lowercased())"
            )
        }
        try RelyingPartyIdentifier.checkDomainSyntax(host, describedAs: "the host of the origin \(origin)")
    }

    /// Whether `text` is a dotted-decimal IPv4 address.
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (UInt16(part) ?? 256) <= 255
            }
    }
}
