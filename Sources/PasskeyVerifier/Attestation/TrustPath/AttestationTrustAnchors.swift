import PasskeyCrypto

/// The root certificates each attestation format's trust paths must reach
/// (WebAuthn Level 3 §7.1 `#reg-ceremony-attestation-trust-anchors`).
///
/// Anchors are kept per format identifier so that, for example, a vendor root
/// trusted for `packed` cannot vouch for an `apple` chain. Certificates in a
/// client's `x5c` are never anchors.
public struct AttestationTrustAnchors: Sendable {
    private var anchorsByFormat: [String: [Certificate]]
    private var anchorsForEveryFormat: [Certificate]
    /// Whether anchors beyond the built-in ones were added (by ``add(_:forFormat:)`` or
    /// ``addForEveryFormat(_:)``): a host that configured roots wants attestation checked against them, so
    /// ``RelyingPartyConfiguration`` then rejects untrusted attestation by default.
    public private(set) var includesHostAnchors = false

    /// No anchors at all: every format with a trust path fails with `untrustedAttestation`.
    public static let empty = AttestationTrustAnchors(anchorsByFormat: [:], anchorsForEveryFormat: [])

    /// The built-in anchors: Apple WebAuthn Root CA for `apple`, Microsoft TPM Root Certificate Authority 2014
    /// for `tpm`, the Google Hardware Attestation roots for `android-key` and the roots of `attest.android.com`
    /// for `android-safetynet`. Provenance in `Docs/TrustAnchors.md`; a host that wants other roots starts
    /// from ``empty``.
    public static let builtIn: AttestationTrustAnchors = {
        var anchors = AttestationTrustAnchors.empty
        if let apple = AppleWebAuthnRootCA.certificate {
            anchors.add([apple], forFormat: "apple")
        }
        if let microsoftTPM = MicrosoftTPMRootCA.certificate {
            anchors.add([microsoftTPM], forFormat: "tpm")
        }
        anchors.add(GoogleHardwareAttestationRoots.certificates, forFormat: "android-key")
        anchors.add(AndroidSafetyNetRoots.certificates, forFormat: "android-safetynet")
        anchors.includesHostAnchors = false
        return anchors
    }()

    private init(anchorsByFormat: [String: [Certificate]], anchorsForEveryFormat: [Certificate]) {
        self.anchorsByFormat = anchorsByFormat
        self.anchorsForEveryFormat = anchorsForEveryFormat
    }

    /// Adds anchors trusted for one format only.
    public mutating func add(_ certificates: [Certificate], forFormat format: String) {
        anchorsByFormat[format, default: []].append(contentsOf: certificates)
        includesHostAnchors = true
    }

    /// Adds anchors trusted for every format (what `passkey-verify --trust-anchor` does).
    public mutating func addForEveryFormat(_ certificates: [Certificate]) {
        anchorsForEveryFormat.append(contentsOf: certificates)
        includesHostAnchors = true
    }

    /// A copy with `certificates` added for every format.
    public func addingForEveryFormat(_ certificates: [Certificate]) -> AttestationTrustAnchors {
        var copy = self
        copy.addForEveryFormat(certificates)
        return copy
    }

    /// The anchors for `format`: its own plus those for every format.
    public func anchors(forFormat format: String) -> [Certificate] {
        anchorsByFormat[format, default: []] + anchorsForEveryFormat
    }
}
