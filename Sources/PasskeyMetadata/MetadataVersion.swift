/// A protocol version a metadata statement lists in `upv` (FIDO Metadata Statement v3.0 §4 `upv`; FIDO UAF
/// Protocol Specification §3.1.1 "Version Interface"): a major and a minor number, for example 1.1.
public struct MetadataVersion: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The major version (`major`).
    public let major: UInt16
    /// The minor version (`minor`).
    public let minor: UInt16

    /// Creates a version.
    public init(major: UInt16, minor: UInt16) {
        self.major = major
        self.minor = minor
    }

    /// `major.minor`.
    public var description: String { "\(major).\(minor)" }
}
