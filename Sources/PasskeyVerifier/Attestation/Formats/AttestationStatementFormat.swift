/// One attestation statement format's verification procedure (WebAuthn Level 3 §6.5.2, §8).
///
/// Registration verification is split by format because each format defines its
/// own statement syntax, signing procedure and trust rules, while the rest of
/// §7.1 is shared. A format verifies the statement's syntax, its signature and
/// its certificates' rules, and validates its trust path against the anchors it
/// was created with. Adding a format is adding one conforming type.
public protocol AttestationStatementFormat: Sendable {
    /// The attestation statement format identifier (`fmt`, §8, IANA "WebAuthn Attestation Statement Format Identifiers").
    var identifier: String { get }

    /// Verifies one statement, returning its attestation type and trust path.
    /// - Throws: ``WebAuthnError`` with `invalidAttestationStatement`, `invalidSignature`,
    ///   `unsupportedAlgorithm` or `untrustedAttestation`.
    func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult
}
