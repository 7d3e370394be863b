/// A deliberate flaw in the certificates a ``VirtualAttestation`` authority issues, for negative tests of the
/// attestation trust path (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`,
/// `#reg-ceremony-assess-trust`; RFC 5280 §6.1) and of the attestation certificate requirements (§8.2.1 packed, §8.3.1
/// tpm, §8.6 fido-u2f).
///
/// Validity defects are placed inside the authority's own validity so that only the named certificate is at
/// fault: an expired certificate is valid for the first day of the authority's `notValidBefore` only, a
/// not-yet-valid one for the last day before its `notValidAfter` only. With the defaults (2020-01-01 to
/// 9999-12-31) both are out of validity at any realistic verification instant.
///
/// What this library's verifiers do with each (pinned by `VirtualAttestationDefectTests`):
/// - ``expiredLeaf``, ``notYetValidLeaf``, ``expiredIntermediate``, ``notYetValidIntermediate``: the chain does not
///   validate, `untrustedAttestation`.
/// - ``reversedChainOrder``: `x5c[0]` is then the intermediate, whose key did not sign: `invalidSignature`
///   (`invalidAttestationStatement` when `alg` does not even fit the intermediate's P-256 key, as for an RSA AIK).
/// - ``leafOnWrongCurve``: `invalidAttestationStatement` (fido-u2f requires P-256; packed and tpm reject an
///   `alg` that does not fit the key).
/// - ``mismatchedAAGUIDExtension``, ``certificateAuthorityLeaf``: `invalidAttestationStatement` for packed and
///   tpm; a CA leaf is accepted for fido-u2f and android-key, whose sections set no basic constraints rule.
/// - ``wrongOrganizationalUnit``: `invalidAttestationStatement`.
/// - ``missingAAGUIDExtension``: accepted, as §8.2.1 and §8.3.1 make the extension optional.
public enum CertificateDefect: Sendable, Hashable, CaseIterable {
    /// The attestation (leaf) certificate's validity ended before the verification instant (RFC 5280 §4.1.2.5).
    case expiredLeaf
    /// The attestation (leaf) certificate's validity starts after the verification instant.
    case notYetValidLeaf
    /// The intermediate CA certificate has expired; implies issuing through an intermediate.
    case expiredIntermediate
    /// The intermediate CA certificate is not yet valid; implies issuing through an intermediate.
    case notYetValidIntermediate
    /// `x5c` lists the intermediate before the leaf, against §6.5.5 ("the attestation certificate … followed by
    /// its certificate chain"); implies issuing through an intermediate.
    case reversedChainOrder
    /// The attestation key is on P-384 while the statement declares ES256 (packed, tpm), or fido-u2f requires
    /// P-256 (§8.6.2 step 2). Not for `android-key`, whose leaf key is the credential key.
    case leafOnWrongCurve
    /// The leaf has no `id-fido-gen-ce-aaguid` extension (1.3.6.1.4.1.45724.1.1.4, §8.2.1, §8.3.1). For packed
    /// and tpm only.
    case missingAAGUIDExtension
    /// The leaf's AAGUID extension names another AAGUID than the authenticator data (§8.2.2 step 2, §8.3.2).
    /// For packed and tpm only.
    case mismatchedAAGUIDExtension
    /// The leaf's basic constraints say `cA` TRUE, which §8.2.1 and §8.3.1 forbid.
    case certificateAuthorityLeaf
    /// The packed attestation certificate's subject OU is `Authenticator`, not `Authenticator Attestation`
    /// (§8.2.1). For packed only.
    case wrongOrganizationalUnit

    /// Whether the defect needs an intermediate CA between the root and the leaf.
    var needsIntermediate: Bool {
        switch self {
        case .expiredIntermediate, .notYetValidIntermediate, .reversedChainOrder: return true
        default: return false
        }
    }
}
