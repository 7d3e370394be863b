import PasskeyCrypto

/// Verification of an attestation signature made with an attestation certificate's key, the step the
/// x5c formats share (WebAuthn Level 3 §8.2 step 2, §8.3, §8.4, §8.6).
enum AttestationSignature {
    /// Verifies `signature` over `message` with `certificate`'s key and `algorithm`.
    /// - Throws: `invalidAttestationStatement` when `algorithm` does not fit the key, `invalidSignature`
    ///   when the signature does not verify.
    static func verify(
        _ signature: [UInt8],
        over message: [UInt8],
        with certificate: Certificate,
        algorithm: COSEAlgorithm,
        format: String,
        certificateName: String = "attestation certificate"
    ) throws(WebAuthnError) {
        let verified: Bool
        do {
            verified = try certificate.publicKey.isValidSignature(signature, for: message, algorithm: algorithm)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "\(format) alg \(algorithm) does not fit the \(certificateName)'s key: \(error)"
            )
        }
        guard verified else {
            throw WebAuthnError(
                .invalidSignature,
                "the \(format) attestation signature does not verify with the \(certificateName)'s key"
            )
        }
    }
}
