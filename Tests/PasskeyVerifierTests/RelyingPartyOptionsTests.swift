import Foundation
import PasskeyCrypto
import PasskeyVerifier
import Testing

@Suite struct RelyingPartyOptionsTests {
    @Test func requestOptionsEncodeWithTheLevel3MemberNamesAndLeaveOutAbsentOnes() throws {
        let options = PublicKeyCredentialRequestOptionsJSON(
            challenge: "AAAA",
            allowCredentials: [PublicKeyCredentialDescriptorJSON(id: [1, 2, 3])]
        )
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try jsonBytes(options))) as? [String: Any]
        )
        #expect(Set(object.keys) == ["challenge", "allowCredentials", "hints"])
        let descriptor = try #require((object["allowCredentials"] as? [[String: Any]])?.first)
        #expect(descriptor["type"] as? String == "public-key")
        #expect(descriptor["id"] as? String == "AQID")
        #expect(descriptor["transports"] == nil)
    }

    @Test func requestOptionsDecodeWithTheLevel3Defaults() throws {
        let json = #"{"challenge":"AAAA","rpId":"example.com","userVerification":"required"}"#
        let options = try JSONDecoder().decode(PublicKeyCredentialRequestOptionsJSON.self, from: Data(json.utf8))
        #expect(options.allowCredentials.isEmpty)
        #expect(options.hints.isEmpty)
        #expect(options.userVerification == .required)
        #expect(options.timeout == nil)
        #expect(options.challengeBytes == [0, 0, 0])
    }

    @Test func creationOptionsDecodeWithTheLevel3Defaults() throws {
        let json = #"""
            {"rp":{"name":"Example"},"user":{"id":"AQ","name":"a","displayName":"A"},"challenge":"AAAA",
             "pubKeyCredParams":[{"type":"public-key","alg":-7}]}
            """#
        let options = try JSONDecoder().decode(PublicKeyCredentialCreationOptionsJSON.self, from: Data(json.utf8))
        #expect(options.rp.id == nil)
        #expect(options.excludeCredentials.isEmpty)
        #expect(options.hints.isEmpty)
        #expect(options.attestation == .none)
        #expect(options.attestationFormats.isEmpty)
        #expect(options.authenticatorSelection == nil)
        #expect(options.pubKeyCredParams.first?.algorithm == .es256)
    }

    @Test func creationOptionsRoundTripThroughJSON() async throws {
        let relyingParty = try makeRelyingParty {
            $0.attestation = .direct
            $0.attestationFormats = ["packed", "apple"]
            $0.authenticatorAttachment = .crossPlatform
            $0.residentKey = .discouraged
            $0.hints = [.securityKey]
            $0.timeout = .milliseconds(90_500)
        }
        let options = try await relyingParty.beginRegistration(for: alice)
        let decoded = try JSONDecoder().decode(
            PublicKeyCredentialCreationOptionsJSON.self,
            from: Data(jsonBytes(options))
        )
        #expect(decoded == options)
        #expect(options.timeout == 90_500)
        #expect(options.authenticatorSelection?.authenticatorAttachment == .crossPlatform)
        #expect(options.authenticatorSelection?.requireResidentKey == false)
        let text = String(decoding: try jsonBytes(options), as: UTF8.self)
        #expect(text.contains(#""authenticatorAttachment":"cross-platform""#))
        #expect(text.contains(#""hints":["security-key"]"#))
    }

    @Test func anEmptyOrUnsupportedConfigurationIsAUsageError() {
        let configurations: [(inout RelyingPartyConfiguration) -> Void] = [
            { $0.relyingPartyID = "" },
            { $0.origins = [] },
            { $0.allowedAlgorithms = [] },
            { $0.allowedAlgorithms = [.es256, .rs1] },
            { $0.timeout = .milliseconds(500) },
            { $0.challengeLifetime = .seconds(86_401) },
        ]
        for configure in configurations {
            #expect(throws: RelyingPartyUsageError.self) {
                try makeRelyingParty(configure: configure)
            }
        }
    }

    @Test func backupStateChangesAreNamedByDirection() {
        #expect(BackupStateChange(stored: false, reported: true) == .backedUp)
        #expect(BackupStateChange(stored: true, reported: false) == .noLongerBackedUp)
        #expect(BackupStateChange(stored: true, reported: true) == .unchanged)
        #expect(BackupStateChange(stored: false, reported: false) == .unchanged)
    }

    @Test func nativePayloadsDecodeStandardBase64AndNameBadMembers() throws {
        let assertion = NativeAssertionPayload(
            credentialID: "+/8=",
            rawClientDataJSON: "e30=",
            rawAuthenticatorData: "AA==",
            signature: "AQ==",
            userID: ""
        )
        let response = try assertion.authenticationResponse()
        #expect(response.credentialID == [0xFB, 0xFF])
        #expect(response.clientDataJSON == Array("{}".utf8))
        #expect(response.userHandle == nil)

        var broken = assertion
        broken.signature = "not base64!"
        let error = #expect(throws: WebAuthnError(.malformedInput, "")) { try broken.authenticationResponse() }
        #expect(error?.message.contains("signature") == true)
        broken = assertion
        broken.credentialID = ""
        #expect(throws: WebAuthnError(.malformedInput, "")) { try broken.authenticationResponse() }

        let registration = NativeRegistrationPayload(
            credentialID: "AQ==",
            rawClientDataJSON: "e30=",
            rawAttestationObject: "oA=="
        )
        #expect(try registration.registrationResponse().attestationObject == [0xA0])
        let missing = #expect(throws: WebAuthnError(.malformedInput, "")) {
            try NativeRegistrationPayload(json: Array(#"{"credentialID":"AQ=="}"#.utf8))
        }
        #expect(
            missing?.message.contains("rawClientDataJSON") == true
                || missing?.message.contains("rawAttestationObject") == true
        )
    }
}
