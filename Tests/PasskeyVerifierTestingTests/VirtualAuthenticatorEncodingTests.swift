import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bytes a virtual authenticator produces: client data as browsers serialize it, canonical CBOR and the
/// Level 3 JSON members.
@Suite struct VirtualAuthenticatorEncodingTests {
    private typealias Support = VirtualTestSupport

    @Test func clientDataIsSerializedInTheBrowsersOrder() throws {
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(challenge: [0xFB, 0xFF, 0x01], userHandle: nil)
        #expect(
            String(decoding: registration.clientDataJSON, as: UTF8.self)
                == #"{"type":"webauthn.create","challenge":"-_8B","origin":"https://example.com","crossOrigin":false}"#)
        authenticator.crossOrigin = nil
        authenticator.topOrigin = "https://top.example"
        authenticator.extraClientDataMembers = [
            .init(name: "other_keys_can_be_added_here", string: "do not compare clientDataJSON against a template"),
            .init(name: "flag", rawJSON: "true"),
        ]
        let assertion = try authenticator.authenticate(challenge: [])
        #expect(
            String(decoding: assertion.clientDataJSON, as: UTF8.self)
                == #"{"type":"webauthn.get","challenge":"","origin":"https://example.com","#
                + #""topOrigin":"https://top.example","#
                + #""other_keys_can_be_added_here":"do not compare clientDataJSON against a template","flag":true}"#)
    }

    @Test func clientDataStringsAreEscapedWithCCDToString() throws {
        let origin = "https://a\"b\\c\u{01}\u{1F}é😀.example"
        var authenticator = VirtualAuthenticator(origin: origin)
        let registration = try authenticator.register(challenge: [1], userHandle: nil)
        let text = String(decoding: registration.clientDataJSON, as: UTF8.self)
        #expect(text.contains(#""origin":"https://a\"b\\c\u0001\u001fé😀.example""#))
        let parsed = try CollectedClientData(jsonBytes: registration.clientDataJSON)
        #expect(parsed.origin == origin)
        #expect(parsed.type == "webauthn.create")
        #expect(parsed.crossOrigin == false)
        #expect(parsed.hash == HashAlgorithm.sha256.hash(registration.clientDataJSON))
    }

