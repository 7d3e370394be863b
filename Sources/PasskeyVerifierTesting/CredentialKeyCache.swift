import PasskeyVerifier

/// Parsed stored keys, so that a run over many ceremonies of the same credentials (a `passkey-verify batch`
/// file, a replay) imports each COSE_Key once (WebAuthn Level 3 §6.5.1.1): an import costs about a quarter
/// of an ES256 verification, and a parsed ``COSEKey`` also keeps its verification contexts.
///
/// Bounded: at most ``capacity`` keys; when full, the oldest half is dropped. Not thread-safe: give each
/// thread its own.
public struct CredentialKeyCache: Sendable {
    /// The most keys kept.
    public let capacity: Int
    private var keys: [String: COSEKey] = [:]
    private var order: [String] = []

    /// Creates an empty cache of at most `capacity` keys (at least 1).
    public init(capacity: Int = 1024) {
        self.capacity = max(1, capacity)
    }

    /// The key the text `encoded` (a recorded `publicKey`) was parsed into earlier, if any.
    public func key(for encoded: String) -> COSEKey? {
        keys[encoded]
    }

    /// Remembers `key` as the parse of `encoded`.
    public mutating func remember(_ key: COSEKey, for encoded: String) {
        guard keys[encoded] == nil else { return }
        if keys.count >= capacity {
            let dropped = order.prefix(max(1, capacity / 2))
            for text in dropped { keys[text] = nil }
            order.removeFirst(dropped.count)
        }
        keys[encoded] = key
        order.append(encoded)
    }

    /// How many keys are kept.
    public var count: Int { keys.count }
}
