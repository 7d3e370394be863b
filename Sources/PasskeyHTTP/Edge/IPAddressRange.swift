#if Hummingbird
/// A block of IP addresses in CIDR notation (RFC 4632 §3.1, RFC 4291 §2.3): `10.0.0.0/8`, `2001:db8::/32`, or one
/// address (`192.0.2.7`, a /32 or /128), as `--trust-forwarded-for` names the proxies whose `X-Forwarded-For` the
/// server believes.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's first address (the bits past ``prefixLength`` are zero).
    public let network: IPAddress
    /// How many leading bits every address of the block shares.
    public let prefixLength: Int

    /// Reads `ADDRESS/PREFIX` or `ADDRESS`; `nil` when the address does not parse or the prefix is out of range.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        var prefixLength = bits
        if parts.count == 2 {
            guard parts[1].utf8.count <= 3, parts[1].allSatisfy(\.isASCII), let length = Int(parts[1]),
                length >= 0, length <= bits
            else { return nil }
            prefixLength = length
        }
        guard let network = IPAddress(bytes: Self.masked(address.bytes, prefixLength: prefixLength)) else { return nil }
        self.network = network
        self.prefixLength = prefixLength
    }

    /// Whether `address` is in the block (an IPv4 address is never in an IPv6 block, and the reverse).
    public func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == network.bytes.count
            && Self.masked(address.bytes, prefixLength: prefixLength) == network.bytes
    }

    /// `network/prefixLength`.
    public var description: String { "\(network)/\(prefixLength)" }

    /// `bytes` with every bit past the first `prefixLength` cleared.
    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(max(prefixLength - index * 8, 0), 8)
            let mask: UInt8 = kept == 0 ? 0 : UInt8(truncatingIfNeeded: 0xff << (8 - kept))
            return byte & mask
        }
    }
}
#endif
