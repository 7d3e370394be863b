import PasskeyCrypto

/// The rule that an `x5c` chain does not carry its root (Docs/Decisions.md "Roots in x5c"): a certificate after
/// the attestation certificate whose subject is its issuer (self-issued, RFC 5280 §3.2, §6.1: a root) is refused by
/// the `packed` (§8.2) and `tpm` (§8.3) formats.
///
/// The trust anchor is the relying party's (its configured roots, a metadata entry's `attestationRootCertificates`),
/// never the message's: a root in `x5c` adds nothing the verifier may use, and a statement that sends one is not
/// what those formats' authenticators send (the FIDO2 server conformance tests refuse it). A lone self-signed
/// attestation certificate (a batch certificate that a metadata entry lists as its own root) is not refused: it
/// is the attestation certificate itself. `android-key` chains do end at Google's root on real devices, so that
/// format keeps them; `fido-u2f` allows one certificate only (§8.6).
enum SentRootCertificate {
    /// Throws `invalidAttestationStatement` when a certificate of `chain` after the first is self-issued.
    static func refuse(in chain: [Certificate], format: String) throws(WebAuthnError) {
        for (depth, certificate) in chain.enumerated().dropFirst() where certificate.subject == certificate.issuer {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the \(format) x5c carries a root (depth \(depth), self-issued: \(certificate.subject)); the trust "
                    + "anchor must come from the relying party's roots or metadata, not from the attestation statement"
            )
        }
    }
}
