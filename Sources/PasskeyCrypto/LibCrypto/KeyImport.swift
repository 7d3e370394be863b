import CPasskeyLibCrypto

/// Builds libcrypto keys from raw public components (`EVP_PKEY_fromdata`, `EVP_PKEY_new_raw_public_key_ex`).
enum KeyImport {
    /// An EC public key from the uncompressed point `04 || x || y` on `curve`. libcrypto decodes the point
    /// with `EC_POINT_oct2point`, which rejects points that are not on the curve.
    static func ellipticCurvePublicKey(uncompressedPoint point: [UInt8], curve: COSEEllipticCurve) -> EVPKeyHandle? {
        let groupName = curve.groupName
        return point.withUnsafeBufferPointer { pointBuffer -> EVPKeyHandle? in
            guard let pointBase = pointBuffer.baseAddress else { return nil }
            guard let builder = OSSL_PARAM_BLD_new() else { return nil }
            defer { OSSL_PARAM_BLD_free(builder) }
            guard OSSL_PARAM_BLD_push_utf8_string(builder, cString("group"), cString(groupName), 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(builder, cString("pub"), pointBase, pointBuffer.count) == 1,
                let parameters = OSSL_PARAM_BLD_to_param(builder)
            else { return nil }
            defer { OSSL_PARAM_free(parameters) }
            return fromData(algorithm: "EC", selection: CPasskeyLibCrypto_selection_public_key(), parameters)
        }
    }

    /// An RSA public key from big-endian modulus and exponent bytes.
    static func rsaPublicKey(modulus: [UInt8], exponent: [UInt8]) -> EVPKeyHandle? {
        guard let n = bigNumber(modulus) else { return nil }
        defer { BN_free(n) }
        guard let e = bigNumber(exponent) else { return nil }
        defer { BN_free(e) }
        guard let builder = OSSL_PARAM_BLD_new() else { return nil }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard OSSL_PARAM_BLD_push_BN(builder, cString("n"), n) == 1,
            OSSL_PARAM_BLD_push_BN(builder, cString("e"), e) == 1,
            let parameters = OSSL_PARAM_BLD_to_param(builder)
        else { return nil }
        defer { OSSL_PARAM_free(parameters) }
        return fromData(algorithm: "RSA", selection: CPasskeyLibCrypto_selection_public_key(), parameters)
    }

    /// An Ed25519 or Ed448 public key from its raw encoding (RFC 8032 §5.1.5, §5.2.5).
    static func edwardsCurvePublicKey(_ raw: [UInt8], curve: COSEEllipticCurve) -> EVPKeyHandle? {
        let name = curve == .ed448 ? "ED448" : "ED25519"
        return raw.withUnsafeBufferPointer { buffer -> EVPKeyHandle? in
            guard let key = EVP_PKEY_new_raw_public_key_ex(nil, name, nil, buffer.baseAddress, buffer.count) else {
                return nil
            }
            return EVPKeyHandle(taking: key)
        }
    }

    /// A pointer to the NUL-terminated bytes of a string literal, valid for the life of the process.
    /// `OSSL_PARAM` keys and `OSSL_PARAM_BLD` strings are kept by pointer, not copied, so a temporary
    /// C string bridged from a Swift `String` would dangle.
    static func cString(_ literal: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// A BIGNUM from big-endian bytes; the caller frees it.
    static func bigNumber(_ bytes: [UInt8]) -> OpaquePointer? {
        guard let length = Int32(exactly: bytes.count) else { return nil }
        return LibCrypto.withBytes(bytes) { pointer, _ in BN_bin2bn(pointer, length, nil) }
    }

    /// Runs `EVP_PKEY_fromdata` for `algorithm` with `parameters`.
    static func fromData(
        algorithm: String,
        selection: Int32,
        _ parameters: UnsafeMutablePointer<OSSL_PARAM>
    ) -> EVPKeyHandle? {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, algorithm, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_fromdata_init(context) == 1 else { return nil }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata(context, &key, selection, parameters) == 1, let key else { return nil }
        return EVPKeyHandle(taking: key)
    }
}
