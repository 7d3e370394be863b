/// Certificates already parsed, keyed by their exact DER, so that the certificates many registrations share —
/// a vendor's batch attestation certificate (`packed`, `fido-u2f`), the Apple WebAuthn intermediate — are
/// decoded once per process: OpenSSL 3.0 takes about 100 µs to decode one (Docs/Performance.md), more than two
/// P-256 verifications.
///
/// Parsing is a pure function of the bytes, so a cached ``Certificate`` is exactly what parsing the same bytes
/// again would give; a certificate with any byte changed is another key, parsed afresh and verified as usual.
/// Nothing about trust is cached here: every chain is still validated. Bounded to ``capacity`` entries; when
/// full, the cache is emptied (a flood of distinct certificates costs parsing, never memory). Thread-safe.
final class ParsedCertificateCache: @unchecked Sendable {
    /// The most certificates kept.
    static let capacity = 256
    /// The largest certificate kept; bigger ones are parsed every time.
    static let maximumCertificateLength = 8192

    /// The process-wide cache.
    static let shared = ParsedCertificateCache()

    private let mutex = PosixMutex()
    private var certificates: [[UInt8]: Certificate] = [:]

    private init() {}

    /// The certificate `der` parses into, from the cache or parsed now (and then cached).
    func certificate(derEncoded der: [UInt8]) throws -> Certificate {
        guard der.count <= Self.maximumCertificateLength else { return try Certificate(derEncoded: der) }
        if let cached = mutex.withLock({ certificates[der] }) { return cached }
        let parsed = try Certificate(derEncoded: der)
        mutex.withLock {
            if certificates.count >= Self.capacity {
                certificates.removeAll(keepingCapacity: true)
            }
            certificates[der] = parsed
        }
        return parsed
    }

    /// How many certificates are kept.
    var count: Int { mutex.withLock { certificates.count } }
}
