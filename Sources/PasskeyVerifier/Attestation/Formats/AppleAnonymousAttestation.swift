import PasskeyCrypto

/// The `apple` anonymous attestation statement format (WebAuthn Level 3 §8.8).
///
/// The credential certificate is issued per credential by Apple's anonymization
/// CA; it binds the credential key and, through its nonce extension, this
/// ceremony's authenticator data and client data.
public struct AppleAnonymousAttestation: AttestationStatementFormat {
    /// `"apple"`.
    public let identifier = "apple"
    private let trustPath: TrustPathValidator

    /// Creates the format with the roots its chains must reach (the Apple WebAuthn Root CA by default).
    public init(trustAnchors: [Certificate]) {
        self.trustPath = TrustPathValidator(format: "apple", trustAnchors: trustAnchors)
    }

    /// Verifies an apple statement (§8.8 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(input.statement, format: identifier, allowed: ["x5c"])
        let chain = try members.certificateChain()
        guard let credentialCertificate = chain.first else {
            throw WebAuthnError(.invalidAttestationStatement, "the apple attestation statement has no certificate")
        }
        let expectedNonce = HashAlgorithm.sha256.hash(input.signedData)
        guard let nonceExtension = credentialCertificate.extension(oid: CertificateExtensionValues.appleNonceOID)
        else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the apple credential certificate has no nonce extension \(CertificateExtensionValues.appleNonceOID)"
            )
        }
        let certifiedNonce: [UInt8]
        do {
            certifiedNonce = try CertificateExtensionValues.appleNonce(from: nonceExtension.value)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the apple nonce extension is not SEQUENCE { [1] EXPLICIT OCTET STRING }"
            )
        }
        guard ConstantTime.equals(certifiedNonce, expectedNonce) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the apple nonce does not equal SHA-256(authenticatorData || clientDataHash)"
            )
        }
        let credentialKey = input.attestedCredentialData.credentialPublicKey.publicKey
        guard credentialCertificate.publicKey == credentialKey else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the apple credential certificate's public key is not the credential public key"
            )
        }
        try trustPath.validate(chain, for: input)
        return AttestationResult(type: .anonCA, trustPath: chain)
    }
}