    @Test(arguments: VirtualTestSupport.Attestation.allCases)
    func theAttestationObjectIsCanonicalCBOR(kind: VirtualTestSupport.Attestation) throws {
        var authenticator = VirtualAuthenticator(attestation: try kind.make())
        authenticator.extensions = CBORMap(entries: [
            .init(key: .textString("credProtect"), value: .unsignedInteger(2)),
            .init(key: .textString("hmac-secret"), value: .boolean(true)),
        ])
        let registration = try authenticator.register(challenge: [1], userHandle: nil)
        let decoded = try CBORDecoder().decode(registration.attestationObject)
        #expect(CBOREncoder.encode(decoded) == registration.attestationObject)
        #expect(Array(registration.attestationObject.prefix(5)) == [0xA3, 0x63, 0x66, 0x6D, 0x74])
        let attestationObject = try AttestationObject(bytes: registration.attestationObject)
        #expect(attestationObject.format == kind.format)
        #expect(attestationObject.authenticatorData.rawBytes == registration.authenticatorData)
        let members = attestationObject.attestationStatement.entries.compactMap(\.key.textStringValue)
        switch kind {
        case .none: #expect(members.isEmpty)
        case .packedSelf: #expect(members == ["alg", "sig"])
        case .packed: #expect(members == ["alg", "sig", "x5c"])
        case .apple: #expect(members == ["x5c"])
        }
        let flags = attestationObject.authenticatorData.flags
        #expect(flags.contains(.attestedCredentialData) && flags.contains(.extensionData))
        #expect(
            attestationObject.authenticatorData.extensions?.entries.map(\.key) == [
                .textString("credProtect"), .textString("hmac-secret"),
            ])
    }

    @Test func authenticatorDataHasTheSpecifiedLayout() throws {
        var authenticator = VirtualAuthenticator(aaguid: Support.aaguid, signCounter: .fixed(0x0102_0304))
        let registration = try authenticator.register(
            challenge: [1], credentialID: [0xC1, 0xC2, 0xC3], userHandle: nil)
        let data = registration.authenticatorData
        #expect(Array(data.prefix(32)) == HashAlgorithm.sha256.hash(Array("example.com".utf8)))
        #expect(data[32] == 0x5D)
        #expect(Array(data[33..<37]) == [1, 2, 3, 4])
        #expect(Array(data[37..<53]) == Support.aaguid.bytes)
        #expect(Array(data[53..<58]) == [0x00, 0x03, 0xC1, 0xC2, 0xC3])
        #expect(Array(data[58...]) == registration.credential.publicKey.encoded)

        authenticator.flags = [.userPresent]
        authenticator.extensions = CBORMap(entries: [.init(key: .textString("credProtect"), value: .unsignedInteger(1))]
        )
        let assertion = try authenticator.authenticate(challenge: [2])
        #expect(Array(assertion.authenticatorData[37...]) == [0xA1, 0x6B] + Array("credProtect".utf8) + [0x01])
        #expect(assertion.authenticatorData[32] == 0x81)
        let parsed = try AuthenticatorData(bytes: assertion.authenticatorData)
        #expect(parsed.signCount == 0x0102_0304)
        #expect(parsed.extensions?[textKey: "credProtect"] == .unsignedInteger(1))
        #expect(parsed.attestedCredentialData == nil)
    }

    @Test func theRegistrationJSONHasEveryLevel3Member() throws {
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(
            challenge: [1], algorithm: .edDSA, credentialID: [0xFB, 0xFF], userHandle: nil)
        let json = registration.json
        #expect(json.id == "-_8")
        #expect(json.rawId == "-_8")
        #expect(json.type == "public-key")
        #expect(json.authenticatorAttachment == "platform")
        #expect(json.clientExtensionResults == AuthenticationExtensionsClientOutputsJSON())
        #expect(json.response.transports == ["hybrid", "internal"])
        #expect(json.response.publicKeyAlgorithm == -8)
        #expect(
            json.response.publicKey.flatMap(Base64URL.decode)
                == registration.credential.publicKey.publicKey.subjectPublicKeyInfo)
        #expect(json.response.authenticatorData.flatMap(Base64URL.decode) == registration.authenticatorData)
        #expect(Base64URL.decode(json.response.attestationObject) == registration.attestationObject)
        #expect(Base64URL.decode(json.response.clientDataJSON) == registration.clientDataJSON)
        #expect(try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(registration.jsonBytes)) == json)
        let text = String(decoding: registration.jsonBytes, as: UTF8.self)
        #expect(text.contains(#""clientExtensionResults":{}"#))
        #expect(!text.contains("="))
    }

    @Test func theAuthenticationJSONCarriesTheUserHandleOnlyWhenReturned() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.authenticatorAttachment = nil
        authenticator.clientExtensionResults = AuthenticationExtensionsClientOutputsJSON(appid: false)
        let registration = try authenticator.register(challenge: [1], userHandle: [0xFB, 0xFF, 0xFE])
        let assertion = try authenticator.authenticate(challenge: [2])
        #expect(assertion.json.response.userHandle == "-__-")
        #expect(assertion.userHandle == registration.credential.userHandle)
        #expect(assertion.json.authenticatorAttachment == nil)
        #expect(assertion.json.clientExtensionResults?.appid == false)
        #expect(
            try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(assertion.jsonBytes)) == assertion.json
        )
        #expect(try AuthenticationResponse(json: assertion.jsonBytes) == assertion.response)
        let signedData = assertion.authenticatorData + HashAlgorithm.sha256.hash(assertion.clientDataJSON)
        #expect(registration.credential.publicKey.isValidSignature(assertion.signature, for: signedData))

        authenticator.returnsUserHandle = false
        let anonymous = try authenticator.authenticate(challenge: [3])
        #expect(anonymous.userHandle == nil)
        #expect(anonymous.json.response.userHandle == nil)
        #expect(anonymous.nativeFields.userID == nil)
        #expect(!String(decoding: anonymous.jsonBytes, as: UTF8.self).contains("userHandle"))
    }

    @Test func nativeFieldsUseStandardPaddedBase64() throws {
        var authenticator = VirtualAuthenticator()
        let registration = try authenticator.register(challenge: [1], credentialID: [0xFB, 0xFF], userHandle: [0xFF])
        #expect(registration.nativeFields.credentialID == "+/8=")
        let assertion = try authenticator.authenticate(challenge: [2])
        #expect(assertion.nativeFields.credentialID == "+/8=")
        #expect(assertion.nativeFields.userID == "/w==")
        #expect(assertion.nativeFields.signature == Data(assertion.signature).base64EncodedString())
        #expect(assertion.nativeFields.rawAuthenticatorData == Data(assertion.authenticatorData).base64EncodedString())
        let encoded = String(decoding: try JSONEncoder().encode(assertion.nativeFields), as: UTF8.self)
        for member in ["credentialID", "rawClientDataJSON", "rawAuthenticatorData", "signature", "userID"] {
            #expect(encoded.contains("\"\(member)\""))
        }
    }

    @Test func generatedCredentialIDsAndUserHandlesAreRandom() throws {
        var authenticator = VirtualAuthenticator()
        authenticator.credentialIDLength = 32
        let first = try authenticator.register(challenge: [1], userHandle: nil)
        let second = try authenticator.register(challenge: [1], userHandle: nil)
        #expect(first.credentialID.count == 32)
        #expect(first.credentialID != second.credentialID)
        #expect(first.credential.userHandle.count == 16)
        #expect(first.credential.userHandle != second.credential.userHandle)
        #expect(first.credential.publicKey != second.credential.publicKey)
    }
}
