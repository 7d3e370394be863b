import CPasskeyLibCrypto

/// An `EVP_MD` fetched once from the default library context and kept for the life of the process,
/// so that no verification pays for (or contends on the lock of) an implicit fetch.
///
/// `@unchecked Sendable` is safe: a fetched `EVP_MD` is immutable and meant to be shared.
final class MessageDigest: @unchecked Sendable {
    /// The fetched digest, or `nil` when the provider does not offer it.
    let pointer: OpaquePointer?
    let name: String

    private init(name: String) {
        self.name = name
        self.pointer = EVP_MD_fetch(nil, name, nil)
    }

    deinit {
        EVP_MD_free(pointer)
    }

    static let sha1 = MessageDigest(name: "SHA1")
    static let sha256 = MessageDigest(name: "SHA256")
    static let sha384 = MessageDigest(name: "SHA384")
    static let sha512 = MessageDigest(name: "SHA512")

    /// The fetched digest for `hash`; throws ``CryptoError/Code/libcryptoFailure`` when unavailable.
    static func fetched(_ hash: HashAlgorithm) throws -> OpaquePointer {
        guard let pointer = pointer(for: hash) else {
            throw CryptoError(.libcryptoFailure, "libcrypto does not provide the \(digest(hash).name) digest")
        }
        return pointer
    }

    /// The fetched digest for `hash`, or `nil` when the provider does not offer it.
    static func pointer(for hash: HashAlgorithm) -> OpaquePointer? {
        digest(hash).pointer
    }

    private static func digest(_ hash: HashAlgorithm) -> MessageDigest {
        switch hash {
        case .sha1: return sha1
        case .sha256: return sha256
        case .sha384: return sha384
        case .sha512: return sha512
        }
    }
}
