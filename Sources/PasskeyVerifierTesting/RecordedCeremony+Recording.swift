import Foundation
import PasskeyCrypto
import PasskeyVerifier

extension RecordedCeremony {
    /// Records a registration ceremony a host has just verified (WebAuthn Level 3 §7.1), so that it can be
    /// saved with ``write(to:)`` and replayed as a fixture.
    ///
    /// The recording holds the response, the expectations (RP ID, origins, challenge, user verification,
    /// allowed algorithms, cross-origin policy and the verification instant), the extra trust anchors the
    /// verifier was built with (as PEM texts), and the outcome as ``expected``. The CBOR mode is not recorded:
    /// replays read CBOR strictly.
    /// - Parameters:
    ///   - response: The JSON the client sent.
    ///   - expectations: The expectations the host verified with.
    ///   - trustAnchors: The anchors the host added to the built-in ones, trusted for every format on replay.
    ///   - outcome: What the verification returned or threw.
    public init(
        recording response: RegistrationResponseJSON,
        expectations: RegistrationExpectations,
        trustAnchors: [Certificate] = [],
        outcome: Result<VerifiedRegistration, WebAuthnError>,
        name: String? = nil,
        description: String? = nil
    ) {
        self.init(
            name: name,
            response: .registration(response),
            rpId: expectations.relyingPartyID,
            origins: expectations.origins.sorted(),
            challenge: Base64URL.encode(expectations.challenge),
            at: Self.rfc3339(expectations.verificationInstant)
        )
        self.description = description
        self.requireUserVerification = expectations.userVerification == .required
        if !trustAnchors.isEmpty {
            self.trustAnchors = trustAnchors.map(Self.pem)
        }
        if expectations.untrustedAttestationPolicy == .acceptAsUnverified {
            self.untrustedAttestationPolicy = UntrustedAttestationPolicy.acceptAsUnverified.rawValue
        }
        if expectations.allowedAlgorithms != COSEAlgorithm.allSupported {
            self.algorithms = expectations.allowedAlgorithms.map(\.rawValue).sorted()
        }
        self.topOrigins = Self.topOrigins(expectations.crossOrigin)
        switch outcome {
        case .success(let registration): self.expected = Expectation(CeremonyOutcome(registration))
        case .failure(let error): self.expected = Expectation(CeremonyOutcome(error: error))
        }
    }

    /// Records an authentication ceremony a host has just verified (WebAuthn Level 3 §7.2), so that it can be
    /// saved with ``write(to:)`` and replayed as a fixture.
    ///
    /// The recording holds the response, the expectations (RP ID, origins, challenge, user verification,
    /// cross-origin policy), the stored credential record as it was before the ceremony (public key, counter,
    /// backup eligibility, ID) and the outcome as ``expected``. The counter and backup policies are not
    /// recorded: replays use the defaults.
    /// - Parameters:
    ///   - response: The JSON the client sent.
    ///   - expectations: The expectations the host verified with.
    ///   - credential: The stored record the host verified against (not the updated one).
    ///   - outcome: What the verification returned or threw.
    public init(
        recording response: AuthenticationResponseJSON,
        expectations: AuthenticationExpectations,
        credential: CredentialRecord,
        outcome: Result<VerifiedAuthentication, WebAuthnError>,
        name: String? = nil,
        description: String? = nil
    ) {
        self.init(
            name: name,
            response: .authentication(response),
            rpId: expectations.relyingPartyID,
            origins: expectations.origins.sorted(),
            challenge: Base64URL.encode(expectations.challenge)
        )
        self.description = description
        self.requireUserVerification = expectations.userVerification == .required
        self.topOrigins = Self.topOrigins(expectations.crossOrigin)
        self.publicKey = Base64URL.encode(credential.publicKey.encoded)
        self.signCount = credential.signCount
        self.credentialId = Base64URL.encode(credential.id)
        self.backupEligible = credential.backupEligible
        switch outcome {
        case .success(let authentication): self.expected = Expectation(CeremonyOutcome(authentication))
        case .failure(let error): self.expected = Expectation(CeremonyOutcome(error: error))
        }
    }

    private static func topOrigins(_ policy: CrossOriginPolicy) -> [String]? {
        switch policy {
        case .forbidden: return nil
        case .allowed(let topOrigins): return topOrigins.sorted()
        }
    }

    /// RFC 3339 in UTC, with milliseconds only when the instant has a fraction of a second.
    private static func rfc3339(_ date: Date) -> String {
        let wholeSeconds = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !wholeSeconds))
    }

    /// A certificate as PEM text (RFC 7468 §5): base64 in lines of 64 characters.
    private static func pem(_ certificate: Certificate) -> String {
        let base64 = Array(Base64URL.encodeStandard(certificate.derEncoded).utf8)
        var text = "-----BEGIN CERTIFICATE-----\n"
        var start = 0
        while start < base64.count {
            let end = min(start + 64, base64.count)
            text += String(decoding: base64[start..<end], as: UTF8.self) + "\n"
            start = end
        }
        return text + "-----END CERTIFICATE-----\n"
    }
}
