import Foundation
import PasskeyCrypto
import PasskeyVerifier

extension RecordedCeremony {
    /// Verifies the recorded response against the recorded expectations, at the recorded instant
    /// (or `now` when the recording has none), with the built-in trust anchors plus the recorded ones.
    public func verify(now: Date = Date()) -> CeremonyOutcome {
        do {
            switch response {
            case .registration(let json):
                return CeremonyOutcome(try verifyRegistration(json, now: now))
            case .authentication(let json):
                return CeremonyOutcome(try verifyAuthentication(json))
            }
        } catch {
            return CeremonyOutcome(error: error)
        }
    }

    /// Replays the recording: verifies it and compares the outcome with ``expected``.
    public func replay(now: Date = Date()) -> ReplayResult {
        let outcome = verify(now: now)
        return ReplayResult(name: name ?? "(unnamed)", kind: kind, outcome: outcome, expectation: expected)
    }

    private func verifyRegistration(_ json: RegistrationResponseJSON, now: Date) throws(WebAuthnError)
        -> VerifiedRegistration
    {
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
        let verifier: RegistrationVerifier
        if let trustAnchors, !trustAnchors.isEmpty {
            var certificates: [Certificate] = []
            for (index, pem) in trustAnchors.enumerated() {
                do {
                    certificates.append(contentsOf: try Certificate.certificates(fromPEM: pem))
                } catch {
                    throw WebAuthnError(.malformedInput, "trustAnchors[\(index)] is not a PEM certificate: \(error)")
                }
            }
            verifier = RegistrationVerifier(trustAnchors: AttestationTrustAnchors.builtIn.addingForEveryFormat(certificates))
        } else {
            verifier = defaultRegistrationVerifier
        }
        return try verifier.verify(response, expecting: expectations)
    }

    private func verifyAuthentication(_ json: AuthenticationResponseJSON) throws(WebAuthnError)
        -> VerifiedAuthentication
    {
        let response = try AuthenticationResponse(json)
        guard let publicKey else {
            throw WebAuthnError(.malformedInput, "an authentication case needs publicKey, the stored COSE_Key")
        }
        let keyBytes = try Self.decodeBinary(publicKey, field: "publicKey")
        let key: COSEKey
        do {
            key = try COSEKey(encoded: keyBytes)
        } catch let error as CryptoError where error.code == .unsupportedAlgorithm {
            throw WebAuthnError(.unsupportedAlgorithm, "publicKey: \(error)")
        } catch {
            throw WebAuthnError(.invalidPublicKey, "publicKey is not a valid COSE_Key: \(error)")
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
        let expectations = AuthenticationExpectations(
            relyingPartyID: rpId,
            origins: Set(origins),
            challenge: try Self.decodeBinary(challenge, field: "challenge"),
            userVerification: requireUserVerification == true ? .required : .preferred,
            crossOrigin: crossOriginPolicy,
            allowedCredentialIDs: allowed
        )
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

    private static func instant(_ text: String?, now: Date) throws(WebAuthnError) -> Date {
        guard let text else { return now }
        if let date = try? Date(text, strategy: .iso8601) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        throw WebAuthnError(.malformedInput, "at \"\(text)\" is not an RFC 3339 instant such as 2021-09-01T00:00:00Z")
    }
}

/// Built once: the verifier for cases that bring no trust anchors of their own.
private let defaultRegistrationVerifier = RegistrationVerifier()
