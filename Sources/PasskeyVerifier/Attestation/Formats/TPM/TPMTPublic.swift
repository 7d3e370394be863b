import PasskeyCrypto

/// `TPMT_PUBLIC`, the public area of the TPM key that is the credential key: the `pubArea` member of a
/// `tpm` attestation statement (WebAuthn Level 3 §8.3; TPM 2.0 Library Part 2 §12.2.4).
///
/// Parsed strictly: big-endian, every length checked, no trailing bytes. Only RSA and ECC objects are
/// accepted (a credential key is never a keyed hash or a symmetric cipher); the `symmetric`, `scheme` and
/// `kdf` members may carry any of the layouts the TPM 2.0 Library defines for signing, encryption and key
/// exchange schemes, and are otherwise not interpreted.
package struct TPMTPublic: Sendable, Hashable {
    /// The public key in `unique` with its parameters (TPM 2.0 Part 2 §12.2.3.5 and §12.2.3.6).
    package enum Key: Sendable, Hashable {
        /// `TPMS_RSA_PARMS` and `TPM2B_PUBLIC_KEY_RSA`: `exponent` 0 means 65537.
        case rsa(keyBits: UInt16, exponent: UInt32, modulus: [UInt8])
        /// `TPMS_ECC_PARMS` and `TPMS_ECC_POINT`.
        case ecc(curveID: UInt16, x: [UInt8], y: [UInt8])
    }

    /// The structure exactly as received; its hash is part of the Name.
    package let bytes: [UInt8]
    /// `type`: `TPM_ALG_RSA` or `TPM_ALG_ECC`.
    package let type: UInt16
    /// `nameAlg`: the hash of the object's Name.
    package let nameAlg: UInt16
    /// The hash function `nameAlg` names.
    package let nameHashAlgorithm: HashAlgorithm
    /// `objectAttributes` (TPMA_OBJECT), not interpreted.
    package let objectAttributes: UInt32
    /// `authPolicy`, not interpreted.
    package let authPolicy: [UInt8]
    /// The public key.
    package let key: Key

    /// Parses a marshalled `TPMT_PUBLIC`; throws `invalidAttestationStatement` for anything else.
    package init(bytes: [UInt8]) throws(WebAuthnError) {
        var reader = TPMReader(bytes, structure: "pubArea")
        let type = try reader.uint16("type")
        let nameAlg = try reader.uint16("nameAlg")
        guard let nameHashAlgorithm = TPMAlgorithmID.hashAlgorithm(nameAlg) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea nameAlg \(TPMAlgorithmID.hex(nameAlg)) is not SHA-1, SHA-256, SHA-384 or SHA-512"
            )
        }
        let objectAttributes = try reader.uint32("objectAttributes")
        let authPolicy = try reader.sizedBuffer("authPolicy")
        let key: Key
        switch type {
        case TPMAlgorithmID.rsa:
            try Self.skipSymmetric(&reader)
            try Self.skipRSAScheme(&reader)
            let keyBits = try reader.uint16("keyBits")
            let exponent = try reader.uint32("exponent")
            let modulus = try reader.sizedBuffer("unique (RSA modulus)")
            guard modulus.count * 8 == Int(keyBits) else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the tpm pubArea declares a \(keyBits)-bit RSA key but its modulus has \(modulus.count) bytes"
                )
            }
            key = .rsa(keyBits: keyBits, exponent: exponent, modulus: modulus)
        case TPMAlgorithmID.ecc:
            try Self.skipSymmetric(&reader)
            try Self.skipECCScheme(&reader)
            let curveID = try reader.uint16("curveID")
            try Self.skipKDF(&reader)
            let x = try reader.sizedBuffer("unique x")
            let y = try reader.sizedBuffer("unique y")
            key = .ecc(curveID: curveID, x: x, y: y)
        default:
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea type \(TPMAlgorithmID.hex(type)) is neither TPM_ALG_RSA nor TPM_ALG_ECC"
            )
        }
        try reader.requireEnd()
        self.bytes = bytes
        self.type = type
        self.nameAlg = nameAlg
        self.nameHashAlgorithm = nameHashAlgorithm
        self.objectAttributes = objectAttributes
        self.authPolicy = authPolicy
        self.key = key
    }

    /// The object's Name: `nameAlg` (2 bytes, big-endian) followed by `H_nameAlg(pubArea)` (TPM 2.0 Part 1 §16).
    package var name: [UInt8] {
        [UInt8(truncatingIfNeeded: nameAlg >> 8), UInt8(truncatingIfNeeded: nameAlg)]
            + nameHashAlgorithm.hash(bytes)
    }

    /// `TPMT_SYM_DEF_OBJECT`: `TPM_ALG_NULL`, or a block cipher with `keyBits` and `mode`.
    private static func skipSymmetric(_ reader: inout TPMReader) throws(WebAuthnError) {
        let algorithm = try reader.uint16("symmetric.algorithm")
        switch algorithm {
        case TPMAlgorithmID.null:
            return
        case TPMAlgorithmID.aes, TPMAlgorithmID.sm4, TPMAlgorithmID.camellia:
            _ = try reader.uint16("symmetric.keyBits")
            _ = try reader.uint16("symmetric.mode")
        default:
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea symmetric algorithm \(TPMAlgorithmID.hex(algorithm)) is not supported"
            )
        }
    }

    /// `TPMT_RSA_SCHEME`: `TPM_ALG_NULL`, `TPM_ALG_RSAES` (no details), or RSASSA, RSAPSS or OAEP with a
    /// `hashAlg` (TPM 2.0 Part 2 §11.2.4.2).
    private static func skipRSAScheme(_ reader: inout TPMReader) throws(WebAuthnError) {
        let scheme = try reader.uint16("scheme.scheme")
        switch scheme {
        case TPMAlgorithmID.null, TPMAlgorithmID.rsaes:
            return
        case TPMAlgorithmID.rsassa, TPMAlgorithmID.rsapss, TPMAlgorithmID.oaep:
            _ = try reader.uint16("scheme.hashAlg")
        default:
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea RSA scheme \(TPMAlgorithmID.hex(scheme)) is not supported"
            )
        }
    }

    /// `TPMT_ECC_SCHEME`: `TPM_ALG_NULL`, ECDAA with a `hashAlg` and a `count`, or ECDSA, ECDH, SM2,
    /// ECSCHNORR or ECMQV with a `hashAlg` (TPM 2.0 Part 2 §11.2.5.6).
    private static func skipECCScheme(_ reader: inout TPMReader) throws(WebAuthnError) {
        let scheme = try reader.uint16("scheme.scheme")
        switch scheme {
        case TPMAlgorithmID.null:
            return
        case TPMAlgorithmID.ecdaa:
            _ = try reader.uint16("scheme.hashAlg")
            _ = try reader.uint16("scheme.count")
        case TPMAlgorithmID.ecdsa, TPMAlgorithmID.ecdh, TPMAlgorithmID.sm2, TPMAlgorithmID.ecschnorr,
            TPMAlgorithmID.ecmqv:
            _ = try reader.uint16("scheme.hashAlg")
        default:
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea ECC scheme \(TPMAlgorithmID.hex(scheme)) is not supported"
            )
        }
    }

    /// `TPMT_KDF_SCHEME`: `TPM_ALG_NULL` or a key derivation function with a `hashAlg`.
    private static func skipKDF(_ reader: inout TPMReader) throws(WebAuthnError) {
        let kdf = try reader.uint16("kdf.scheme")
        switch kdf {
        case TPMAlgorithmID.null:
            return
        case TPMAlgorithmID.mgf1, TPMAlgorithmID.kdf1SP800_56A, TPMAlgorithmID.kdf2, TPMAlgorithmID.kdf1SP800_108:
            _ = try reader.uint16("kdf.hashAlg")
        default:
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the tpm pubArea kdf \(TPMAlgorithmID.hex(kdf)) is not supported"
            )
        }
    }
}
