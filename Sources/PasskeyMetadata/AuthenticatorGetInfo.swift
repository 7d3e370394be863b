/// The part of an authenticator's `authenticatorGetInfo` response a metadata statement carries that a relying
/// party reads (FIDO Metadata Statement v3.0 §4 `authenticatorGetInfo`, CTAP 2.1 §6.4 with the member names
/// spelled out).
public struct AuthenticatorGetInfo: Sendable, Hashable, Decodable {
    /// The CTAP versions supported (`versions`, required), for example `FIDO_2_0`.
    public let versions: [String]
    /// The extension identifiers supported (`extensions`), `[]` when absent.
    public let extensions: [String]
    /// The AAGUID as 32 hexadecimal digits (`aaguid`), `nil` when absent.
    public let aaguid: String?
    /// The options and their values (`options`, for example `rk`, `uv`, `clientPin`), `[:]` when absent.
    public let options: [String: Bool]
    /// The transports (`transports`), `[]` when absent.
    public let transports: [String]
    /// The firmware version (`firmwareVersion`), `nil` when absent.
    public let firmwareVersion: UInt64?

    enum CodingKeys: String, CodingKey {
        case versions, extensions, aaguid, options, transports, firmwareVersion
    }

    /// Decodes the members above, each with its CTAP type, except that an option's value may also be the string
    /// `"true"` or `"false"` (as some published statements write it); other members are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        versions = try container.decodeBoundedArray(String.self, forKey: .versions, maximumCount: 64)
        extensions =
            try container.decodeBoundedArrayIfPresent(String.self, forKey: .extensions, maximumCount: 256) ?? []
        aaguid = try container.decodeIfPresent(String.self, forKey: .aaguid)
        options = try container.decodeIfPresent([String: OptionValue].self, forKey: .options)?.mapValues(\.value) ?? [:]
        transports =
            try container.decodeBoundedArrayIfPresent(String.self, forKey: .transports, maximumCount: 64) ?? []
        firmwareVersion = try container.decodeIfPresent(UInt64.self, forKey: .firmwareVersion)
    }

    /// An option's value: a boolean, or the string `"true"` or `"false"`.
    private struct OptionValue: Decodable {
        let value: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = flag
                return
            }
            switch try container.decode(String.self) {
            case "true": value = true
            case "false": value = false
            default:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "an option value is neither a boolean nor \"true\" or \"false\"")
            }
        }
    }
}
