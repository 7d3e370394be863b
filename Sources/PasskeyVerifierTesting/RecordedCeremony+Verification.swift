import Foundation
import PasskeyCrypto
import PasskeyVerifier

extension RecordedCeremony {
    /// Verifies the recorded response against the recorded expectations, at the recorded instant
    /// (or `now` when the recording has none), with the built-in trust anchors plus the recorded ones
    /// (WebAuthn Level 3 §7.1 or §7.2).
    public func verify(now: Date = Date()) -> CeremonyOutcome {
        var verifiers = RegistrationVerifierCache(capacity: 1)
        return verify(now: now, verifiers: &verifiers)
    }

    /// Verifies as ``verify(now:)`` does, taking registration verifiers from `verifiers`, so that a run over
    /// many ceremonies with the same trust anchors parses them once (what `passkey-verify batch` does).
    ///
    /// Absent fields take the defaults of the `passkey-verify` flags: user verification preferred, every
    /// supported algorithm, cross-origin ceremonies forbidden, stored counter 0. When `backupEligible` is
    /// absent the stored backup eligibility is unknown, so a change of BE is neither checked nor reported.
    public func verify(now: Date = Date(), verifiers: inout RegistrationVerifierCache) -> CeremonyOutcome {
        var keys = CredentialKeyCache(capacity: 1)
        return verify(now: now, verifiers: &verifiers, keys: &keys)
    }

    /// Verifies as ``verify(now:verifiers:)`` does, taking stored keys already parsed from `keys` and adding
    /// the ones it parses, so that a run over many assertions of the same credentials imports each key once.
    public func verify(
        now: Date = Date(),
        verifiers: inout RegistrationVerifierCache,
        keys: inout CredentialKeyCache
    ) -> CeremonyOutcome {
        do {
            switch response {
            case .registration(let json):
                return CeremonyOutcome(try verifyRegistration(json, now: now, verifiers: &verifiers))
            case .authentication(let json):
                var outcome = CeremonyOutcome(try verifyAuthentication(json, keys: &keys))
                if backupEligible == nil {
                    outcome.backupEligibilityChange = nil
                }
                return outcome
            }
        } catch {
            return CeremonyOutcome(error: error)
        }
    }

    /// Replays the recording: verifies it and compares the outcome with ``expected``.
    public func replay(now: Date = Date()) -> ReplayResult {
        var verifiers = RegistrationVerifierCache(capacity: 1)
        return replay(now: now, verifiers: &verifiers)
    }

    /// Replays the recording with registration verifiers from `verifiers`.
    public func replay(now: Date = Date(), verifiers: inout RegistrationVerifierCache) -> ReplayResult {
        let outcome = verify(now: now, verifiers: &verifiers)
        return ReplayResult(name: name ?? "(unnamed)", kind: kind, outcome: outcome, expectation: expected)
    }

    private func verifyRegistration(
        _ json: RegistrationResponseJSON,
        now: Date,
        verifiers: inout RegistrationVerifierCache
    ) throws(WebAuthnError) -> VerifiedRegistration {
        let response = try RegistrationResponse(json)
        var expectations = RegistrationExpectations(
            relyingPartyID: rpId,
            origins: Set(origins),
            challenge: try Self.decodeBinary(challenge, field: "challenge"),
            userVerification: requireUserVerification == true ? .required : .preferred,
            crossOrigin: crossOriginPolicy,
            verificationInstant: try Self.instant(at, now: now)
        )
        if let algorithms {
            expectations.allowedAlgorithms = Set(algorithms.map(COSEAlgorithm.init(rawValue:)))
        }
        if let minimumChallengeLength {
            expectations.minimumChallengeLength = minimumChallengeLength
        }
        if let untrustedAttestationPolicy {
            guard let policy = UntrustedAttestationPolicy(rawValue: untrustedAttestationPolicy) else {
                throw WebAuthnError(
                    .malformedInput,
                    "untrustedAttestationPolicy is \(untrustedAttestationPolicy); it must be reject or acceptAsUnverified"
                )
            }
            expectations.untrustedAttestationPolicy = policy
        }
        let verifier = try verifiers.verifier(trustAnchors: trustAnchors ?? [])
        return try verifier.verify(response, expecting: expectations)
    }

