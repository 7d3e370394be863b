import Foundation
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Recording a live verification as a ``RecordedCeremony`` and replaying it.
@Suite struct RecordingTests {
    static let packed = "w3c/packed-es256.registration.json"

    /// Verifies the packed fixture with the library directly, as a host would, and records it.
    static func recordPackedRegistration(challenge: [UInt8]? = nil) throws -> RecordedCeremony {
        let fixture = try TestFixtures.ceremony(Self.packed)
        guard case .registration(let json) = fixture.response else {
            Issue.record("the fixture is not a registration")
            throw WebAuthnError(.malformedInput, "not a registration")
        }
        let pem = try #require(fixture.trustAnchors?.first)
        let root = try #require(try Certificate.certificates(fromPEM: pem).first)
        let expectations = RegistrationExpectations(
            relyingPartyID: fixture.rpId,
            origins: Set(fixture.origins),
            challenge: try challenge ?? #require(Base64URL.decode(fixture.challenge)),
            allowedAlgorithms: [.es256, .edDSA],
            verificationInstant: try #require(ISO8601DateFormatter().date(from: "2025-01-01T00:00:00Z"))
        )
        let verifier = RegistrationVerifier(trustAnchors: AttestationTrustAnchors.builtIn.addingForEveryFormat([root]))
        let outcome = Result { () throws(WebAuthnError) in
            try verifier.verify(try RegistrationResponse(json), expecting: expectations)
        }
        return RecordedCeremony(
            recording: json,
            expectations: expectations,
            trustAnchors: [root],
            outcome: outcome,
            name: "recorded/packed-es256",
            description: "recorded by a test"
        )
    }

    @Test func aRecordedRegistrationRoundTripsThroughAFileAndReplays() throws {
        let recording = try Self.recordPackedRegistration()
        #expect(recording.expected?.verified == true)
        #expect(recording.expected?.format == "packed")
        #expect(recording.expected?.attestationType == "basic")
        #expect(recording.at == "2025-01-01T00:00:00Z")
        #expect(recording.algorithms == [-8, -7])
        #expect(recording.trustAnchors?.first?.hasPrefix("-----BEGIN CERTIFICATE-----\n") == true)

        let url = try TestFixtures.temporaryDirectory().appendingPathComponent("recorded.json")
        try recording.write(to: url)
        let loaded = try RecordedCeremony.load(contentsOf: url)
        #expect(loaded.name == "recorded/packed-es256")
        #expect(loaded.expected == recording.expected)
        #expect(try loaded.jsonEncoded() == (try recording.jsonEncoded()))
        let result = loaded.replay()
        #expect(result.matched, "\(result.differences)")

        let cli = try CLIRunner.run(["replay", url.path])
        #expect(cli.status == 0)
        #expect(cli.lines.last == "1 ceremony: 1 matched, 0 differed")
    }

    @Test func theJSONIsDeterministicWithSortedKeys() throws {
        let first = try Self.recordPackedRegistration().jsonEncoded()
        let second = try Self.recordPackedRegistration().jsonEncoded()
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        let keys = ["\"algorithms\"", "\"at\"", "\"challenge\"", "\"description\"", "\"expected\"", "\"kind\""]
        let offsets = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(offsets.count == keys.count)
        #expect(offsets == offsets.sorted())
    }

    @Test func aRejectedRegistrationIsRecordedWithItsErrorCode() throws {
        let recording = try Self.recordPackedRegistration(challenge: [1, 2, 3])
        #expect(recording.expected == RecordedCeremony.Expectation(verified: false, error: "challengeMismatch"))
        #expect(recording.replay().matched)
    }

    @Test func aRecordedAuthenticationReplays() throws {
        let fixture = try TestFixtures.ceremony("w3c/packed-es256.authentication.json")
        guard case .authentication(let json) = fixture.response else {
            Issue.record("the fixture is not an authentication")
            return
        }
        let encodedKey = try #require(fixture.publicKey)
        let key = try COSEKey(encoded: try #require(Base64URL.decode(encodedKey)))
        let credential = CredentialRecord(
            id: try #require(Base64URL.decode(json.rawId)), publicKey: key, signCount: 0, backupEligible: true
        )
        let expectations = AuthenticationExpectations(
            relyingPartyID: fixture.rpId,
            origins: Set(fixture.origins),
            challenge: try #require(Base64URL.decode(fixture.challenge)),
            userVerification: .required
        )
        let outcome = Result { () throws(WebAuthnError) in
            try AuthenticationVerifier().verify(
                try AuthenticationResponse(json), expecting: expectations, credential: credential)
        }
        let recording = RecordedCeremony(
            recording: json, expectations: expectations, credential: credential, outcome: outcome)
        #expect(recording.requireUserVerification == true)
        #expect(recording.backupEligible == true)
        #expect(recording.expected?.newSignCount == 0)
        let reloaded = try RecordedCeremony(json: try recording.jsonEncoded())
        let result = reloaded.replay()
        #expect(result.matched, "\(result.differences)")
    }

    @Test func anExpectationFromAnOutcomeCarriesEveryReportedField() throws {
        let outcome = try TestFixtures.ceremony("real-devices/AppleAttestationIos.registration.json").verify()
        let expectation = RecordedCeremony.Expectation(outcome)
        #expect(expectation.verified)
        #expect(expectation.format == "apple")
        #expect(expectation.attestationType == "anonca")
        #expect(expectation.aaguid == "00000000-0000-0000-0000-000000000000")
        #expect(expectation.credentialId == outcome.credentialId)
        #expect(expectation.algorithm == -7)
        #expect(expectation.userVerified == true)
    }

    @Test func malformedRecordingsNameTheMissingMember() throws {
        #expect(throws: WebAuthnError(.malformedInput, "")) {
            try RecordedCeremony(json: Array("{\"kind\":\"registration\"}".utf8))
        }
        do {
            _ = try RecordedCeremony(json: Array("{\"kind\":\"registration\"}".utf8))
        } catch {
            #expect(error.message.contains("response"))
        }
    }
}
