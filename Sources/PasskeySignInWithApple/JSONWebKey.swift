import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier

/// One RSA signature key of a JSON Web Key Set (RFC 7517 §4, RFC 7518 §6.3.1), as Apple publishes the keys
/// that sign identity tokens.
///
/// Read strictly: `kid` a non-empty string, `n` and `e` strict base64url without padding and without leading
/// zero octets (RFC 7518 §6.3.1.1, §6.3.1.2), a modulus of at least 2048 bits, an odd exponent greater than 1,
/// and no private member (`d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`; RFC 7518 §6.3.2). The key is imported into
/// libcrypto once, when the set is read.
public struct JSONWebKey: Sendable, Hashable {
    /// `kid` (RFC 7517 §4.5): how a JWS header names this key.
    public let keyIdentifier: String
    /// `alg` (RFC 7517 §4.4) when present; only `RS256` keys are kept.
    public let algorithmName: String?
    /// `n`, big-endian (RFC 7518 §6.3.1.1).
    public let modulus: [UInt8]
    /// `e`, big-endian (RFC 7518 §6.3.1.2).
    public let exponent: [UInt8]
    /// The key in verifiable form.
    let publicKey: PublicKey

    /// Builds the key from its decoded members; every problem is `WebAuthnError/Code/identityTokenMalformed`.
    init(keyIdentifier: String, algorithmName: String?, modulus: [UInt8], exponent: [UInt8]) throws(WebAuthnError) {
        let coseMap: [(Int64, CBORValue)] = [
            (1, CBORValue(integer: COSEKeyType.rsa.rawValue)),
            (3, CBORValue(integer: COSEAlgorithm.rs256.rawValue)),
            (-1, .byteString(modulus)),
            (-2, .byteString(exponent)),
        ]
        do {
            let key = try COSEKey(
                cbor: .map(CBORMap(entries: coseMap.map { CBORMap.Entry(key: CBORValue(integer: $0.0), value: $0.1) }))
            )
            publicKey = key.publicKey
        } catch {
            throw WebAuthnError(
                .identityTokenMalformed,
                "the JSON Web Key \"\(keyIdentifier.prefix(64))\" is not a usable RSA key: \(error)"
            )
        }
        self.keyIdentifier = keyIdentifier
        self.algorithmName = algorithmName
        self.modulus = modulus
        self.exponent = exponent
    }

    /// Keys are equal when their identifiers and public members are.
    public static func == (lhs: JSONWebKey, rhs: JSONWebKey) -> Bool {
        lhs.keyIdentifier == rhs.keyIdentifier && lhs.algorithmName == rhs.algorithmName
            && lhs.modulus == rhs.modulus && lhs.exponent == rhs.exponent
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyIdentifier)
        hasher.combine(modulus)
        hasher.combine(exponent)
    }
}
