import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// The checks that a registration whose trust a metadata entry decides is consistent with the entry's statement
/// (FIDO Metadata Statement v3.0 §4 `attestationTypes`, `authenticationAlgorithms`; WebAuthn Level 3
/// §7.1 `#reg-ceremony-assess-trust`, "assess the attestation trustworthiness"): a model's statement says which
/// attestation types it makes and which algorithms it signs with, and an attestation that contradicts it is not that
/// model's.
///
/// They apply only when the entry decides trust: the attestation is tied to the entry (``MetadataMatch``), has a
/// trust path, and that path reached a trust anchor. Self and `none` attestations carry no certificate, so the
/// entry lends them nothing to contradict; an entry whose list is empty (or holds an algorithm name the FIDO
/// Registry table here does not know) rules nothing out.
enum MetadataStatementConsistency {
    /// The FIDO Registry name (§3.6.3 "Authenticator Attestation Types") of a verified attestation type (§6.5.3).
    static func registryName(of type: AttestationType) -> String {
        switch type {
        case .basic: return "basic_full"
        case .attCA: return "attca"
        case .anonCA: return "anonca"
        case .`self`: return "basic_surrogate"
        case .none: return "none"
        }
    }

    /// Checks the attestation `type` (as the policy reports it, after ``MetadataTrustPolicy/attestationType(_:entry:)``)
    /// and the algorithms of the `packed` statements among `statements` against `statement`.
    /// - Throws: `untrustedAttestation` when the type is not among `attestationTypes`, or a packed statement's
    ///   `alg` (with its attestation certificate's curve) is not among `authenticationAlgorithms`.
    static func check(
        type: AttestationType,
        statements: [(format: String, map: CBORMap)],
        against statement: MetadataStatement,
        name: String
    ) throws(WebAuthnError) {
        let typeName = registryName(of: type)
        if !statement.attestationTypes.isEmpty, !statement.attestationTypes.contains(typeName) {
            throw WebAuthnError(
                .untrustedAttestation,
                "the attestation is \(typeName), which the metadata statement of \(name) does not declare "
                    + "(attestationTypes \(statement.attestationTypes))"
            )
        }
        for packed in statements where packed.format == "packed" {
            try checkAlgorithm(of: packed.map, against: statement, name: name)
        }
    }

    /// Checks a verified `packed` statement's `alg` (§8.2): with `x5c`, the attestation certificate's key signed
    /// with it (its curve is the one `alg` requires, which the format checked), so `alg` and that curve must be
    /// among the statement's `authenticationAlgorithms`.
    private static func checkAlgorithm(
        of packed: CBORMap,
        against statement: MetadataStatement,
        name: String
    ) throws(WebAuthnError) {
        guard let value = packed[textKey: "alg"]?.integerValue,
            let der = packed[textKey: "x5c"]?.arrayValue?.first?.byteStringValue,
            let leaf = try? Certificate.parsed(derEncoded: der)
        else { return }
        let algorithm = COSEAlgorithm(rawValue: value)
        let curve = leaf.publicKey.ellipticCurve
        guard
            MetadataAuthenticationAlgorithm.admits(
                algorithm, curve: curve, names: statement.authenticationAlgorithms)
        else {
            throw WebAuthnError(
                .untrustedAttestation,
                "the packed attestation is signed with \(algorithm)"
                    + (curve.map { " on \(curveName($0))" } ?? "")
                    + ", which the metadata statement of \(name) does not declare (authenticationAlgorithms "
                    + "\(statement.authenticationAlgorithms))"
            )
        }
    }

    /// A curve's name as RFC 9053 writes it (`P-256`, `Ed25519`, …).
    private static func curveName(_ curve: COSEEllipticCurve) -> String {
        switch curve {
        case .p256: return "P-256"
        case .p384: return "P-384"
        case .p521: return "P-521"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        }
    }
}
