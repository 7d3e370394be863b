import Foundation
import PasskeyVerifier
import Testing

/// `passkey-verify inspect`: decodes without verifying, as text or JSON.
@Suite struct InspectCommandTests {
    static let apple = "Fixtures/real-devices/AppleAttestationIos.registration.json"

    @Test func showsTheAppleRegistrationReadably() throws {
        let result = try CLIRunner.run(["inspect", Self.apple])
        #expect(result.status == 0)
        let text = result.standardOutput
        for expected in [
            "flagNames: UP, UV, AT", "signCount: 0", "aaguid: 00000000-0000-0000-0000-000000000000",
            "kty: 2", "alg: -7", "crv: 1", "x: Yc87v7q19IYjqS3vizLAet_NcW0NVpYRvzvZFfCT00k",
            "y: wUdK8yEyOIrrgbqVbUkRYWXx2txoWFLv8NzKNod7P_o", "fmt: apple", "x5cCount: 2",
            "subject: CN=31c4e936c80f65cec771efd8ca5c147ee81f68f5a819a5341b0596bdbe8ab491",
            "subject: CN=Apple WebAuthn CA 1, O=Apple Inc., ST=California",
            "notBefore: 2021-04-11T12:37:18Z", "notAfter: 2021-04-14T12:37:18Z",
            "notBefore: 2020-03-18T18:38:01Z", "notAfter: 2030-03-13T00:00:00Z",
            "type: webauthn.create", "origin: https://demo.yubico.com", "apple-nonce",
        ] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test func jsonHasTheSameFields() throws {
        let result = try CLIRunner.run(["inspect", "--json", Self.apple])
        #expect(result.status == 0)
        let json = try #require(result.json)
        #expect(json["kind"] as? String == "registration")
        let clientData = try #require(json["clientData"] as? [String: Any])
        #expect(clientData["challenge"] as? String == "QK6snIjN40cMdoh6U-GsDfyEc9PczJtH-I733wZH4Hg")
        let authenticatorData = try #require(json["authenticatorData"] as? [String: Any])
        #expect(
            authenticatorData["rpIdHash"] as? String
                == "c46cef82ad1b546477591d008b08759ec3e6d2ecb4f39474bfea6969925d03b7")
        #expect(authenticatorData["flags"] as? String == "0x45")
        #expect(authenticatorData["flagNames"] as? [String] == ["UP", "UV", "AT"])
        #expect(authenticatorData["signCount"] as? Int == 0)
        let attested = try #require(authenticatorData["attestedCredentialData"] as? [String: Any])
        #expect(attested["credentialId"] as? String == "StK4O785nfwQGrQzZF1-mgYT2Uk")
        #expect(attested["credentialIdLength"] as? Int == 20)
        let key = try #require(attested["publicKey"] as? [String: Any])
        #expect(key["kty"] as? Int == 2)
        #expect(key["alg"] as? Int == -7)
        #expect(key["crvName"] as? String == "P-256")
        #expect(key["error"] == nil)
        let statement = try #require(json["attestationStatement"] as? [String: Any])
        #expect(statement["fmt"] as? String == "apple")
        #expect(statement["x5cCount"] as? Int == 2)
        let certificates = try #require(statement["certificates"] as? [[String: Any]])
        #expect(certificates.count == 2)
        #expect(certificates[1]["issuer"] as? String == "CN=Apple WebAuthn Root CA, O=Apple Inc., ST=California")
        #expect(certificates[0]["publicKey"] as? String == "EC P-256")
        #expect(certificates[1]["publicKey"] as? String == "EC P-384")
        #expect(certificates[1]["certificateAuthority"] as? Bool == true)
        #expect(certificates[0]["serialNumber"] as? String == "0178c61610b3")
    }

    @Test func packedStatementShowsAlgorithmSignatureAndTheAAGUIDExtension() throws {
        let result = try CLIRunner.run(["inspect", "--json", "Fixtures/real-devices/YubiKey5.registration.json"])
        #expect(result.status == 0)
        let statement = try #require(result.json?["attestationStatement"] as? [String: Any])
        #expect(statement["fmt"] as? String == "packed")
        #expect(statement["alg"] as? Int == -7)
        #expect((statement["sigLength"] as? Int ?? 0) > 60)
        let certificate = try #require((statement["certificates"] as? [[String: Any]])?.first)
        let extensions = try #require(certificate["extensions"] as? [[String: Any]])
        let aaguid = extensions.first { $0["name"] as? String == "fido-gen-ce-aaguid" }
        #expect(aaguid?["value"] as? String == "fa2b99dc-9e39-4257-8f92-4a30d23c4118")
        #expect(certificate["issuer"] as? String == "CN=Yubico U2F Root CA Serial 457200631")
    }

