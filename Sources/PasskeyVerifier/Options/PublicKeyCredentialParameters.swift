import PasskeyCrypto

/// A credential type and algorithm the relying party accepts (WebAuthn Level 3 §5.3
/// `PublicKeyCredentialParameters`); `pubKeyCredParams` lists them most preferred first.
public struct PublicKeyCredentialParameters: Codable, Sendable, Hashable {
    /// `type`: always `public-key` (§5.8.2).
    public var type: String
    /// `alg`: the COSE algorithm identifier (§5.8.5).
    public var alg: Int64

    /// Creates the parameters for `algorithm`.
    public init(algorithm: COSEAlgorithm) {
        self.type = "public-key"
        self.alg = algorithm.rawValue
    }

    /// `alg` as a `COSEAlgorithm`.
    public var algorithm: COSEAlgorithm { COSEAlgorithm(rawValue: alg) }
}
