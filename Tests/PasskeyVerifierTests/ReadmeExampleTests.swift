import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The examples in README.md, run for real: the pure verifiers on the WebAuthn Level 3 none-es256 test vector (a
/// registration, §7.1, and a sign-in, §7.2, from the JSON bodies a browser sends), the relying party with a virtual
/// authenticator, and a recorded ceremony replayed. The lines between the README markers are the README's code
/// exactly.
@Suite struct ReadmeExampleTests {
    /// The body a browser POSTs after `navigator.credentials.create()`: `PublicKeyCredential.toJSON()`.
    static let registrationBody = Array(
        """
        {
            "id": "-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q",
            "rawId": "-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q",
            "type": "public-key",
            "response": {
                "clientDataJSON": "\
        eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiQU1NUHQ0VXh4R1RTdG5jZHE0MTdZRHdCRmk4dnBJYS1wdzhv\
        T3VWVzRUQSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5vcmciLCJjcm9zc09yaWdpbiI6ZmFsc2UsImV4dHJhRGF0YSI6ImNs\
        aWVudERhdGFKU09OIG1heSBiZSBleHRlbmRlZCB3aXRoIGFkZGl0aW9uYWwgZmllbGRzIGluIHRoZSBmdXR1cmUsIHN1Y2ggYXMg\
        dGhpczogQmtRZURqZGNUQnJYQmlBd0pUTEU1USJ9",
                "attestationObject": "\
        o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVikv6vDdDKViwYzYNOtZGHJxHNa5_jt1GWSpeDwFFKy5LVZAAAAAIRGzLmrHbN0\
        dQsjZ_9vOh8AIPkfOR20ybL94OpwGJy6P7Y_V5umEiszrZT_PsMwCEvkpQECAyYgASFYIK_voW-XypstI-uGzLZAmNINuQhWBi6y\
        ScM6m2cvJt9hIlggkwpWuHovymYzSwNFir-HlxfBLMaO1zKQry4mZHlrkiA",
                "transports": ["internal", "hybrid"]
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {}
        }
        """.utf8)
    /// The body a browser POSTs after `navigator.credentials.get()`; `userHandle` is ``userID``.
    static let authenticationBody = Array(
        """
        {
            "id": "-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q",
            "rawId": "-R85HbTJsv3g6nAYnLo_tj9Xm6YSKzOtlP8-wzAIS-Q",
            "type": "public-key",
            "response": {
                "clientDataJSON": "\
        eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiT2NEblVoUVh1bFRVUG8zSlVYVDBJOTdwdnp6WUJQOXRaY2hYeWF2\
        MDFBZyIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5vcmciLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
                "authenticatorData": "v6vDdDKViwYzYNOtZGHJxHNa5_jt1GWSpeDwFFKy5LUZAAAAAA",
                "signature": "\
        MEYCIQD1Ck4uRAkknEqFO6NhKC8JhB303UVHoTqHeAIY3v_NOAIhAISArA8Lk1OBdPV1vxGh3V14xuSGAT-TcpXqE2U-Mx6H",
                "userHandle": "o_GcC159TiuMH2DZ4rekFQ"
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {}
        }
        """.utf8)

    /// The challenge the server issued for the registration (the vector's).
    static var registrationChallenge: [UInt8] { W3CVectors.bytes(W3CVectors.noneES256RegistrationChallenge) }
    /// The challenge the server issued for the sign-in (the vector's).
    static var authenticationChallenge: [UInt8] { W3CVectors.bytes(W3CVectors.noneES256AuthenticationChallenge) }
    /// The account's user handle (`user.id`, §5.4.3): random bytes, no personal data.
    static let userID = W3CVectors.bytes("a3f19c0b5e7d4e2b8c1f60d9e2b7a415")

    @Test func theReadmeExampleRegistersAndSignsIn() throws {
        let registrationBody = Self.registrationBody
        let authenticationBody = Self.authenticationBody
        let userID = Self.userID
        // What the server kept when it sent the options: the challenges as base64url text.
        let storedRegistrationChallenge = Base64URL.encode(Self.registrationChallenge)
        let storedAuthenticationChallenge = Base64URL.encode(Self.authenticationChallenge)

        // README example begins.
        // registrationBody, authenticationBody: [UInt8], the posted JSON; userID: [UInt8], the account's user handle.
        let registrationChallenge: [UInt8] = Base64URL.decode(storedRegistrationChallenge) ?? []  // [] never verifies
        let authenticationChallenge: [UInt8] = Base64URL.decode(storedAuthenticationChallenge) ?? []
        let registration = try RegistrationVerifier().verify(
            try RegistrationResponse(json: registrationBody),
            expecting: RegistrationExpectations(
                relyingPartyID: "example.org", origins: ["https://example.org"],
                challenge: registrationChallenge, verificationInstant: Date()))
        let record = registration.credentialRecord(userHandle: userID)  // store it
        let signIn = try AuthenticationVerifier().verify(
            try AuthenticationResponse(json: authenticationBody),
            expecting: AuthenticationExpectations(
                relyingPartyID: "example.org", origins: ["https://example.org"], challenge: authenticationChallenge),
            credential: record)  // store signIn.updatedCredentialRecord
        // README example ends.

        #expect(registrationChallenge == Self.registrationChallenge)
        #expect(authenticationChallenge == Self.authenticationChallenge)
        #expect(registration.format == "none")
        #expect(registration.attestationType == .none)
        #expect(registration.credentialPublicKey.algorithm == .es256)
        #expect(record.id == W3CVectors.bytes(ModelTestVectors.noneES256CredentialID))
        #expect(record.userHandle == userID)
        #expect(record.transports == ["internal", "hybrid"])
        #expect(record.backupEligible && record.backupState)
        #expect(record.signCount == 0)
        #expect(signIn.credentialID == record.id)
        #expect(signIn.userHandle == userID)
        #expect(signIn.userPresent)
        #expect(!signIn.signCountRegressed)
        #expect(signIn.backupEligibilityChange == .unchanged)
        #expect(signIn.updatedCredentialRecord == record)
    }

    /// The README's challenge decoding fails safe: a stored challenge that is not base64url reads as `[]`, which
    /// no verification accepts (§13.4.3 wants 16 bytes at least).
    @Test func anUnreadableStoredChallengeNeverVerifies() {
        let storedRegistrationChallenge = "not base64url!"
        let registrationChallenge: [UInt8] = Base64URL.decode(storedRegistrationChallenge) ?? []
        #expect(registrationChallenge.isEmpty)
        #expect(throws: WebAuthnError(.challengeMismatch, "")) {
            try RegistrationVerifier().verify(
                try RegistrationResponse(json: Self.registrationBody),
                expecting: RegistrationExpectations(
                    relyingPartyID: "example.org", origins: ["https://example.org"],
                    challenge: registrationChallenge, verificationInstant: Date()))
        }
    }

    /// `Fixtures/` of this repository, found from this file's path.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func theReadmeRecordedCeremonyExampleReplaysAFixture() throws {
        let fixtures = Self.fixtures

        // README recorded-ceremony example begins.
        let fixture = fixtures.appendingPathComponent("w3c/none-es256.registration.json")  // fixtures: Fixtures/'s URL
        let result = try RecordedCeremony.load(contentsOf: fixture).replay()  // .matched, .outcome, .differences
        // README recorded-ceremony example ends.

        #expect(result.matched, "\(result.differences)")
        #expect(result.outcome.verified)
        #expect(result.name == "w3c/none-es256/registration")
        #expect(result.kind == .registration)
    }

    /// The same sign-in body cannot be replayed against the next challenge the server issues.
    @Test func aReplayedSignInFailsWithChallengeMismatch() throws {
        let registration = try RegistrationVerifier().verify(
            try RegistrationResponse(json: Self.registrationBody),
            expecting: RegistrationExpectations(
                relyingPartyID: "example.org", origins: ["https://example.org"],
                challenge: Self.registrationChallenge, verificationInstant: Date()))
        let record = registration.credentialRecord(userHandle: Self.userID)
        #expect(throws: WebAuthnError(.challengeMismatch, "")) {
            try AuthenticationVerifier().verify(
                try AuthenticationResponse(json: Self.authenticationBody),
                expecting: AuthenticationExpectations(
                    relyingPartyID: "example.org", origins: ["https://example.org"],
                    challenge: Array(repeating: 7, count: 32)),
                credential: record)
        }
    }

    /// The browser or app of the README's relying-party example: a virtual authenticator answering the
    /// options as `navigator.credentials.create()` / `get()` would, returning the body the page posts.
    actor Client {
        private var authenticator = VirtualAuthenticator()

        func create(_ options: PublicKeyCredentialCreationOptionsJSON) throws -> [UInt8] {
            try authenticator.register(options: options).jsonBytes
        }

        func get(_ options: PublicKeyCredentialRequestOptionsJSON) throws -> [UInt8] {
            try authenticator.authenticate(options: options).jsonBytes
        }
    }

    @Test func theReadmeRelyingPartyExampleRegistersAndSignsIn() async throws {
        let credentials = InMemoryCredentialStore()
        let challenges = InMemoryChallengeStore()
        let user = PublicKeyCredentialUserEntity(id: Self.userID, name: "ada@example.com", displayName: "Ada")
        let client = Client()

        // README relying-party example begins.
        let relyingParty = try RelyingParty(
            configuration: RelyingPartyConfiguration(
                relyingPartyID: "example.com", relyingPartyName: "Example", origins: ["https://example.com"]),
            credentialStore: credentials,  // your database, shared by every server instance
            challengeStore: challenges)

        // Registration: the options go to the page, which posts back PublicKeyCredential.toJSON().
        let creationOptions = try await relyingParty.beginRegistration(for: user)
        let registrationBody = try await client.create(creationOptions)
        let registered = try await relyingParty.finishRegistration(json: registrationBody)

        // Sign-in with any passkey of the site (discoverable credentials, also through autofill).
        let requestOptions = try await relyingParty.beginAuthentication()
        let authenticationBody = try await client.get(requestOptions)
        let signedIn = try await relyingParty.finishAuthentication(json: authenticationBody)
        // signedIn.userHandle is the account; registered.credentialRecord is what was stored.
        // README relying-party example ends.

        #expect(signedIn.userHandle == Self.userID)
        #expect(signedIn.credentialID == registered.credentialID)
        #expect(await credentials.credential(withID: registered.credentialID)?.userHandle == Self.userID)
        await #expect(throws: WebAuthnError(.challengeNotFound, "")) {
            try await relyingParty.finishAuthentication(json: authenticationBody)
        }
    }

    /// The code between each pair of markers in this file is, line for line, a `swift` block of README.md
    /// (after its `import` lines): the README shows what the tests run.
    @Test func theReadmeShowsExactlyTheCodeTheseTestsRun() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"),
            encoding: .utf8
        )
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        .map { block in
            block.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") }
                .drop { $0.isEmpty }
                .map { String($0) }
                .filter { !$0.isEmpty }
        }
        for marker in ["README example", "README relying-party example", "README recorded-ceremony example"] {
            let begin = "// \(marker) begins."
            let end = "// \(marker) ends."
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let start = try #require(lines.firstIndex(of: begin))
            let stop = try #require(lines.firstIndex(of: end))
            let indentation = try #require(
                source.split(separator: "\n").first { $0.contains(begin) }?.prefix { $0 == " " }.count)
            let tested = source.split(separator: "\n", omittingEmptySubsequences: false)[(start + 1)..<stop]
                .map { String($0.dropFirst(indentation)) }
                .filter { !$0.isEmpty }
            #expect(blocks.contains(tested), "README.md has no swift block equal to the \(marker) lines of this file")
        }
    }
}
