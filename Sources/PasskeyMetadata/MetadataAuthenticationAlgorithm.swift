import PasskeyCrypto

/// The COSE algorithm (and curve) an `authenticationAlgorithms` name of a metadata statement stands for (FIDO
/// Metadata Statement v3.0 §4 `authenticationAlgorithms`; FIDO Registry of Predefined Values v2.2 §3.6.1
/// "Authentication Algorithms", whose `ALG_SIGN_…` names it lists in lowercase; RFC 9053, RFC 8812 for the COSE
/// identifiers).
///
/// A name stands for one signature algorithm over one key type: `secp256r1_ecdsa_sha256_raw` is ES256 with a P-256
/// key, `ed25519_eddsa_sha512_raw` EdDSA with an Ed25519 key. The `_raw` and `_der` variants differ only in how a
/// UAF authenticator encodes the signature, so they stand for the same COSE algorithm. Names this table does not
/// hold (`sm2_sm3_raw`, which COSE does not name, and names registered later) are unknown: a list holding one
/// cannot rule an algorithm out.
struct MetadataAuthenticationAlgorithm: Sendable, Hashable {
    /// The COSE algorithm.
    let algorithm: COSEAlgorithm
    /// The curve of an EC2 or OKP key, `nil` for RSA.
    let curve: COSEEllipticCurve?

    /// The algorithms an `authenticationAlgorithms` name stands for, `nil` when the name is unknown. Names are
    /// compared as written in lowercase, as the registry defines them.
    static func named(_ name: String) -> [MetadataAuthenticationAlgorithm]? {
        switch name {
        case "secp256r1_ecdsa_sha256_raw", "secp256r1_ecdsa_sha256_der":
            return [Self(algorithm: .es256, curve: .p256)]
        case "secp384r1_ecdsa_sha384_raw":
            return [Self(algorithm: .es384, curve: .p384)]
        // The registry's v2.1 spelled the P-521 name `secp512r1`; statements written then keep it.
        case "secp521r1_ecdsa_sha512_raw", "secp512r1_ecdsa_sha512_raw":
            return [Self(algorithm: .es512, curve: .p521)]
        case "secp256k1_ecdsa_sha256_raw", "secp256k1_ecdsa_sha256_der":
            return [Self(algorithm: COSEAlgorithm(rawValue: -47), curve: nil)]
        case "ed25519_eddsa_sha512_raw":
            return [Self(algorithm: .edDSA, curve: .ed25519), Self(algorithm: .ed25519, curve: .ed25519)]
        case "ed448_eddsa_sha512_raw":
            return [Self(algorithm: .edDSA, curve: .ed448), Self(algorithm: .ed448, curve: .ed448)]
        case "rsassa_pss_sha256_raw", "rsassa_pss_sha256_der":
            return [Self(algorithm: .ps256, curve: nil)]
        case "rsassa_pss_sha384_raw":
            return [Self(algorithm: .ps384, curve: nil)]
        case "rsassa_pss_sha512_raw":
            return [Self(algorithm: .ps512, curve: nil)]
        // `rsa_emsa_pkcs1_sha256_*` is the older name of RSASSA-PKCS1-v1_5 with SHA-256 (Windows Hello's
        // statements used it).
        case "rsassa_pkcsv15_sha256_raw", "rsa_emsa_pkcs1_sha256_raw", "rsa_emsa_pkcs1_sha256_der":
            return [Self(algorithm: .rs256, curve: nil)]
        case "rsassa_pkcsv15_sha384_raw":
            return [Self(algorithm: .rs384, curve: nil)]
        case "rsassa_pkcsv15_sha512_raw":
            return [Self(algorithm: .rs512, curve: nil)]
        case "rsassa_pkcsv15_sha1_raw":
            return [Self(algorithm: .rs1, curve: nil)]
        default:
            return nil
        }
    }

    /// Whether a list of `authenticationAlgorithms` names admits a signature made with `algorithm` by a key on
    /// `curve` (`nil` for RSA): `true` when the list is empty, holds an unknown name, or names that algorithm (on
    /// that curve, for EC2 and OKP keys).
    static func admits(_ algorithm: COSEAlgorithm, curve: COSEEllipticCurve?, names: [String]) -> Bool {
        for name in names {
            guard let candidates = named(name) else { return true }
            if candidates.contains(where: { $0.algorithm == algorithm && ($0.curve == nil || $0.curve == curve) }) {
                return true
            }
        }
        return names.isEmpty
    }
}
