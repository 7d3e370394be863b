/// The App Attest environment an attestation comes from, told by the AAGUID of its
/// authenticator data (Apple DeviceCheck, "Validating apps that connect to your server",
/// attestation step 8).
///
/// Apps signed for development attest against Apple's development servers
/// (`com.apple.developer.devicecheck.appattest-environment` = `development`); App Store,
/// TestFlight and enterprise builds use production.
public enum AppAttestEnvironment: String, Sendable, Hashable, CaseIterable {
    /// AAGUID `appattestdevelop` (16 ASCII bytes).
    case development
    /// AAGUID `appattest` followed by seven zero bytes.
    case production

    /// The AAGUID this environment's attestations carry.
    public var aaguid: [UInt8] {
        switch self {
        case .development:
            return Array("appattestdevelop".utf8)
        case .production:
            return Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        }
    }
}
