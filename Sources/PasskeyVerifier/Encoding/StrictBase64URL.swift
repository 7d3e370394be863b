/// Strict base64url without padding (RFC 7515 §2, RFC 4648 §5), the encoding of every JOSE member: only
/// `A-Z a-z 0-9 - _`, never `=`, `+`, `/` or whitespace.
///
/// ``Base64URL`` also reads standard base64 because native apps send it; JOSE documents never do, so the parts of
/// a compact JWS (RFC 7515 §7.1) and the members of a JSON Web Key (RFC 7517 §4) are read with this stricter
/// alphabet check first.
package enum StrictBase64URL {
    /// The bytes `text` encodes, or `nil` when it is empty or uses anything but the URL alphabet.
    package static func decode(_ text: String) -> [UInt8]? {
        let isURLAlphabet = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
        guard !text.isEmpty, isURLAlphabet else { return nil }
        return Base64URL.decode(text)
    }
}
