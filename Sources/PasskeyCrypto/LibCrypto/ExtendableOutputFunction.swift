import CPasskeyLibCrypto

/// SHAKE128 and SHAKE256 (FIPS 202 §6.2) from libcrypto, the extendable-output functions of ML-DSA
/// (FIPS 204 §3.7: `H` is SHAKE256, `G` is SHAKE128).
///
/// libcrypto 3.0 has no incremental squeeze (`EVP_DigestSqueeze` arrived in 3.3), so a caller asks for the
/// whole output length at once; an XOF's output for a longer length starts with its output for a shorter one
/// (FIPS 202 §4), so a caller that runs out asks again for more and reads on where it stopped.
///
/// `@unchecked Sendable` is safe: a fetched `EVP_MD` is immutable and meant to be shared.
final class ExtendableOutputFunction: @unchecked Sendable {
    /// The fetched digest, or `nil` when the provider does not offer it.
    private let digest: OpaquePointer?
    let name: String

    private init(name: String) {
        self.name = name
        self.digest = EVP_MD_fetch(nil, name, nil)
    }

    deinit {
        EVP_MD_free(digest)
    }

    /// SHAKE128, ML-DSA's `G` (FIPS 204 §3.7).
    static let shake128 = ExtendableOutputFunction(name: "SHAKE128")
    /// SHAKE256, ML-DSA's `H` (FIPS 204 §3.7).
    static let shake256 = ExtendableOutputFunction(name: "SHAKE256")

    /// The first `length` output bytes of the function over the concatenation of `parts`.
    ///
    /// Throws ``CryptoError/Code/libcryptoFailure`` when libcrypto does not provide the function or fails.
    func output(of parts: [[UInt8]], length: Int) throws -> [UInt8] {
        guard let digest else {
            throw CryptoError(.libcryptoFailure, "libcrypto does not provide \(name)")
        }
        guard length > 0 else { return [] }
        guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, digest, nil) == 1 else { throw LibCrypto.failure("EVP_DigestInit_ex") }
        for part in parts where !part.isEmpty {
            let status = part.withUnsafeBufferPointer { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            guard status == 1 else { throw LibCrypto.failure("EVP_DigestUpdate") }
        }
        var output = [UInt8](repeating: 0, count: length)
        let status = output.withUnsafeMutableBufferPointer {
            EVP_DigestFinalXOF(context, $0.baseAddress, $0.count)
        }
        guard status == 1 else { throw LibCrypto.failure("EVP_DigestFinalXOF") }
        return output
    }
}
