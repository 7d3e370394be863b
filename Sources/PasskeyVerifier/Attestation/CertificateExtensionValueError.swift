/// An extension value that does not have the structure its OID defines.
enum CertificateExtensionValueError: Error {
    case malformed
}
