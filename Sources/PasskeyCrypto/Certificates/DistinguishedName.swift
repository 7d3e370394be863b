import CPasskeyLibCrypto

/// An X.501 distinguished name as found in a certificate's subject or issuer (RFC 5280 §4.1.2.4,
/// §4.1.2.6), flattened to its attributes in encoded order.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// One attribute type and value of a relative distinguished name (RFC 5280 §4.1.2.4).
    public struct Attribute: Sendable, Hashable {
        /// The attribute type as a dotted object identifier, such as `2.5.4.3` for commonName.
        public let oid: String
        /// The attribute value converted to UTF-8.
        public let value: String

        /// Creates an attribute.
        public init(oid: String, value: String) {
            self.oid = oid
            self.value = value
        }

        /// `2.5.4.3`, commonName (RFC 5280 §4.1.2.4, X.520).
        public static let commonNameOID = "2.5.4.3"
        /// `2.5.4.6`, countryName.
        public static let countryNameOID = "2.5.4.6"
        /// `2.5.4.10`, organizationName.
        public static let organizationNameOID = "2.5.4.10"
        /// `2.5.4.11`, organizationalUnitName.
        public static let organizationalUnitNameOID = "2.5.4.11"
    }

    /// The attributes in encoded order.
    public let attributes: [Attribute]

    /// Creates a name from attributes.
    public init(attributes: [Attribute]) {
        self.attributes = attributes
    }

    /// Whether the name has no attributes (an empty SEQUENCE, RFC 5280 §4.1.2.6).
    public var isEmpty: Bool { attributes.isEmpty }

    /// The values of every attribute of type `oid`, in order.
    public func values(forOID oid: String) -> [String] {
        attributes.filter { $0.oid == oid }.map(\.value)
    }

    /// `CN=..., O=..., OU=..., C=...` with short names for common types and dotted OIDs for the others.
    public var description: String {
        attributes.map { "\(Self.shortName(of: $0.oid))=\($0.value)" }.joined(separator: ", ")
    }

    private static func shortName(of oid: String) -> String {
        switch oid {
        case "2.5.4.3": return "CN"
        case "2.5.4.6": return "C"
        case "2.5.4.7": return "L"
        case "2.5.4.8": return "ST"
        case "2.5.4.10": return "O"
        case "2.5.4.11": return "OU"
        case "2.5.4.5": return "serialNumber"
        case "1.2.840.113549.1.9.1": return "emailAddress"
        default: return oid
        }
    }

    /// Reads the attributes of a libcrypto `X509_NAME`.
    init(name: OpaquePointer?) throws {
        guard let name else {
            throw CryptoError(.invalidCertificate, "certificate name is missing")
        }
        let count = X509_NAME_entry_count(name)
        var attributes: [Attribute] = []
        attributes.reserveCapacity(Int(max(count, 0)))
        for index in 0..<max(count, 0) {
            guard let entry = X509_NAME_get_entry(name, index) else {
                throw CryptoError(.invalidCertificate, "name entry \(index) cannot be read")
            }
            let oid = try LibCrypto.dottedOID(X509_NAME_ENTRY_get_object(entry))
            guard let data = X509_NAME_ENTRY_get_data(entry) else {
                throw CryptoError(.invalidCertificate, "name attribute \(oid) has no value")
            }
            var output: UnsafeMutablePointer<UInt8>?
            let length = ASN1_STRING_to_UTF8(&output, data)
            guard length >= 0, let output else {
                ERR_clear_error()
                throw CryptoError(.invalidCertificate, "name attribute \(oid) cannot be converted to UTF-8")
            }
            defer { CPasskeyLibCrypto_free(output) }
            let value = String(decoding: UnsafeBufferPointer(start: output, count: Int(length)), as: UTF8.self)
            attributes.append(Attribute(oid: oid, value: value))
        }
        self.attributes = attributes
    }
}
