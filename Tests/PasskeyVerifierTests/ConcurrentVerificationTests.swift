import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Many tasks verifying with one shared key, credential record and registration verifier: the shared libcrypto
/// objects (keys, their pooled verification contexts, certificate stores) must give every task the right answer.
/// Run under `swift test --sanitize=thread` this is what the thread sanitizer checks (Docs/Robustness.md).
@Suite struct ConcurrentVerificationTests {
    /// A signed assertion for `key`: authenticator data for example.org (UP and UV set, counter 1) and
    /// client data for `challenge`.
    private static func assertion(
        _ key: PrivateKey,
        credentialID: [UInt8],
        challenge: [UInt8]
    ) throws -> AuthenticationResponse {
        let authenticatorData = HashAlgorithm.sha256.hash(Array("example.org".utf8)) + [0x05, 0, 0, 0, 1]
        let clientDataJSON = Array(
            #"{"type":"webauthn.get","challenge":"\#(Base64URL.encode(challenge))","origin":"https://example.org"}"#
                .utf8
        )
        let signature = try key.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
        return AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: signature
        )
    }

    @Test(arguments: [COSEAlgorithm.es256, .edDSA, .rs256, .ps256])
    func manyTasksVerifyAssertionsWithOneSharedCredential(algorithm: COSEAlgorithm) async throws {
        let key = try PrivateKey.generate(algorithm)
        let credentialID: [UInt8] = [1, 2, 3, 4]
        let challenge: [UInt8] = Array(0..<32)
        let valid = try Self.assertion(key, credentialID: credentialID, challenge: challenge)
        var tampered = valid.signature
        tampered[tampered.count / 2] ^= 0x01
        let invalid = AuthenticationResponse(
            credentialID: credentialID,
            clientDataJSON: valid.clientDataJSON,
            authenticatorData: valid.authenticatorData,
            signature: tampered
        )
        let credential = CredentialRecord(id: credentialID, publicKey: key.coseKey)
        let expectations = AuthenticationExpectations(
            relyingPartyID: "example.org",
            origins: ["https://example.org"],
            challenge: challenge
        )
        let verifier = AuthenticationVerifier()
        let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
            for task in 0..<64 {
                group.addTask {
                    let response = task % 3 == 2 ? invalid : valid
                    var rounds = 0
                    var correct = true
                    while rounds < 8 {
                        let verified = (try? verifier.verify(response, expecting: expectations, credential: credential))
                        correct = correct && (verified != nil) == (task % 3 != 2)
                        rounds += 1
                    }
                    return (task % 3 != 2, correct)
                }
            }
            var results: [(Bool, Bool)] = []
            for await result in group {
                results.append(result)
            }
            return results
        }
        #expect(outcomes.count == 64)
        #expect(outcomes.allSatisfy { $0.1 }, "some task got a wrong verdict")
        #expect(outcomes.filter { $0.0 }.count == 43)
    }

    @Test func manyTasksVerifyRegistrationsWithOneSharedVerifier() async throws {
        let directory = FixtureReplayTests.fixturesDirectory
        let names = [
            "w3c/packed-es256.registration.json", "w3c/none-es256.registration.json",
            "real-devices/AppleAttestationIos.registration.json",
        ]
        let ceremonies = try names.map { try FixtureReplayTests.load(directory.appendingPathComponent($0)) }
        var anchors = AttestationTrustAnchors.builtIn
        for ceremony in ceremonies {
            for pem in ceremony.trustAnchors ?? [] {
                anchors.addForEveryFormat(try Certificate.certificates(fromPEM: pem))
            }
        }
        let verifier = RegistrationVerifier(trustAnchors: anchors)
        var cases: [(RegistrationResponse, RegistrationExpectations)] = []
        for ceremony in ceremonies {
            guard case .registration(let json) = ceremony.response, let at = ceremony.at else {
                Issue.record("\(ceremony.name ?? "?") is not a registration with an instant")
                return
            }
            let expectations = RegistrationExpectations(
                relyingPartyID: ceremony.rpId,
                origins: Set(ceremony.origins),
                challenge: try #require(Base64URL.decode(ceremony.challenge)),
                verificationInstant: try Date(at, strategy: .iso8601)
            )
            cases.append((try RegistrationResponse(json), expectations))
        }
        let shared = cases
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<24 {
                group.addTask {
                    let (response, expectations) = shared[task % shared.count]
                    var failed = 0
                    for _ in 0..<4 where (try? verifier.verify(response, expecting: expectations)) == nil {
                        failed += 1
                    }
                    return failed
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}

/// The RP ID hash is computed when the RP ID is set, not per verification: changing the RP ID must change it.
@Suite struct ExpectationsRelyingPartyIDHashTests {
    @Test func changingTheRelyingPartyIDChangesWhatAuthenticatorDataMustCarry() throws {
        let key = try PrivateKey.generate(.es256)
        let authenticatorData = HashAlgorithm.sha256.hash(Array("example.org".utf8)) + [0x01, 0, 0, 0, 1]
        let clientDataJSON = Array(#"{"type":"webauthn.get","challenge":"AQI","origin":"https://example.org"}"#.utf8)
        let response = AuthenticationResponse(
            credentialID: [9],
            clientDataJSON: clientDataJSON,
            authenticatorData: authenticatorData,
            signature: try key.sign(authenticatorData + HashAlgorithm.sha256.hash(clientDataJSON))
        )
        let credential = CredentialRecord(id: [9], publicKey: key.coseKey)
        var expectations = AuthenticationExpectations(
            relyingPartyID: "example.com",
            origins: ["https://example.org"],
            challenge: [1, 2]
        )
        expectations.minimumChallengeLength = 2
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)
        }
        expectations.relyingPartyID = "example.org"
        #expect(throws: Never.self) {
            try AuthenticationVerifier().verify(response, expecting: expectations, credential: credential)
        }
        let ceremony = try FixtureReplayTests.load(
            FixtureReplayTests.fixturesDirectory.appendingPathComponent("w3c/none-es256.registration.json")
        )
        guard case .registration(let json) = ceremony.response, let at = ceremony.at else {
            Issue.record("not a registration with an instant")
            return
        }
        var registration = RegistrationExpectations(
            relyingPartyID: "example.com",
            origins: Set(ceremony.origins),
            challenge: try #require(Base64URL.decode(ceremony.challenge)),
            verificationInstant: try Date(at, strategy: .iso8601)
        )
        let registrationResponse = try RegistrationResponse(json)
        #expect(throws: WebAuthnError(.rpIdMismatch, "")) {
            try RegistrationVerifier().verify(registrationResponse, expecting: registration)
        }
        registration.relyingPartyID = ceremony.rpId
        #expect(throws: Never.self) { try RegistrationVerifier().verify(registrationResponse, expecting: registration) }
    }
}
