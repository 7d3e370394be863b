#if Hummingbird
import Hummingbird
import PasskeyHTTP

/// The identifier every log line of a request carries and its response echoes in `X-Request-ID`: the client's
/// (or its proxy's) when it is 1 to ``maximumLength`` characters of `A`–`Z`, `a`–`z`, `0`–`9`, `.`, `_` and `-`,
/// so that a proxy's identifier ties the lines of both together; otherwise one the server made.
enum RequestIdentifier {
    /// The header's name (a valid token: the optional is never `nil`).
    static let headerName = HTTPFields.Element.Name("X-Request-ID")

    /// The longest identifier taken from a request.
    static let maximumLength = 64

    /// The logger metadata key; Hummingbird's own, so that its lines and the context's `id` agree.
    static let metadataKey = "hb.request.id"

    /// `value` when it is a well-formed identifier, else `nil`.
    static func accepted(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maximumLength,
            value.utf8.allSatisfy(isAllowed)
        else { return nil }
        return value
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
#endif
