import CBenchLibCrypto
import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting

/// A recorded authentication, ready to verify from JSON bytes or from the decoded response.
struct AuthenticationCase: @unchecked Sendable {
    let json: [UInt8]
    let response: AuthenticationResponse
    let expectations: AuthenticationExpectations
    let credential: CredentialRecord
    /// The raw libcrypto verifier for the same key, message and signature (freed at exit); `nil` when the
    /// runtime libcrypto cannot verify the key's algorithm (ML-DSA before OpenSSL 3.5).
    let raw: OpaquePointer?

    func verifyDecoded() -> Bool {
        (try? AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)) != nil
    }

    func verifyJSON() -> Bool {
        guard let response = try? AuthenticationResponse(json: json) else { return false }
        return (try? AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)) != nil
    }
}

/// A recorded registration with its verifier (trust anchors) and expectations.
struct RegistrationCase: Sendable {
    let json: [UInt8]
    let response: RegistrationResponse
    let expectations: RegistrationExpectations
    let verifier: RegistrationVerifier

    func verifyDecoded() -> Bool {
        (try? verifier.verify(response, expecting: expectations)) != nil
    }

    /// The same case with the response's bytes in new storage (see `fresh`).
    func copied() -> RegistrationCase {
        RegistrationCase(
            json: fresh(json),
            response: RegistrationResponse(
                credentialID: fresh(response.credentialID),
                clientDataJSON: fresh(response.clientDataJSON),
                attestationObject: fresh(response.attestationObject)
            ),
            expectations: expectations,
            verifier: verifier
        )
    }

    func verifyJSON() -> Bool {
        guard let response = try? RegistrationResponse(json: json) else { return false }
        return (try? verifier.verify(response, expecting: expectations)) != nil
    }
}

/// Reads recorded ceremonies from `Fixtures/`.
struct FixtureLoader {
    let root: URL

