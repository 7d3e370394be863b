#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import PasskeyVerifier

/// One status report of a metadata entry (FIDO Metadata Service v3.0 §3.1.3 "StatusReport dictionary"): a
/// status and the date from which it holds.
public struct StatusReport: Sendable, Hashable, Decodable {
    /// The status (`status`, required).
    public let status: AuthenticatorStatus
    /// The day from which the status holds (`effectiveDate`, midnight UTC); `nil` when absent, read as always.
    public let effectiveDate: Date?
    /// The firmware version the report applies to (`authenticatorVersion`), `nil` when absent.
    public let authenticatorVersion: UInt32?
    /// The DER certificate the report concerns (`certificate`, for example a compromised attestation
    /// certificate), `nil` when absent.
    public let certificate: [UInt8]?
    /// Where to read more (`url`), `nil` when absent.
    public let url: String?
    /// The certified product's descriptor (`certificationDescriptor`), `nil` when absent.
    public let certificationDescriptor: String?
    /// The certificate number (`certificateNumber`), `nil` when absent.
    public let certificateNumber: String?

    enum CodingKeys: String, CodingKey {
        case status, effectiveDate, authenticatorVersion, certificate, url, certificationDescriptor,
            certificateNumber
    }

    /// Creates a report (for hosts and tests that build metadata themselves).
    public init(status: AuthenticatorStatus, effectiveDate: Date? = nil) {
        self.status = status
        self.effectiveDate = effectiveDate
        self.authenticatorVersion = nil
        self.certificate = nil
        self.url = nil
        self.certificationDescriptor = nil
        self.certificateNumber = nil
    }

    /// Decodes a report strictly: `status` a string, `effectiveDate` a `YYYY-MM-DD` date, `certificate` standard
    /// base64; unknown members are ignored (§3.1.3).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = AuthenticatorStatus(rawValue: try container.decode(String.self, forKey: .status))
        effectiveDate =
            container.contains(.effectiveDate) ? try container.decodeMetadataDate(forKey: .effectiveDate) : nil
        authenticatorVersion = try container.decodeIfPresent(UInt32.self, forKey: .authenticatorVersion)
        if let encoded = try container.decodeIfPresent(String.self, forKey: .certificate) {
            guard let der = Base64URL.decode(encoded), !der.isEmpty else {
                throw MetadataDecodingFailure("statusReports certificate is not base64")
            }
            certificate = der
        } else {
            certificate = nil
        }
        url = try container.decodeIfPresent(String.self, forKey: .url)
        certificationDescriptor = try container.decodeIfPresent(String.self, forKey: .certificationDescriptor)
        certificateNumber = try container.decodeIfPresent(String.self, forKey: .certificateNumber)
    }
}
