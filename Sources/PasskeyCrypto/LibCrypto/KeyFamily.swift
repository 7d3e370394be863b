/// The families of public keys this library verifies with.
enum KeyFamily: Sendable, Hashable {
    /// ECDSA on a Weierstrass curve (libcrypto "EC").
    case ellipticCurve
    /// EdDSA on Ed25519 or Ed448.
    case edwardsCurve
    /// RSA.
    case rsa
    /// ML-DSA (FIPS 204), verified in Swift (``MLDSAPublicKey``).
    case moduleLattice
}
