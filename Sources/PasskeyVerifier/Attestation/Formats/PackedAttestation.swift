import PasskeyCrypto

/// The `packed` attestation statement format (WebAuthn Level 3 §8.2).
///
/// With `x5c` the statement is signed by an attestation key whose certificate
/// must meet §8.2.1 and chain to one of this format's trust anchors (`x5c` must not
/// carry the root itself: Docs/Decisions.md "Roots in x5c"); without it the statement
/// is a self attestation signed by the credential key itself.
public struct PackedAttestation: AttestationStatementFormat {
    /// `"packed"`.
    public let identifier = "packed"
    private let trustPath: TrustPathValidator

    /// Creates the format with the roots its attestation certificates must chain to.
    public init(trustAnchors: [Certificate]) {
        self.trustPath = TrustPathValidator(format: "packed", trustAnchors: trustAnchors)
    }

    /// Verifies a packed statement (§8.2 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(
            input.statement, format: identifier, allowed: ["alg", "sig", "x5c"])
        let algorithm = try members.algorithm("alg")
        let signature = try members.byteString("sig")
        if members.contains("x5c") {
            let chain = try members.certificateChain()
            return try verifyFull(input, algorithm: algorithm, signature: signature, chain: chain)
        }
        return try verifySelf(input, algorithm: algorithm, signature: signature)
    }

    private func verifyFull(
        _ input: AttestationStatementInput,
        algorithm: COSEAlgorithm,
        signature: [UInt8],
        chain: [Certificate]
    ) throws(WebAuthnError) -> AttestationResult {
        guard let leaf = chain.first else {
            throw WebAuthnError(.invalidAttestationStatement, "the packed attestation statement has no certificate")
        }
        try AttestationSignature.verify(
            signature, over: input.signedData, with: leaf, algorithm: algorithm, format: identifier)
        try Self.checkCertificateRequirements(leaf, aaguid: input.attestedCredentialData.aaguid)
        try SentRootCertificate.refuse(in: chain, format: identifier)
        try trustPath.validate(chain, for: input)
        return AttestationResult(type: .basic, trustPath: chain)
    }

    private func verifySelf(
        _ input: AttestationStatementInput,
        algorithm: COSEAlgorithm,
        signature: [UInt8]
    ) throws(WebAuthnError) -> AttestationResult {
        let credentialKey = input.attestedCredentialData.credentialPublicKey
        guard algorithm == credentialKey.algorithm else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "packed self attestation alg \(algorithm) differs from the credential key's alg \(credentialKey.algorithm)"
            )
        }
        guard credentialKey.isValidSignature(signature, for: input.signedData) else {
            throw WebAuthnError(
                .invalidSignature,
                "the packed self attestation signature does not verify with the credential public key"
            )
        }
        return AttestationResult(type: .self, trustPath: [])
    }

    /// The packed attestation certificate requirements (§8.2.1).
    static func checkCertificateRequirements(_ certificate: Certificate, aaguid: AAGUID) throws(WebAuthnError) {
        guard certificate.version == 3 else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the packed attestation certificate is version \(certificate.version); version 3 is required"
            )
        }
        let requiredAttributes = [
            ("2.5.4.6", "C (country)"), ("2.5.4.10", "O (organization)"),
            ("2.5.4.11", "OU (organizational unit)"), ("2.5.4.3", "CN (common name)"),
        ]
        for (oid, name) in requiredAttributes {
            guard let value = certificate.subject.values(forOID: oid).first, !value.isEmpty else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the packed attestation certificate's subject has no \(name): \(certificate.subject)"
                )
            }
        }
        let organizationalUnits = certificate.subject.values(forOID: "2.5.4.11")
        guard organizationalUnits == ["Authenticator Attestation"] else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the packed attestation certificate's subject OU must be \"Authenticator Attestation\", "
                    + "not \(organizationalUnits)"
            )
        }
        if certificate.isCertificateAuthority == true {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the packed attestation certificate is a CA certificate (basic constraints cA is true)"
            )
        }
        try CertificateExtensionValues.checkAAGUIDExtension(
            of: certificate,
            matches: aaguid,
            certificateName: "packed attestation certificate",
            requireNonCritical: true
        )
    }
}
