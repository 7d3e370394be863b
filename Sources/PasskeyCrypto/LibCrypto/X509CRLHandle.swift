import CPasskeyLibCrypto

/// Owns one `X509_CRL` and frees it when the last reference goes away.
///
/// `@unchecked Sendable` is safe: the list is never mutated by this library after parsing; libcrypto fills
/// its cached extension data under the list's own lock in OpenSSL 3.
final class X509CRLHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_CRL_free(pointer)
    }
}
