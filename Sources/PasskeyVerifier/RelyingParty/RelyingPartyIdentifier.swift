/// The rules an RP ID (WebAuthn Level 3 §4 "RP ID", §5.1.3 step 8) and the hosts it scopes must follow,
/// checked when a ``RelyingPartyConfiguration`` is validated.
///
/// An RP ID is a domain (never an IP address, never a URL) that is equal to, or a registrable suffix of, the
/// host of every web origin of the relying party. The library carries no Public Suffix List: it refuses an
/// RP ID of a single label (other than `localhost`) and leaves the multi-label public suffixes (`co.uk`) to
/// the browser, which refuses them when a ceremony starts (Docs/Decisions.md).
enum RelyingPartyIdentifier {
    /// The longest domain name (RFC 1035 §2.3.4).
    static let maximumDomainLength = 253
    /// The longest label of a domain name (RFC 1035 §2.3.4).
    static let maximumLabelLength = 63

    /// Checks `relyingPartyID`.
    static func validate(_ relyingPartyID: String) throws(RelyingPartyUsageError) {
        guard !relyingPartyID.isEmpty else {
            throw RelyingPartyUsageError("relyingPartyID is empty; set it to the registrable domain, e.g. example.com")
        }
        guard !relyingPartyID.contains("/"), !relyingPartyID.contains(":") else {
            throw RelyingPartyUsageError(
                "relyingPartyID \(relyingPartyID) is not a domain; write the bare domain (example.com), "
                    + "without scheme, port or path"
            )
        }
        guard relyingPartyID == relyingPartyID.lowercased() else {
            throw RelyingPartyUsageError(
                "relyingPartyID \(relyingPartyID) has upper-case letters; browsers hash the lower-case domain "
                    + "\(relyingPartyID.lowercased())"
            )
        }
        try checkDomainSyntax(relyingPartyID, describedAs: "relyingPartyID \(relyingPartyID)")
        guard !WebOrigin.isIPv4(relyingPartyID) else {
            throw RelyingPartyUsageError("relyingPartyID \(relyingPartyID) is an IP address; an RP ID is a domain")
        }
        guard relyingPartyID == "localhost" || relyingPartyID.contains(".") else {
            throw RelyingPartyUsageError(
                "relyingPartyID \(relyingPartyID) is a single label; an RP ID is a registrable domain such as "
                    + "example.com (localhost excepted)"
            )
        }
    }

    /// Whether `relyingPartyID` is `host` or a suffix of it on a label boundary (HTML "is a registrable
    /// domain suffix of or is equal to", without the public-suffix part).
    static func scopes(_ host: String, relyingPartyID: String) -> Bool {
        host == relyingPartyID || host.hasSuffix("." + relyingPartyID)
    }

    /// The label the Related Origin Requests limit counts (§5.11.1 "registrable origin label"): the first
    /// label of the registrable domain, taken here as the label left of the last one (`example` for
    /// `login.example.com`), or the host itself when it has one label.
    static func registrableLabel(of host: String) -> String {
        let labels = host.split(separator: ".")
        guard labels.count >= 2 else { return host }
        return String(labels[labels.count - 2])
    }

    /// Checks that `domain` is made of 1 to 63 character labels of lower-case letters, digits and hyphens
    /// (A-labels for internationalized names), 253 characters at most, with no empty label.
    static func checkDomainSyntax(_ domain: String, describedAs name: String) throws(RelyingPartyUsageError) {
        guard domain.utf8.count <= maximumDomainLength else {
            throw RelyingPartyUsageError("\(name) is longer than \(maximumDomainLength) characters")
        }
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.utf8.count <= maximumLabelLength else {
                throw RelyingPartyUsageError(
                    "\(name) has an empty or over-long label; no leading, trailing or doubled dot, 63 characters "
                        + "a label at most"
                )
            }
            guard label.utf8.allSatisfy({ isDomainByte($0) }), label.first != "-", label.last != "-" else {
                throw RelyingPartyUsageError(
                    "\(name) has the label '\(label)'; labels are lower-case letters, digits and inner hyphens "
                        + "(write internationalized names as xn-- A-labels)"
                )
            }
        }
    }

    /// Whether `byte` is a lower-case ASCII letter, a digit or a hyphen.
    private static func isDomainByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }
}
