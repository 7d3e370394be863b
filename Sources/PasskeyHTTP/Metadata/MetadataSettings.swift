#if Hummingbird
import Foundation
import PasskeyMetadata
import PasskeyVerifier

/// How the server uses FIDO metadata (`--metadata` and its options; FIDO Metadata Service v3.0 §3.2; WebAuthn
/// Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`, `#reg-ceremony-assess-trust`): where the BLOB comes from,
/// what verifies it, and what an authenticator the metadata does not vouch for gets.
public struct MetadataSettings: Sendable {
    /// Where the BLOB is read or downloaded.
    public var source: MetadataSource
    /// What an unlisted, untrusted or uncertified authenticator gets.
    public var policy: UnlistedAuthenticatorPolicy
    /// The lowest certification a registering authenticator needs (`FIDO_CERTIFIED_L1` …), `nil` for none.
    public var minimumCertificationLevel: AuthenticatorStatus?
    /// The roots of the BLOB's signing chain; GlobalSign Root CA - R3 and Root R46 by default.
    public var trustAnchors: [Certificate]
    /// The revocation lists the chain is checked against; empty for none.
    public var revocationLists: [CertificateRevocationList]
    /// The first wait once a refresh is due and brings no newer BLOB; cut to ``backoffBounds``.
    public var initialBackoff: Duration
    /// The longest such wait; cut to ``backoffBounds``, and at least ``initialBackoff``.
    public var maximumBackoff: Duration

    /// The default ``initialBackoff``: 5 minutes (``PasskeyMetadata/MetadataService/defaultInitialBackoff``).
    public static let defaultInitialBackoff: Duration = .seconds(300)
    /// The default ``maximumBackoff``: 6 hours (``PasskeyMetadata/MetadataService/defaultMaximumBackoff``).
    public static let defaultMaximumBackoff: Duration = .seconds(21_600)
    /// What ``initialBackoff`` and ``maximumBackoff`` are cut to: 1 second to 1 day.
    /// ``ServerConfiguration/validate()`` refuses a zero or negative one.
    public static let backoffBounds: ClosedRange<Duration> = .seconds(1)...(.seconds(86_400))

    /// Creates the settings.
    public init(
        source: MetadataSource,
        policy: UnlistedAuthenticatorPolicy = .refuse,
        minimumCertificationLevel: AuthenticatorStatus? = nil,
        trustAnchors: [Certificate] = FIDOMetadataServiceRootCA.certificates,
        revocationLists: [CertificateRevocationList] = [],
        initialBackoff: Duration = MetadataSettings.defaultInitialBackoff,
        maximumBackoff: Duration = MetadataSettings.defaultMaximumBackoff
    ) {
        self.source = source
        self.policy = policy
        self.minimumCertificationLevel = minimumCertificationLevel
        self.trustAnchors = trustAnchors
        self.revocationLists = revocationLists
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// The certification level `--minimum-certification` names: `L1`, `L1plus`, … `L3plus`, or the status
    /// itself (`FIDO_CERTIFIED_L2`); `nil` for anything else.
    public static func certificationLevel(_ argument: String) -> AuthenticatorStatus? {
        let status =
            argument.hasPrefix("FIDO_CERTIFIED_")
            ? AuthenticatorStatus(rawValue: argument) : AuthenticatorStatus(rawValue: "FIDO_CERTIFIED_" + argument)
        return status.certificationRank == nil || status == .fidoCertified ? nil : status
    }

    /// A service verifying BLOBs with these roots and lists, keeping the last good one in `store`, backing off as
    /// ``initialBackoff`` and ``maximumBackoff`` say, each cut to ``backoffBounds``.
    public func makeService(store: (any MetadataBLOBStore)?) -> MetadataService {
        MetadataService(
            trustAnchors: trustAnchors,
            revocationLists: revocationLists,
            store: store,
            initialBackoff: initialBackoff.clamped(to: Self.backoffBounds).inSeconds,
            maximumBackoff: maximumBackoff.clamped(to: Self.backoffBounds).inSeconds
        )
    }

    /// `configuration` asking for `direct` attestation, failing or accepting as unverified what the metadata
    /// does not vouch for, as ``policy`` says. With ``UnlistedAuthenticatorPolicy/refuse``, `none` and `self`
    /// attestation (WebAuthn Level 3 §6.5.3) are refused too: without a certificate chain to an entry's roots,
    /// nothing ties the registration to the model the metadata describes. In the FIDO `conformance` mode they
    /// are accepted (the conformance tools' authenticators send them and expect success) while a certificate
    /// chain that reaches no root is still refused.
    func applied(to configuration: RelyingPartyConfiguration, conformance: Bool = false) -> RelyingPartyConfiguration {
        var configuration = configuration
        configuration.attestation = .direct
        switch policy {
        case .refuse:
            configuration.untrustedAttestationPolicy = .reject
            if !conformance {
                configuration.acceptedAttestationTypes = Self.vouchedAttestationTypes
            }
        case .acceptUnverified:
            configuration.untrustedAttestationPolicy = .acceptAsUnverified
        }
        return configuration
    }

    /// The attestation types a certificate chain backs (§6.5.3 Basic, AttCA, AnonCA): what `refuse` accepts.
    static let vouchedAttestationTypes: Set<AttestationType> = [.basic, .attCA, .anonCA]

    /// The trust policy over `service`'s current BLOB, `nil` before the first load.
    package func trustPolicy(of service: MetadataService) async -> MetadataTrustPolicy? {
        await service.trustPolicy(
            minimumCertificationLevel: policy == .refuse ? minimumCertificationLevel : nil
        )
    }
}
#endif
