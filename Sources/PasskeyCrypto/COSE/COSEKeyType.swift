/// The COSE key type (`kty`, label 1) of a COSE_Key (RFC 9053 §7, RFC 8230 §4; IANA "COSE Key Types").
public enum COSEKeyType: Int64, Sendable {
    /// Octet key pair: EdDSA public keys (RFC 9053 §7.2).
    case okp = 1
    /// Elliptic curve key with x and y coordinates (RFC 9053 §7.1.1).
    case ec2 = 2
    /// RSA public key (RFC 8230 §4).
    case rsa = 3
    /// Algorithm key pair: a key whose algorithm defines its encoding, such as ML-DSA, with the public key in
    /// `pub` (label -1) (draft-ietf-cose-dilithium §4).
    case algorithmKeyPair = 7
}