    init(root: URL?) {
        self.root =
            root
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    func ceremony(_ path: String) throws -> (RecordedCeremony, [UInt8]) {
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        let ceremony = try JSONDecoder().decode(RecordedCeremony.self, from: data)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let response = object["response"]
        else { throw BenchError("\(path) has no response") }
        return (ceremony, Array(try JSONSerialization.data(withJSONObject: response)))
    }

    /// `requiresRaw`: fail when libcrypto cannot build the raw verifier (false for ML-DSA, which only OpenSSL 3.5
    /// and later verify).
    func authentication(_ path: String, digest: String?, requiresRaw: Bool = true) throws -> AuthenticationCase {
        let (ceremony, json) = try ceremony(path)
        let response = try AuthenticationResponse(json: json)
        guard let keyText = ceremony.publicKey, let keyBytes = Base64URL.decode(keyText),
            let challenge = Base64URL.decode(ceremony.challenge)
        else { throw BenchError("\(path) has no publicKey or challenge") }
        let key = try COSEKey(encoded: keyBytes)
        let credential = CredentialRecord(
            id: response.credentialID,
            publicKey: key,
            signCount: ceremony.signCount ?? 0,
            backupEligible: ceremony.backupEligible ?? false
        )
        let expectations = AuthenticationExpectations(
            relyingPartyID: ceremony.rpId,
            origins: Set(ceremony.origins),
            challenge: challenge,
            userVerification: ceremony.requireUserVerification == true ? .required : .preferred,
            allowedCredentialIDs: [response.credentialID]
        )
        let message = response.authenticatorData + HashAlgorithm.sha256.hash(response.clientDataJSON)
        let spki = key.publicKey.subjectPublicKeyInfo
        let raw = spki.withUnsafeBufferPointer { spkiBuffer in
            message.withUnsafeBufferPointer { messageBuffer in
                response.signature.withUnsafeBufferPointer { signatureBuffer in
                    bench_raw_verifier_new(
                        spkiBuffer.baseAddress, spkiBuffer.count, digest, messageBuffer.baseAddress,
                        messageBuffer.count, signatureBuffer.baseAddress, signatureBuffer.count)
                }
            }
        }
        if raw == nil, requiresRaw { throw BenchError("\(path): libcrypto cannot build the raw verifier") }
        return AuthenticationCase(
            json: json,
            response: response,
            expectations: expectations,
            credential: credential,
            raw: raw
        )
    }

    /// An RS256 assertion by a freshly generated RSA key of `bits` bits (e = 65537), for example.org: no recorded
    /// ceremony uses a 2048-bit RS256 credential (the W3C RS256 vector's key has a 3482-bit modulus).
    func syntheticRSAAuthentication(bits: Int32) throws -> AuthenticationCase {
        let challenge: [UInt8] = Array(0..<32)
        let authenticatorData = HashAlgorithm.sha256.hash(Array("example.org".utf8)) + [0x05, 0, 0, 0, 1]
        let clientDataJSON = Array(
            (#"{"type":"webauthn.get","challenge":""# + Base64URL.encode(challenge)
                + #"","origin":"https://example.org","crossOrigin":false}"#).utf8
        )
        let message = authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON)
        var modulus = [UInt8](repeating: 0, count: 1024)
        var exponent = [UInt8](repeating: 0, count: 1024)
        var signature = [UInt8](repeating: 0, count: 1024)
        var modulusLength = 0
        var exponentLength = 0
        var signatureLength = 0
        guard
            bench_rsa_generate_and_sign(
                bits, message, message.count, &modulus, &modulusLength, &exponent, &exponentLength, &signature,
                &signatureLength) == 1
        else { throw BenchError("libcrypto cannot generate an RSA key") }
        let key = try COSEKey(
            cbor: .map(
                CBORMap(entries: [
                    .init(key: .init(integer: 1), value: .init(integer: 3)),
                    .init(key: .init(integer: 3), value: .init(integer: -257)),
                    .init(key: .init(integer: -1), value: .byteString(Array(modulus.prefix(modulusLength)))),
                    .init(key: .init(integer: -2), value: .byteString(Array(exponent.prefix(exponentLength)))),
                ])
            )
        )
        let credentialID: [UInt8] = Array(repeating: 0x42, count: 16)
        let signatureBytes = Array(signature.prefix(signatureLength))
        let json = Array(
            """
            {"id":"\(Base64URL.encode(credentialID))","rawId":"\(Base64URL.encode(credentialID))","type":"public-key",\
            "response":{"clientDataJSON":"\(Base64URL.encode(clientDataJSON))",\
            "authenticatorData":"\(Base64URL.encode(authenticatorData))",\
            "signature":"\(Base64URL.encode(signatureBytes))"},"clientExtensionResults":{}}
            """.utf8
        )
        let response = try AuthenticationResponse(json: json)
        let expectations = AuthenticationExpectations(
            relyingPartyID: "example.org",
            origins: ["https://example.org"],
            challenge: challenge,
            allowedCredentialIDs: [credentialID]
        )
        let spki = key.publicKey.subjectPublicKeyInfo
        guard
            let raw = bench_raw_verifier_new(
                spki, spki.count, "SHA256", message, message.count, signatureBytes, signatureBytes.count)
        else { throw BenchError("libcrypto cannot build the raw RSA verifier") }
        return AuthenticationCase(
            json: json,
            response: response,
            expectations: expectations,
            credential: CredentialRecord(id: credentialID, publicKey: key),
            raw: raw
        )
    }

    func registration(_ path: String) throws -> RegistrationCase {
        let (ceremony, json) = try ceremony(path)
        let response = try RegistrationResponse(json: json)
        guard let challenge = Base64URL.decode(ceremony.challenge), let at = ceremony.at else {
            throw BenchError("\(path) has no challenge or instant")
        }
        var anchors = AttestationTrustAnchors.builtIn
        for pem in ceremony.trustAnchors ?? [] {
            anchors.addForEveryFormat(try Certificate.certificates(fromPEM: pem))
        }
        let expectations = RegistrationExpectations(
            relyingPartyID: ceremony.rpId,
            origins: Set(ceremony.origins),
            challenge: challenge,
            userVerification: ceremony.requireUserVerification == true ? .required : .preferred,
            verificationInstant: try Date(at, strategy: .iso8601)
        )
        return RegistrationCase(
            json: json,
            response: response,
            expectations: expectations,
            verifier: RegistrationVerifier(trustAnchors: anchors)
        )
    }

    /// The x5c certificates (leaf first) of a registration's attestation statement.
    func x5c(_ registration: RegistrationCase) throws -> [[UInt8]] {
        let object = try AttestationObject(bytes: registration.response.attestationObject)
        guard let chain = object.attestationStatement[textKey: "x5c"]?.arrayValue else {
            throw BenchError("no x5c")
        }
        return chain.compactMap(\.byteStringValue)
    }
}

/// The raw verifier of `subject`'s signature by `issuer` (DER certificates).
func certificateVerifier(subject: [UInt8], issuer: [UInt8]) throws -> OpaquePointer {
    let raw = subject.withUnsafeBufferPointer { subjectBuffer in
        issuer.withUnsafeBufferPointer { issuerBuffer in
            bench_raw_verifier_new_certificate(
                subjectBuffer.baseAddress, subjectBuffer.count, issuerBuffer.baseAddress, issuerBuffer.count)
        }
    }
    guard let raw else { throw BenchError("libcrypto cannot build a certificate verifier") }
    return raw
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
