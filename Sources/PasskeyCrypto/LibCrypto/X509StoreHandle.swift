import CPasskeyLibCrypto

/// Owns one `X509_STORE` filled with trust anchors at init and frees it when the last reference goes away.
///
/// `@unchecked Sendable` is safe: the store is never modified after init, and OpenSSL 3 allows one
/// `X509_STORE` to back concurrent `X509_verify_cert` calls, each with its own `X509_STORE_CTX`
/// (lookups take the store's lock).
final class X509StoreHandle: @unchecked Sendable {
    let pointer: OpaquePointer?

    /// Creates a store holding `anchors` and the revocation lists `revocationLists`; `pointer` is `nil` when
    /// libcrypto cannot build it.
    init(anchors: [Certificate], revocationLists: [CertificateRevocationList] = []) {
        guard let store = X509_STORE_new() else {
            pointer = nil
            return
        }
        for anchor in anchors where X509_STORE_add_cert(store, anchor.handle.pointer) != 1 {
            // A certificate already in the store is reported as an error; it is still trusted.
            ERR_clear_error()
        }
        for list in revocationLists where X509_STORE_add_crl(store, list.handle.pointer) != 1 {
            // A list already in the store is reported as an error; it is still used.
            ERR_clear_error()
        }
        pointer = store
    }

    deinit {
        X509_STORE_free(pointer)
    }
}
