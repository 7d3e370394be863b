import CPasskeyLibCrypto

/// Owns one `X509` and frees it when the last reference goes away.
///
/// `@unchecked Sendable` is safe: the certificate is never mutated by this library after parsing; the only
/// lazily filled state inside libcrypto (the cached extension flags used by `X509_verify_cert`) is computed
/// under the certificate's own lock in OpenSSL 3.
final class X509Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_free(pointer)
    }
}