    private func verifyAuthentication(
        _ json: AuthenticationResponseJSON,
        keys: inout CredentialKeyCache
    ) throws(WebAuthnError) -> VerifiedAuthentication {
        let response = try AuthenticationResponse(json)
        guard let publicKey else {
            throw WebAuthnError(.malformedInput, "an authentication case needs publicKey, the stored COSE_Key")
        }
        let key = try Self.credentialKey(publicKey, keys: &keys)
        if let algorithms, !algorithms.contains(key.algorithm.rawValue) {
            throw WebAuthnError(
                .unsupportedAlgorithm,
                "the stored key uses \(key.algorithm), which is not among the allowed algorithms \(algorithms.sorted())"
            )
        }
        var allowed: [[UInt8]] = []
        if let credentialId {
            allowed = [try Self.decodeBinary(credentialId, field: "credentialId")]
        }
        let record = CredentialRecord(
            id: allowed.first ?? response.credentialID,
            publicKey: key,
            signCount: signCount ?? 0,
            backupEligible: backupEligible ?? false
        )
        var expectations = AuthenticationExpectations(
            relyingPartyID: rpId,
            origins: Set(origins),
            challenge: try Self.decodeBinary(challenge, field: "challenge"),
            userVerification: requireUserVerification == true ? .required : .preferred,
            crossOrigin: crossOriginPolicy,
            allowedCredentialIDs: allowed,
            backupEligibilityPolicy: backupEligible == nil
                ? BackupEligibilityPolicy(rejectsLossOfEligibility: false, rejectsGainOfEligibility: false)
                : BackupEligibilityPolicy()
        )
        if let minimumChallengeLength {
            expectations.minimumChallengeLength = minimumChallengeLength
        }
        return try AuthenticationVerifier().verify(response, expecting: expectations, credential: record)
    }

    private var crossOriginPolicy: CrossOriginPolicy {
        guard let topOrigins else { return .forbidden }
        return .allowed(topOrigins: Set(topOrigins))
    }

    private static func decodeBinary(_ text: String, field: String) throws(WebAuthnError) -> [UInt8] {
        guard let bytes = Base64URL.decode(text) else {
            throw WebAuthnError(.malformedInput, "\(field) is not base64url or base64")
        }
        return bytes
    }

    /// The instant an RFC 3339 text names, with or without fractional seconds; `now` when there is none.
    static func instant(_ text: String?, now: Date) throws(WebAuthnError) -> Date {
        guard let text else { return now }
        if let date = try? Date(text, strategy: .iso8601) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        throw WebAuthnError(.malformedInput, "at \"\(text)\" is not an RFC 3339 instant such as 2021-09-01T00:00:00Z")
    }

    /// The stored key `encoded` (a recorded `publicKey`), parsed once per `keys`.
    private static func credentialKey(
        _ encoded: String,
        keys: inout CredentialKeyCache
    ) throws(WebAuthnError) -> COSEKey {
        if let key = keys.key(for: encoded) { return key }
        let keyBytes = try decodeBinary(encoded, field: "publicKey")
        let key: COSEKey
        do {
            key = try COSEKey(encoded: keyBytes)
        } catch let error as CryptoError where error.code == .unsupportedAlgorithm {
            throw WebAuthnError(.unsupportedAlgorithm, "publicKey: \(error.reason)")
        } catch let error as CryptoError {
            throw WebAuthnError(.invalidPublicKey, "publicKey is not a valid COSE_Key: \(error.reason)")
        } catch {
            throw WebAuthnError(.invalidPublicKey, "publicKey is not a valid COSE_Key: \(error)")
        }
        keys.remember(key, for: encoded)
        return key
    }
}
