#if Hummingbird
/// What `--metadata-policy` gives an authenticator whose attestation the FIDO metadata does not vouch for: one the
/// BLOB does not list, whose attestation does not reach its entry's roots, or (with `--minimum-certification`)
/// one below the level (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`;
/// FIDO Metadata Service v3.0 §3.2).
public enum UnlistedAuthenticatorPolicy: String, Sendable, Hashable, CaseIterable {
    /// The registration fails (`untrustedAttestation`, `uncertifiedAuthenticator`): only authenticators the
    /// metadata vouches for register, so `none` and `self` attestation (no chain to an entry's roots) fail too.
    case refuse
    /// The registration succeeds with its attestation reported as unverified; `--minimum-certification` cannot
    /// be combined with it. An authenticator whose metadata reports a compromise is refused all the same.
    case acceptUnverified = "accept-unverified"
}
#endif
