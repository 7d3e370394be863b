#if Hummingbird
import Foundation
import Hummingbird
import NIOCore
import PasskeyHTTP

/// Who is asking, for the rate limits: the socket's peer, unless the peer is one of the proxies named by
/// `--trust-forwarded-for`; then the `X-Forwarded-For` header (the de-facto header of proxies; RFC 7239 §4 describes
/// its successor) is walked from the right, skipping the trusted proxies, and the first address that is not one
/// is the client. Every hop left of it was written by a client that can write anything, so it is never read.
///
/// An entry may carry the port a proxy appended (`203.0.113.9:4711`, `[2001:db8::1]:4711`). An entry that is not an
/// address stops the walk: the last trusted hop is then the client. Without trusted
/// proxies the header is ignored, so a client cannot choose its own address.
public struct ClientAddress: Sendable {
    /// The proxies whose `X-Forwarded-For` is believed.
    public let trustedProxies: [IPAddressRange]

    /// Creates the resolver.
    public init(trustedProxies: [IPAddressRange]) {
        self.trustedProxies = trustedProxies
    }

    /// The header proxies append the address they saw to, in its canonical (lowercase) form.
    public static let forwardedForField = "x-forwarded-for"

    /// The most `X-Forwarded-For` hops read; a longer chain stops the walk there.
    public static let maximumHops = 32

    /// The client of a request from `peer` (the socket's peer; `nil` when unknown) with `forwardedFor`, the
    /// `X-Forwarded-For` field values in the order received.
    public func resolve(peer: IPAddress?, forwardedFor: [String]) -> IPAddress? {
        guard let peer, isTrusted(peer) else { return peer }
        let hops = forwardedFor.joined(separator: ",").split(separator: ",").suffix(Self.maximumHops)
        var client = peer
        for hop in hops.reversed() {
            guard let address = Self.hopAddress(hop.trimmingCharacters(in: .whitespaces)) else { return client }
            client = address
            guard isTrusted(address) else { return address }
        }
        return client
    }

    /// The address of one `X-Forwarded-For` entry: an address, or an address with the port some proxies append
    /// (`203.0.113.9:4711`, `[2001:db8::1]:4711`); `nil` for anything else.
    static func hopAddress(_ hop: String) -> IPAddress? {
        if let address = IPAddress(hop) {
            return address
        }
        guard let colon = hop.lastIndex(of: ":") else { return nil }
        let port = hop[hop.index(after: colon)...]
        guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let host = hop[..<colon]
        if host.hasPrefix("[") {
            return host.hasSuffix("]") ? IPAddress(host) : nil
        }
        guard !host.contains(":"), let address = IPAddress(host), address.bytes.count == 4 else { return nil }
        return address
    }

    /// The client of `request` on a connection from `peer`; `nil` when the peer is not an IP address (a test
    /// client, a Unix socket).
    public func client(of request: Request, peer: SocketAddress?) -> IPAddress? {
        let values = request.headers.filter { $0.name.canonicalName == Self.forwardedForField }.map(\.value)
        return resolve(peer: peer.flatMap(Self.address(of:)), forwardedFor: values)
    }

    /// The client of `request` on a connection from `peer`, as the key its requests are counted under
    /// (``IPAddress/rateLimitKey``); `unknown` when the peer is not an IP address (a test client, a Unix socket).
    public func key(of request: Request, peer: SocketAddress?) -> String {
        client(of: request, peer: peer)?.rateLimitKey ?? "unknown"
    }

    /// Whether `address` is a trusted proxy.
    public func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The IP address of a socket address; `nil` for a Unix socket.
    public static func address(of socketAddress: SocketAddress) -> IPAddress? {
        switch socketAddress {
        case .v4, .v6: socketAddress.ipAddress.flatMap { IPAddress($0) }
        default: nil
        }
    }
}
#endif