    @Test func anAuthenticationResponseShowsItsAuthenticatorDataAndSignature() throws {
        let result = try CLIRunner.run(
            ["inspect", "--json"],
            input: try TestFixtures.response("w3c/packed-es256.authentication.json")
        )
        #expect(result.status == 0)
        #expect(result.json?["kind"] as? String == "authentication")
        #expect((result.json?["authenticatorData"] as? [String: Any])?["flagNames"] as? [String] == ["UP", "UV", "BE"])
        #expect((result.json?["signature"] as? [String: Any])?["length"] as? Int == 71)
    }

    @Test func bareBinaryValuesAreRecognized() throws {
        let registration = try TestFixtures.object("w3c/packed-es256.registration.json")
        let members = try #require((registration["response"] as? [String: Any])?["response"] as? [String: Any])
        let attestationObject = try #require(members["attestationObject"] as? String)
        let clientDataJSON = try #require(members["clientDataJSON"] as? String)
        let assertion = try TestFixtures.object("w3c/packed-es256.authentication.json")
        let authenticatorData = try #require(
            ((assertion["response"] as? [String: Any])?["response"] as? [String: Any])?["authenticatorData"] as? String
        )
        let standardAuthenticatorData = Base64URL.encodeStandard(try #require(Base64URL.decode(authenticatorData)))
        for (input, kind) in [
            (attestationObject, "attestationObject"), (clientDataJSON, "clientDataJSON"),
            (standardAuthenticatorData + "\n", "authenticatorData"),
            (try TestFixtures.string("w3c/packed-es256.authentication.json", "publicKey"), "coseKey"),
        ] {
            let result = try CLIRunner.run(["inspect", "--json"], input: Array(input.utf8))
            #expect(result.status == 0, "\(kind)")
            #expect(result.json?["kind"] as? String == kind)
        }
    }

    @Test func truncatedAuthenticatorDataIsReportedWithExitOne() throws {
        let input = Base64URL.encode([UInt8](repeating: 7, count: 36))
        let result = try CLIRunner.run(["inspect", "--json"], input: Array(input.utf8))
        #expect(result.status == 1)
        let section = try #require(result.json?["authenticatorData"] as? [String: Any])
        #expect((section["error"] as? [String: Any])?["code"] as? String == "malformedAuthenticatorData")
    }

    @Test func anMLDSAKeyIsShownWithItsKeyTypeAndLength() throws {
        let result = try CLIRunner.run(["inspect", "--json", "Fixtures/real-devices/Mldsa44.registration.json"])
        #expect(result.status == 0, "\(result.standardError)")
        let authenticatorData = try #require(result.json?["authenticatorData"] as? [String: Any])
        let attested = try #require(authenticatorData["attestedCredentialData"] as? [String: Any])
        let key = try #require(attested["publicKey"] as? [String: Any])
        #expect(key["kty"] as? Int == 7)
        #expect(key["algName"] as? String == "ML-DSA-44")
        #expect(key["pubLength"] as? Int == 1312)
        #expect(key["error"] == nil)
    }

    @Test func anUnsupportedKeyIsShownAndReported() throws {
        // {1: 7, 3: -51, -1: h'00 × 16'}: an AKP key of an algorithm this library does not know.
        let key = [0xA3, 0x01, 0x07, 0x03, 0x38, 0x32, 0x20, 0x50] + [UInt8](repeating: 0, count: 16)
        let result = try CLIRunner.run(["inspect", "--json"], input: Array(Base64URL.encode(key).utf8))
        #expect(result.status == 1)
        #expect(result.json?["kind"] as? String == "coseKey")
        let inspected = try #require(result.json?["publicKey"] as? [String: Any])
        #expect(inspected["alg"] as? Int == -51)
        #expect((inspected["error"] as? [String: Any])?["code"] as? String == "unsupportedAlgorithm")
    }

    @Test func unrecognizedInputIsAJSONErrorObjectWithExitOne() throws {
        for input in ["not base64 at all!", "{\"hello\": \"world\"}", "{\"response\": 3", ""] {
            let result = try CLIRunner.run(["inspect"], input: Array(input.utf8))
            #expect(result.status == 1, "\(input)")
            let json = try #require(result.json, "\(input)")
            #expect((json["error"] as? [String: Any])?["code"] as? String == "malformedInput")
        }
    }
}
