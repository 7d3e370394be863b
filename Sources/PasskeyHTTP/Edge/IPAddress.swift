#if Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16), read from text by the C library's `inet_pton` (RFC 4291 §2.2
/// text forms for IPv6; dotted decimal for IPv4). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is the IPv4
/// address, so a proxy list and a peer written either way agree.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Reads `text` (at most 64 bytes, an IPv6 zone such as `%eth0` dropped); `nil` when it is not an address.
    public init?(_ text: some StringProtocol) {
        guard text.utf8.count <= 64 else { return nil }
        var address = String(text)
        if let zone = address.firstIndex(of: "%") {
            address = String(address[..<zone])
        }
        if address.hasPrefix("["), address.hasSuffix("]") {
            address = String(address.dropFirst().dropLast())
        }
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        let bytes: [UInt8]
        if inet_pton(AF_INET, address, &ipv4) == 1 {
            bytes = withUnsafeBytes(of: &ipv4) { Array($0) }
        } else if address.contains(":"), inet_pton(AF_INET6, address, &ipv6) == 1 {
            bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        } else {
            return nil
        }
        self.init(bytes: bytes)
    }

    /// The address of `bytes` (4 or 16 of them; an IPv4-mapped IPv6 address becomes IPv4); `nil` for other lengths.
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4:
            self.bytes = bytes
        case 16:
            let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
            self.bytes = Array(bytes.prefix(12)) == mappedPrefix ? Array(bytes.suffix(4)) : bytes
        default:
            return nil
        }
    }

    /// Whether the address is IPv4.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The key client addresses are counted under: an IPv4 address itself, an IPv6 address its /64 network (one
    /// subscriber usually holds a whole /64, RFC 6177, so counting single IPv6 addresses would count nothing).
    public var rateLimitKey: String {
        guard !isIPv4 else { return description }
        let network = Array(bytes.prefix(8)) + [UInt8](repeating: 0, count: 8)
        return (IPAddress(bytes: network)?.description ?? description) + "/64"
    }

    /// The key of the wider network an IPv6 client's requests are also counted under: its /48 (the most one site is
    /// usually given, RFC 6177 §3), so that a site cannot multiply its rate by moving through its 65 536 /64s;
    /// `nil` for IPv4.
    public var networkRateLimitKey: String? {
        guard !isIPv4 else { return nil }
        let network = Array(bytes.prefix(6)) + [UInt8](repeating: 0, count: 10)
        return (IPAddress(bytes: network)?.description ?? description) + "/48"
    }

    /// The text form: dotted decimal, or the eight groups of IPv6 in lowercase hexadecimal with the longest run of
    /// zero groups written `::` (RFC 5952 §4).
    public var description: String {
        guard !isIPv4 else { return bytes.map { String($0) }.joined(separator: ".") }
        let groups = stride(from: 0, to: 16, by: 2).map { (UInt16(bytes[$0]) << 8) | UInt16(bytes[$0 + 1]) }
        var bestStart = -1
        var bestLength = 0
        var index = 0
        while index < groups.count {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            let start = index
            while index < groups.count, groups[index] == 0 {
                index += 1
            }
            if index - start > bestLength {
                bestStart = start
                bestLength = index - start
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard bestLength >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<bestStart].joined(separator: ":")
        let tail = hex[(bestStart + bestLength)...].joined(separator: ":")
        return head + "::" + tail
    }
}
#endif
