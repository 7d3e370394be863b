import Foundation
import PasskeyCrypto
import PasskeyVerifier

/// A recorded passkey ceremony: the response a client sent, everything the server expected,
/// the verification instant, and optionally the outcome the recording expects.
///
/// The fields are those of a `passkey-verify batch` line (see `Docs/RecordedCeremonies.md`):
/// a recorded ceremony is a batch case plus metadata and an ``Expectation``. Replaying it
/// runs the library's verifiers (WebAuthn Level 3 §7.1 or §7.2) at the recorded instant, so
/// ceremonies whose certificates have since expired stay testable.
public struct RecordedCeremony: Sendable, Codable {
    /// Which ceremony was recorded: a registration (WebAuthn Level 3 §7.1) or an authentication (§7.2).
    public enum Kind: String, Sendable, Codable {
        /// A registration (§7.1).
        case registration
        /// An authentication (§7.2).
        case authentication
    }

    /// The client's response, as the Level 3 JSON the client sent (§5.1 `toJSON()`).
    public enum Response: Sendable {
        /// A `RegistrationResponseJSON`.
        case registration(RegistrationResponseJSON)
        /// An `AuthenticationResponseJSON`.
        case authentication(AuthenticationResponseJSON)
    }

    /// The outcome a recording expects: any subset of the fields a WebAuthn Level 3 §7.1 or §7.2 verification
    /// reports.
    public struct Expectation: Sendable, Hashable, Codable {
        /// Whether verification must succeed.
        public var verified: Bool
        /// The stable error code a failure must carry.
        public var error: String?
        /// Expected attestation format.
        public var format: String?
        /// Expected attestation type.
        public var attestationType: String?
        /// Expected credential ID, base64url.
        public var credentialId: String?
        /// Expected COSE algorithm.
        public var algorithm: Int64?
        /// Expected registration counter.
        public var signCount: UInt32?
        /// Expected authentication counter.
        public var newSignCount: UInt32?
        /// Expected AAGUID.
        public var aaguid: String?
        /// Expected UP flag.
        public var userPresent: Bool?
        /// Expected UV flag.
        public var userVerified: Bool?
        /// Expected BE flag.
        public var backupEligible: Bool?
        /// Expected BS flag.
        public var backupState: Bool?
        /// Expected `unverified` when the registration must be accepted without a trusted attestation chain
        /// (``RecordedCeremony/untrustedAttestationPolicy`` `acceptAsUnverified`).
        public var attestationTrust: String?

        /// An expectation of success with no particular fields.
        public init(verified: Bool, error: String? = nil) {
            self.verified = verified
            self.error = error
        }

        /// The expectation that `outcome` meets exactly: every field the outcome reports, and the error code
        /// (not the message) of a failure. Recording a live verification uses it.
        public init(_ outcome: CeremonyOutcome) {
            self.verified = outcome.verified
            self.error = outcome.error?.code
            self.format = outcome.format
            self.attestationType = outcome.attestationType
            self.credentialId = outcome.credentialId
            self.algorithm = outcome.algorithm
            self.signCount = outcome.signCount
            self.newSignCount = outcome.newSignCount
            self.aaguid = outcome.aaguid
            self.userPresent = outcome.userPresent
            self.userVerified = outcome.userVerified
            self.backupEligible = outcome.backupEligible
            self.backupState = outcome.backupState
            self.attestationTrust = outcome.attestationTrust
        }
    }

    /// A name for reports, such as `w3c/packed-es256/registration`.
    public var name: String?
    /// What the ceremony exercises.
    public var description: String?
    /// Where third-party data came from.
    public var source: [String: String]?
    /// Which ceremony.
    public var kind: Kind
    /// The client's response.
    public var response: Response
    /// The RP ID.
    public var rpId: String
    /// The allowed origins.
    public var origins: [String]
    /// The challenge the server issued, base64url (standard base64 accepted).
    public var challenge: String
    /// Whether the UV flag is required.
    public var requireUserVerification: Bool?
    /// The shortest challenge accepted, in bytes; absent means 16 (§13.4.3). Set only for recordings made
    /// with a shorter challenge.
    public var minimumChallengeLength: Int?
    /// The verification instant, RFC 3339; absent means now.
    public var at: String?
    /// Extra trust anchors (PEM texts), trusted for every format in addition to the built-in ones.
    public var trustAnchors: [String]?
    /// Registration: `reject` (absent means the same) or `acceptAsUnverified`, what to do with an attestation
    /// whose chain reaches no trust anchor (WebAuthn §7.1 `#reg-ceremony-assess-trust`,
    /// ``UntrustedAttestationPolicy``).
    public var untrustedAttestationPolicy: String?
    /// The accepted COSE algorithms; absent means every supported one.
    public var algorithms: [Int64]?
    /// Allowed top origins; present means cross-origin ceremonies are allowed.
    public var topOrigins: [String]?
    /// Authentication: the stored COSE_Key, base64url.
    public var publicKey: String?
    /// Authentication: the stored counter.
    public var signCount: UInt32?
    /// Authentication: the credential the server expected, base64url.
    public var credentialId: String?
    /// Authentication: whether the stored record is backup eligible.
    public var backupEligible: Bool?
    /// The expected outcome; absent for a plain batch case.
    public var expected: Expectation?
    /// The issue that will change ``expected`` (a format not implemented yet); the expectation is provisional.
    public var pendingIssue: Int?

