import PasskeyCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `android-safetynet` attestation statement format (WebAuthn Level 3 §8.5): the
/// authenticator's platform obtained a SafetyNet attestation whose nonce binds this ceremony.
///
/// Level 3 deprecates this format (Google shut the SafetyNet Attestation API down in favour of
/// Play Integrity, which WebAuthn does not use); it is verified for old credentials and
/// recordings only.
///
/// Syntax: `{ver: text (non-empty), response: bytes}`; `response` is a compact JWS
/// (RFC 7515) whose header carries `alg` and `x5c`. Verification (§8.5 "Verification procedure"
/// and Google's offline verification steps): the JWS signature verifies with `x5c[0]`'s key;
/// `x5c` chains to this format's trust anchors (``AndroidSafetyNetRoots`` by default);
/// `x5c[0]` is issued to `attest.android.com` (a dNSName of its subject alternative name, or
/// its common name when it has no dNSName); the payload's `nonce` is the standard, padded
/// base64 of `SHA-256(authenticatorData || clientDataHash)`; `ctsProfileMatch` (or, by policy,
/// `basicIntegrity`) is true; `timestampMs` lies in the window ``Policy`` sets around the
/// verification instant. The result is `basic` with the JWS `x5c` as trust path.
public struct AndroidSafetyNetAttestation: AttestationStatementFormat {
    /// `"android-safetynet"`.
    public let identifier = "android-safetynet"
    /// The host name the signing certificate must be issued to.
    public static let attestationHostName = "attest.android.com"
    private let trustPath: TrustPathValidator
    private let policy: Policy

    /// The integrity verdict and timestamp window a response must meet (WebAuthn Level 3 §8.5.2 defers these to
    /// the SafetyNet Attestation API documentation: `ctsProfileMatch`, `basicIntegrity`, `timestampMs`).
    public struct Policy: Sendable, Hashable {
        /// Require `ctsProfileMatch` to be true; when `false`, `basicIntegrity` true is enough.
        public var requireCTSProfileMatch: Bool
        /// How far before the verification instant `timestampMs` may lie, in seconds.
        public var maximumAge: TimeInterval
        /// How far after the verification instant `timestampMs` may lie (clock skew), in seconds.
        public var maximumClockSkew: TimeInterval

        /// Creates a policy.
        public init(
            requireCTSProfileMatch: Bool = true, maximumAge: TimeInterval = 60, maximumClockSkew: TimeInterval = 10
        ) {
            self.requireCTSProfileMatch = requireCTSProfileMatch
            self.maximumAge = maximumAge
            self.maximumClockSkew = maximumClockSkew
        }

        /// `ctsProfileMatch` required; `timestampMs` at most a minute old (the FIDO2 server conformance list refuses
        /// an older one) and at most 10 seconds ahead (clock skew between Google's servers and this one).
        public static let `default` = Policy()
    }

    /// Creates the format with the roots its signing certificates must chain to and the policy.
    public init(trustAnchors: [Certificate], policy: Policy = .default) {
        self.trustPath = TrustPathValidator(format: "android-safetynet", trustAnchors: trustAnchors)
        self.policy = policy
    }

    /// Verifies an android-safetynet statement (§8.5 "Verification procedure").
    public func verify(_ input: AttestationStatementInput) throws(WebAuthnError) -> AttestationResult {
        let members = try AttestationStatementMembers(
            input.statement, format: identifier, allowed: ["ver", "response"])
        let version = try members.textString("ver")
        guard !version.isEmpty else {
            throw WebAuthnError(.invalidAttestationStatement, "the android-safetynet ver is empty")
        }
        let response = try members.byteString("response")
        let jws = try JSONWebSignature(compact: response, context: "the android-safetynet response")
        guard let leaf = jws.certificateChain.first else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet response's JWS header has no x5c certificate"
            )
        }
        guard try jws.isSignatureValid(with: leaf.publicKey) else {
            throw WebAuthnError(
                .invalidSignature,
                "the android-safetynet JWS signature does not verify with its x5c[0] certificate's key"
            )
        }
        try Self.checkHostName(leaf)
        let payload = try Payload(jws.payload)
        let expectedNonce = Base64URL.encodeStandard(HashAlgorithm.sha256.hash(input.signedData))
        guard ConstantTime.equals(Array(payload.nonce.utf8), Array(expectedNonce.utf8)) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet nonce is not the base64 of SHA-256(authenticatorData || clientDataHash)"
            )
        }
        if policy.requireCTSProfileMatch {
            guard payload.ctsProfileMatch else {
                throw WebAuthnError(.invalidAttestationStatement, "the android-safetynet ctsProfileMatch is false")
            }
        } else {
            guard payload.ctsProfileMatch || payload.basicIntegrity else {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the android-safetynet ctsProfileMatch and basicIntegrity are both false"
                )
            }
        }
        try checkTimestamp(payload.timestampMs, at: input.verificationInstant)
        try trustPath.validate(jws.certificateChain, for: input)
        return AttestationResult(type: .basic, trustPath: jws.certificateChain)
    }

    private func checkTimestamp(_ timestampMs: Int64, at instant: Date) throws(WebAuthnError) {
        let timestamp = Date(timeIntervalSince1970: TimeInterval(timestampMs) / 1000)
        let age = instant.timeIntervalSince(timestamp)
        guard age <= policy.maximumAge else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet timestampMs \(timestampMs) is \(age) s before the verification instant; "
                    + "at most \(policy.maximumAge) s are accepted"
            )
        }
        guard -age <= policy.maximumClockSkew else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet timestampMs \(timestampMs) is \(-age) s after the verification instant; "
                    + "at most \(policy.maximumClockSkew) s are accepted"
            )
        }
    }

    /// The signing certificate must be issued to `attest.android.com` (Google's offline
    /// verification: hostname verification of the leaf).
    static func checkHostName(_ leaf: Certificate) throws(WebAuthnError) {
        let dnsNames: [String]
        do {
            dnsNames = try SubjectAlternativeNames.dnsNames(of: leaf)
        } catch {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet signing certificate's subject alternative name extension is malformed"
            )
        }
        let names = dnsNames.isEmpty ? leaf.subject.values(forOID: DistinguishedName.Attribute.commonNameOID) : dnsNames
        guard names.contains(where: { $0.lowercased() == attestationHostName }) else {
            throw WebAuthnError(
                .invalidAttestationStatement,
                "the android-safetynet signing certificate is issued to \(names), not \(attestationHostName)"
            )
        }
    }

    /// The members of the SafetyNet attestation payload this format reads.
    private struct Payload: Decodable {
        let nonce: String
        let timestampMs: Int64
        let ctsProfileMatch: Bool
        let basicIntegrity: Bool

        init(_ bytes: [UInt8]) throws(WebAuthnError) {
            do {
                self = try JSONDecoder().decode(Payload.self, from: Data(bytes))
            } catch {
                throw WebAuthnError(
                    .invalidAttestationStatement,
                    "the android-safetynet JWS payload is not a JSON object with a string nonce, an integer "
                        + "timestampMs and boolean ctsProfileMatch and basicIntegrity: \(error)"
                )
            }
            guard JSONMemberNameScanner.scan(bytes) == .unique else {
                throw WebAuthnError(.invalidAttestationStatement, "the android-safetynet JWS payload repeats a member")
            }
        }
    }
}
