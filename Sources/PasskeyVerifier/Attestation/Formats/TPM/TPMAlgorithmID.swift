import PasskeyCrypto

/// The `TPM_ALG_ID` and `TPM_ECC_CURVE` values that `tpm` attestation structures use
/// (TCG Algorithm Registry; TPM 2.0 Library Part 2 §6.3 and §6.4; WebAuthn Level 3 §8.3).
package enum TPMAlgorithmID {
    /// `TPM_ALG_RSA`.
    package static let rsa: UInt16 = 0x0001
    /// `TPM_ALG_SHA1`.
    package static let sha1: UInt16 = 0x0004
    /// `TPM_ALG_AES`.
    package static let aes: UInt16 = 0x0006
    /// `TPM_ALG_MGF1`.
    package static let mgf1: UInt16 = 0x0007
    /// `TPM_ALG_SHA256`.
    package static let sha256: UInt16 = 0x000B
    /// `TPM_ALG_SHA384`.
    package static let sha384: UInt16 = 0x000C
    /// `TPM_ALG_SHA512`.
    package static let sha512: UInt16 = 0x000D
    /// `TPM_ALG_NULL`.
    package static let null: UInt16 = 0x0010
    /// `TPM_ALG_SM4`.
    package static let sm4: UInt16 = 0x0013
    /// `TPM_ALG_RSASSA`.
    package static let rsassa: UInt16 = 0x0014
    /// `TPM_ALG_RSAES`.
    package static let rsaes: UInt16 = 0x0015
    /// `TPM_ALG_RSAPSS`.
    package static let rsapss: UInt16 = 0x0016
    /// `TPM_ALG_OAEP`.
    package static let oaep: UInt16 = 0x0017
    /// `TPM_ALG_ECDSA`.
    package static let ecdsa: UInt16 = 0x0018
    /// `TPM_ALG_ECDH`.
    package static let ecdh: UInt16 = 0x0019
    /// `TPM_ALG_ECDAA`.
    package static let ecdaa: UInt16 = 0x001A
    /// `TPM_ALG_SM2`.
    package static let sm2: UInt16 = 0x001B
    /// `TPM_ALG_ECSCHNORR`.
    package static let ecschnorr: UInt16 = 0x001C
    /// `TPM_ALG_ECMQV`.
    package static let ecmqv: UInt16 = 0x001D
    /// `TPM_ALG_KDF1_SP800_56A`.
    package static let kdf1SP800_56A: UInt16 = 0x0020
    /// `TPM_ALG_KDF2`.
    package static let kdf2: UInt16 = 0x0021
    /// `TPM_ALG_KDF1_SP800_108`.
    package static let kdf1SP800_108: UInt16 = 0x0022
    /// `TPM_ALG_ECC`.
    package static let ecc: UInt16 = 0x0023
    /// `TPM_ALG_CAMELLIA`.
    package static let camellia: UInt16 = 0x0026

    /// `TPM_ECC_NIST_P256`.
    package static let eccNISTP256: UInt16 = 0x0003
    /// `TPM_ECC_NIST_P384`.
    package static let eccNISTP384: UInt16 = 0x0004
    /// `TPM_ECC_NIST_P521`.
    package static let eccNISTP521: UInt16 = 0x0005

    /// The hash function of a `TPMI_ALG_HASH` value this library can compute, such as a `nameAlg`.
    package static func hashAlgorithm(_ identifier: UInt16) -> HashAlgorithm? {
        switch identifier {
        case sha1: return .sha1
        case sha256: return .sha256
        case sha384: return .sha384
        case sha512: return .sha512
        default: return nil
        }
    }

    /// The COSE curve (RFC 9053 §7.1) of a `TPM_ECC_CURVE` value, for the NIST curves WebAuthn uses.
    package static func curve(_ identifier: UInt16) -> COSEEllipticCurve? {
        switch identifier {
        case eccNISTP256: return .p256
        case eccNISTP384: return .p384
        case eccNISTP521: return .p521
        default: return nil
        }
    }

    /// `0x000B`-style hexadecimal for error messages.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