    private enum CodingKeys: String, CodingKey {
        case name, description, source, kind, response, rpId, origins, challenge, requireUserVerification, at
        case minimumChallengeLength
        case trustAnchors, algorithms, topOrigins, publicKey, signCount, credentialId, backupEligible, expected
        case pendingIssue, untrustedAttestationPolicy
    }

    /// Creates a recording.
    public init(
        name: String? = nil,
        response: Response,
        rpId: String,
        origins: [String],
        challenge: String,
        at: String? = nil
    ) {
        self.name = name
        switch response {
        case .registration: self.kind = .registration
        case .authentication: self.kind = .authentication
        }
        self.response = response
        self.rpId = rpId
        self.origins = origins
        self.challenge = challenge
        self.at = at
    }

    /// Decodes a recording or batch line; `response` is read according to `kind`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        source = try container.decodeIfPresent([String: String].self, forKey: .source)
        kind = try container.decode(Kind.self, forKey: .kind)
        let isNative = try container.decode(NativeShapeProbe.self, forKey: .response).isNative
        switch (kind, isNative) {
        case (.registration, false):
            response = .registration(try container.decode(RegistrationResponseJSON.self, forKey: .response))
        case (.registration, true):
            let native = try container.decode(NativeRegistrationPayload.self, forKey: .response)
            response = .registration(native.registrationResponseJSON)
        case (.authentication, false):
            response = .authentication(try container.decode(AuthenticationResponseJSON.self, forKey: .response))
        case (.authentication, true):
            let native = try container.decode(NativeAssertionPayload.self, forKey: .response)
            response = .authentication(native.authenticationResponseJSON)
        }
        rpId = try container.decode(String.self, forKey: .rpId)
        origins = try container.decode([String].self, forKey: .origins)
        challenge = try container.decode(String.self, forKey: .challenge)
        requireUserVerification = try container.decodeIfPresent(Bool.self, forKey: .requireUserVerification)
        minimumChallengeLength = try container.decodeIfPresent(Int.self, forKey: .minimumChallengeLength)
        at = try container.decodeIfPresent(String.self, forKey: .at)
        trustAnchors = try container.decodeIfPresent([String].self, forKey: .trustAnchors)
        untrustedAttestationPolicy = try container.decodeIfPresent(String.self, forKey: .untrustedAttestationPolicy)
        algorithms = try container.decodeIfPresent([Int64].self, forKey: .algorithms)
        topOrigins = try container.decodeIfPresent([String].self, forKey: .topOrigins)
        publicKey = try container.decodeIfPresent(String.self, forKey: .publicKey)
        signCount = try container.decodeIfPresent(UInt32.self, forKey: .signCount)
        credentialId = try container.decodeIfPresent(String.self, forKey: .credentialId)
        backupEligible = try container.decodeIfPresent(Bool.self, forKey: .backupEligible)
        expected = try container.decodeIfPresent(Expectation.self, forKey: .expected)
        pendingIssue = try container.decodeIfPresent(Int.self, forKey: .pendingIssue)
    }

    /// Tells a native iOS payload (``NativeRegistrationPayload``, ``NativeAssertionPayload``) from Level 3
    /// JSON: it has no `response` member and has `rawAttestationObject` or `rawAuthenticatorData`.
    private struct NativeShapeProbe: Decodable {
        let isNative: Bool

        enum CodingKeys: String, CodingKey {
            case response, rawAttestationObject, rawAuthenticatorData
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            isNative =
                !container.contains(.response)
                && (container.contains(.rawAttestationObject) || container.contains(.rawAuthenticatorData))
        }
    }

    /// Encodes the recording in the documented format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encode(kind, forKey: .kind)
        switch response {
        case .registration(let json): try container.encode(json, forKey: .response)
        case .authentication(let json): try container.encode(json, forKey: .response)
        }
        try container.encode(rpId, forKey: .rpId)
        try container.encode(origins, forKey: .origins)
        try container.encode(challenge, forKey: .challenge)
        try container.encodeIfPresent(requireUserVerification, forKey: .requireUserVerification)
        try container.encodeIfPresent(minimumChallengeLength, forKey: .minimumChallengeLength)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(trustAnchors, forKey: .trustAnchors)
        try container.encodeIfPresent(untrustedAttestationPolicy, forKey: .untrustedAttestationPolicy)
        try container.encodeIfPresent(algorithms, forKey: .algorithms)
        try container.encodeIfPresent(topOrigins, forKey: .topOrigins)
        try container.encodeIfPresent(publicKey, forKey: .publicKey)
        try container.encodeIfPresent(signCount, forKey: .signCount)
        try container.encodeIfPresent(credentialId, forKey: .credentialId)
        try container.encodeIfPresent(backupEligible, forKey: .backupEligible)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(pendingIssue, forKey: .pendingIssue)
    }
}
