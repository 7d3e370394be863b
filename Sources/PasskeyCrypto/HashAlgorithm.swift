import CPasskeyLibCrypto

/// A hash function used by COSE algorithms (RFC 9053 §2.1, RFC 8812) and by
/// WebAuthn itself (SHA-256 of the RP ID and of clientDataJSON, WebAuthn §6.1 and §5.8.1).
public enum HashAlgorithm: Sendable, Hashable {
    /// SHA-1. Only for attestation statements that require it (TPM `RS1`), never for assertions.
    case sha1
    /// SHA-256.
    case sha256
    /// SHA-384.
    case sha384
    /// SHA-512.
    case sha512

    /// The length of a digest in bytes.
    public var digestLength: Int {
        switch self {
        case .sha1: return 20
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The digest of `bytes`.
    ///
    /// One `EVP_Digest` call with the digest fetched once per process (``MessageDigest``): OpenSSL 3's
    /// one-shot `SHA256()` family fetches the algorithm by name on every call, which costs several times
    /// the hashing of a short input (Docs/Performance.md).
    public func hash(_ bytes: [UInt8]) -> [UInt8] {
        let length = digestLength
        if let digest = MessageDigest.pointer(for: self) {
            let output = bytes.withUnsafeBufferPointer { input in
                [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                    var written: UInt32 = 0
                    let status = EVP_Digest(input.baseAddress, input.count, buffer.baseAddress, &written, digest, nil)
                    initialized = status == 1 && Int(written) == length ? length : 0
                }
            }
            if output.count == length {
                return output
            }
            ERR_clear_error()
        }
        var output = [UInt8](repeating: 0, count: length)
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                let base = input.baseAddress
                let count = input.count
                switch self {
                case .sha1: _ = SHA1(base, count, out.baseAddress)
                case .sha256: _ = SHA256(base, count, out.baseAddress)
                case .sha384: _ = SHA384(base, count, out.baseAddress)
                case .sha512: _ = SHA512(base, count, out.baseAddress)
                }
            }
        }
        return output
    }
}
