import PasskeyCrypto

/// What a verified App Attest attestation establishes: an attested key to store and check
/// later assertions with (Apple DeviceCheck, "Validating apps that connect to your server",
/// "Store the public key and receipt").
public struct AppAttestKey: Sendable, Hashable {
    /// The key identifier: SHA-256 of the key's uncompressed P-256 point, 32 bytes (the
    /// `keyId` `DCAppAttestService.generateKey` returned, base64-decoded).
    public let keyID: [UInt8]
    /// The attested public key (EC P-256). Store `publicKey.subjectPublicKeyInfo` and rebuild it
    /// with `PublicKey(subjectPublicKeyInfo:)` to verify assertions.
    public let publicKey: PublicKey
    /// The environment the attestation came from.
    public let environment: AppAttestEnvironment
    /// The sign counter of the attestation, always 0; the first assertion must exceed it.
    public let signCount: UInt32
    /// The App Attest receipt (a PKCS #7 container signed by Apple), not verified here; send it to
    /// Apple's fraud metric service to assess risk.
    public let receipt: [UInt8]
    /// The validated certificate chain, credential certificate first.
    public let certificateChain: [Certificate]

    /// Creates a key record.
    public init(
        keyID: [UInt8],
        publicKey: PublicKey,
        environment: AppAttestEnvironment,
        signCount: UInt32,
        receipt: [UInt8],
        certificateChain: [Certificate]
    ) {
        self.keyID = keyID
        self.publicKey = publicKey
        self.environment = environment
        self.signCount = signCount
        self.receipt = receipt
        self.certificateChain = certificateChain
    }
}
