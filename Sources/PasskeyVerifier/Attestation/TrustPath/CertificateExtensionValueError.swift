/// An extension value that does not have the structure its OID defines.
package enum CertificateExtensionValueError: Error {
    case malformed
}
