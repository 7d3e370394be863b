import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting

/// One registration fixture turned into what the registration fuzz target needs: the verifier with the
/// fixture's trust anchors, its expectations, its credential ID and its binary members (the seeds).
public struct RegistrationProfile: Sendable {
    public let name: String
    public let verifier: RegistrationVerifier
    public let expectations: RegistrationExpectations
    public let credentialID: [UInt8]
    public let clientDataJSON: [UInt8]
    public let attestationObject: [UInt8]
    /// The fixture's `response` member, re-serialized.
    public let responseJSON: [UInt8]
}

/// One authentication fixture turned into what the assertion fuzz target needs.
public struct AuthenticationProfile: Sendable {
    public let name: String
    public let expectations: AuthenticationExpectations
    public let credential: CredentialRecord
    public let authenticatorData: [UInt8]
    public let clientDataJSON: [UInt8]
    public let signature: [UInt8]
    /// The fixture's `response` member, re-serialized.
    public let responseJSON: [UInt8]
}

/// The recorded ceremonies under `Fixtures/`, loaded once, in the order of their relative paths.
///
/// The directory is found from this file's path (the fuzz package lives in the repository), or from the
/// environment variable `PASSKEY_FIXTURES`.
public struct FixtureCorpus: Sendable {
    public let registrations: [RegistrationProfile]
    public let authentications: [AuthenticationProfile]

    /// Every fixture, loaded on first use.
    public static let shared = FixtureCorpus.load()

    /// The attestation objects' authenticator data and every authentication's authenticator data.
    public var authenticatorData: [[UInt8]] {
        registrations.compactMap { try? AttestationObject(bytes: $0.attestationObject, cborMode: .lenient) }
            .map(\.authenticatorData.rawBytes) + authentications.map(\.authenticatorData)
    }

    /// Every credential public key: those in registrations' authenticator data and the stored ones.
    public var coseKeys: [[UInt8]] {
        registrations.compactMap { try? AttestationObject(bytes: $0.attestationObject, cborMode: .lenient) }
            .compactMap { $0.authenticatorData.attestedCredentialData?.credentialPublicKey.encoded }
            + authentications.map(\.credential.publicKey.encoded)
    }

    static func load() -> FixtureCorpus {
        let environment = ProcessInfo.processInfo.environment["PASSKEY_FIXTURES"]
        let root =
            environment.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            fatalError("no fixtures at \(root.path)")
        }
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
        var registrations: [RegistrationProfile] = []
        var authentications: [AuthenticationProfile] = []
        for file in files {
            guard let data = try? Data(contentsOf: file),
                let ceremony = try? JSONDecoder().decode(RecordedCeremony.self, from: data),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let response = object["response"],
                let responseJSON = try? JSONSerialization.data(withJSONObject: response, options: [.sortedKeys])
            else { continue }
            let name = ceremony.name ?? file.lastPathComponent
            switch ceremony.response {
            case .registration(let json):
                if let profile = registrationProfile(ceremony, json, name: name, responseJSON: Array(responseJSON)) {
                    registrations.append(profile)
                }
            case .authentication(let json):
                if let profile = authenticationProfile(ceremony, json, name: name, responseJSON: Array(responseJSON)) {
                    authentications.append(profile)
                }
            }
        }
        guard !registrations.isEmpty, !authentications.isEmpty else {
            fatalError("no usable fixtures at \(root.path)")
        }
        return FixtureCorpus(registrations: registrations, authentications: authentications)
    }

    private static func registrationProfile(
        _ ceremony: RecordedCeremony,
        _ json: RegistrationResponseJSON,
        name: String,
        responseJSON: [UInt8]
    ) -> RegistrationProfile? {
        guard let response = try? RegistrationResponse(json), let challenge = Base64URL.decode(ceremony.challenge),
            let instant = instant(ceremony.at)
        else { return nil }
        var anchors = AttestationTrustAnchors.builtIn
        for pem in ceremony.trustAnchors ?? [] {
            guard let certificates = try? Certificate.certificates(fromPEM: pem) else { return nil }
            anchors.addForEveryFormat(certificates)
        }
        var expectations = RegistrationExpectations(
            relyingPartyID: ceremony.rpId,
            origins: Set(ceremony.origins),
            challenge: challenge,
            userVerification: ceremony.requireUserVerification == true ? .required : .preferred,
            crossOrigin: ceremony.topOrigins.map { .allowed(topOrigins: Set($0)) } ?? .forbidden,
            verificationInstant: instant
        )
        if let algorithms = ceremony.algorithms {
            expectations.allowedAlgorithms = Set(algorithms.map(COSEAlgorithm.init(rawValue:)))
        }
        return RegistrationProfile(
            name: name,
            verifier: RegistrationVerifier(trustAnchors: anchors),
            expectations: expectations,
            credentialID: response.credentialID,
            clientDataJSON: response.clientDataJSON,
            attestationObject: response.attestationObject,
            responseJSON: responseJSON
        )
    }

    private static func authenticationProfile(
        _ ceremony: RecordedCeremony,
        _ json: AuthenticationResponseJSON,
        name: String,
        responseJSON: [UInt8]
    ) -> AuthenticationProfile? {
        guard let response = try? AuthenticationResponse(json), let challenge = Base64URL.decode(ceremony.challenge),
            let keyText = ceremony.publicKey, let keyBytes = Base64URL.decode(keyText),
            let key = try? COSEKey(encoded: keyBytes)
        else { return nil }
        let allowed = ceremony.credentialId.flatMap { Base64URL.decode($0) }.map { [$0] } ?? []
        let credential = CredentialRecord(
            id: allowed.first ?? response.credentialID,
            publicKey: key,
            signCount: ceremony.signCount ?? 0,
            backupEligible: ceremony.backupEligible ?? false
        )
        let expectations = AuthenticationExpectations(
            relyingPartyID: ceremony.rpId,
            origins: Set(ceremony.origins),
            challenge: challenge,
            userVerification: ceremony.requireUserVerification == true ? .required : .preferred,
            crossOrigin: ceremony.topOrigins.map { .allowed(topOrigins: Set($0)) } ?? .forbidden,
            allowedCredentialIDs: allowed
        )
        return AuthenticationProfile(
            name: name,
            expectations: expectations,
            credential: credential,
            authenticatorData: response.authenticatorData,
            clientDataJSON: response.clientDataJSON,
            signature: response.signature,
            responseJSON: responseJSON
        )
    }

    private static func instant(_ text: String?) -> Date? {
        guard let text else { return Date() }
        return try? Date(text, strategy: .iso8601)
    }
}
