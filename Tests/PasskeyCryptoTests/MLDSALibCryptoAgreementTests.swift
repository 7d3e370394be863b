import CPasskeyLibCrypto
import Foundation
import PasskeyCrypto
import Testing

/// Where the runtime libcrypto has ML-DSA (OpenSSL 3.5 and later: `.ci/openssl-3.5.sh` runs the suite on one),
/// its verdict on every vector is the Swift verifier's. The key is built by name with `EVP_PKEY_fromdata`, as
/// the 3.0 headers allow; on an older runtime the test checks that libcrypto indeed has no ML-DSA.
@Suite struct MLDSALibCryptoAgreementTests {
    /// libcrypto's ML-DSA verdict, or `nil` when the runtime has no ML-DSA.
    static func libCryptoVerdict(
        _ parameterSet: MLDSAParameterSet,
        publicKey: [UInt8],
        signature: [UInt8],
        message: [UInt8],
        context: [UInt8]
    ) -> Bool? {
        guard let keyContext = EVP_PKEY_CTX_new_from_name(nil, "\(parameterSet)", nil) else {
            ERR_clear_error()
            return nil
        }
        defer { EVP_PKEY_CTX_free(keyContext) }
        let publicName = strdup("pub")
        let contextName = strdup("context-string")
        defer {
            free(publicName)
            free(contextName)
        }
        var keyBytes = publicKey
        var key: OpaquePointer?
        let built = keyBytes.withUnsafeMutableBytes { buffer -> Bool in
            var parameters = [
                OSSL_PARAM_construct_octet_string(publicName, buffer.baseAddress, buffer.count),
                OSSL_PARAM_construct_end(),
            ]
            return EVP_PKEY_fromdata_init(keyContext) == 1
                && EVP_PKEY_fromdata(keyContext, &key, CPasskeyLibCrypto_selection_public_key(), &parameters) == 1
        }
        guard built, let key else {
            ERR_clear_error()
            return nil
        }
        defer { EVP_PKEY_free(key) }
        guard let digestContext = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(digestContext) }
        var contextBytes = context + [0]
        let status = contextBytes.withUnsafeMutableBytes { contextBuffer -> Int32 in
            var parameters = [
                OSSL_PARAM_construct_octet_string(contextName, contextBuffer.baseAddress, context.count),
                OSSL_PARAM_construct_end(),
            ]
            guard EVP_DigestVerifyInit_ex(digestContext, nil, nil, nil, nil, key, &parameters) == 1 else { return 0 }
            return signature.withUnsafeBufferPointer { signatureBuffer in
                message.withUnsafeBufferPointer { messageBuffer in
                    EVP_DigestVerify(
                        digestContext, signatureBuffer.baseAddress, signatureBuffer.count, messageBuffer.baseAddress,
                        messageBuffer.count)
                }
            }
        }
        ERR_clear_error()
        return status == 1
    }

    @Test(arguments: MLDSAParameterSet.allCases)
    func libCryptoAndTheSwiftVerifierAgreeOnEveryVector(parameterSet: MLDSAParameterSet) throws {
        let vectors = try MLDSAVector.load(parameterSet)
        let runtimeHasMLDSA =
            Self.libCryptoVerdict(
                parameterSet, publicKey: hexBytes(vectors[0].publicKey), signature: [], message: [], context: []) != nil
        guard runtimeHasMLDSA else {
            let version = LibCryptoVersion.number.split(separator: ".").compactMap { Int($0) }
            #expect(version.count >= 2 && version[0] == 3 && version[1] < 5, "\(LibCryptoVersion.text) lacks ML-DSA")
            print("\(LibCryptoVersion.text) has no ML-DSA: the agreement check needs OpenSSL 3.5 or later")
            return
        }
        for vector in vectors {
            let publicKey = hexBytes(vector.publicKey)
            let signature = hexBytes(vector.signature)
            let message = hexBytes(vector.message)
            let context = hexBytes(vector.context)
            let swift = try MLDSAPublicKey(encoded: publicKey, parameterSet: parameterSet)
                .isValidSignature(signature, for: message, context: context)
            let libCrypto = Self.libCryptoVerdict(
                parameterSet, publicKey: publicKey, signature: signature, message: message, context: context)
            #expect(libCrypto == swift, "\(parameterSet) \(vector.name): libcrypto \(String(describing: libCrypto))")
            #expect(swift == (vector.expected == "valid"), "\(parameterSet) \(vector.name)")
        }
    }
}
