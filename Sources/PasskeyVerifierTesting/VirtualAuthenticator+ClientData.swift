import PasskeyVerifier

extension VirtualAuthenticator {
    /// One extra member the virtual client appends to `clientDataJSON` after the members it always writes
    /// (WebAuthn §5.8.1: "the client may add further members"; §5.8.1.2 requires verifiers to ignore unknown ones).
    public struct ClientDataMember: Sendable, Hashable {
        /// The member name, serialized as a JSON string (§5.8.1.1 `CCDToString`).
        public var name: String
        /// The member value exactly as it appears in the JSON text.
        public var jsonValue: String

        /// A member whose value is the string `value`, serialized with `CCDToString` (§5.8.1.1).
        public init(name: String, string value: String) {
            self.name = name
            self.jsonValue = ClientDataSerializer.string(value)
        }

        /// A member whose value is written verbatim: any JSON (`true`, `{"a":1}`), or deliberately broken text
        /// for negative tests.
        public init(name: String, rawJSON: String) {
            self.name = name
            self.jsonValue = rawJSON
        }
    }
}

/// Serializes collected client data the way browsers do (WebAuthn §5.8.1.1 "Serialization"): `type`,
/// `challenge`, `origin`, then `crossOrigin` and `topOrigin` when present, then any extra members, in that order,
/// with no whitespace.
enum ClientDataSerializer {
    /// The `clientDataJSON` bytes.
    static func serialize(
        type: String,
        challenge: [UInt8],
        origin: String,
        crossOrigin: Bool?,
        topOrigin: String?,
        extraMembers: [VirtualAuthenticator.ClientDataMember]
    ) -> [UInt8] {
        var text = "{\"type\":" + string(type)
        text += ",\"challenge\":" + string(Base64URL.encode(challenge))
        text += ",\"origin\":" + string(origin)
        if let crossOrigin {
            text += ",\"crossOrigin\":" + (crossOrigin ? "true" : "false")
        }
        if let topOrigin {
            text += ",\"topOrigin\":" + string(topOrigin)
        }
        for member in extraMembers {
            text += "," + string(member.name) + ":" + member.jsonValue
        }
        text += "}"
        return Array(text.utf8)
    }

    /// `CCDToString` (§5.8.1.1): a JSON string where `"` and `\` are escaped with a backslash, code points below
    /// U+0020 as `\u` and four lowercase hexadecimal digits, and everything else is kept as UTF-8.
    static func string(_ value: String) -> String {
        let digits = Array("0123456789abcdef")
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0..<0x20:
                result += "\\u00" + String(digits[Int(scalar.value >> 4)]) + String(digits[Int(scalar.value & 0x0F)])
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
