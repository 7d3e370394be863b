/// How far a registration's attestation was found trustworthy (WebAuthn Level 3 §7.1 `#reg-ceremony-assess-trust`).
public enum AttestationTrust: Sendable, Hashable {
    /// The statement has no trust path to assess: `none` (§8.7) or `self` attestation (§8.2).
    case noTrustPath
    /// The trust path chains to a configured trust anchor at the verification instant.
    case trusted
    /// The statement verified, but its trust path does not chain to a configured trust anchor; accepted
    /// under ``UntrustedAttestationPolicy/acceptAsUnverified``. `reason` says why the chain failed.
    case unverified(reason: String)

    /// Whether the attestation is backed by a trusted chain (``trusted``).
    public var isTrustworthy: Bool { self == .trusted }
}
