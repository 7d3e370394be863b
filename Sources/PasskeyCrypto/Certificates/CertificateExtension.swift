/// One certificate extension (RFC 5280 §4.1.2.9 and §4.2): `extnID`, `critical` and the contents of the
/// `extnValue` OCTET STRING.
public struct CertificateExtension: Sendable, Hashable {
    /// The extension identifier as a dotted object identifier, such as `1.3.6.1.4.1.45724.1.1.4`.
    public let oid: String
    /// Whether the extension is marked critical.
    public let isCritical: Bool
    /// The DER contents of the `extnValue` OCTET STRING (the OCTET STRING's own header removed).
    public let value: [UInt8]

    /// Creates an extension.
    public init(oid: String, isCritical: Bool, value: [UInt8]) {
        self.oid = oid
        self.isCritical = isCritical
        self.value = value
    }
}
