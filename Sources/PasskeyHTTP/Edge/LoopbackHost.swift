#if Hummingbird
/// Whether a URL's host is this machine, so that a plain `http` download (`--apple-keys`, `--metadata`) can only
/// reach a local test server (RFC 6761 §6.3 `localhost`; RFC 1122 §3.2.1.3 `127.0.0.0/8`; RFC 4291 §2.5.3 `::1`).
package enum LoopbackHost {
    /// Whether `host` is `localhost` or a loopback address (`127.0.0.0/8`, `::1`).
    package static func contains(_ host: String?) -> Bool {
        guard let host else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
#endif
