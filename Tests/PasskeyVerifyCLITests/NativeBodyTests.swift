import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The native iOS body shape (`credentialID`, `rawClientDataJSON`, `rawAttestationObject` /
/// `rawAuthenticatorData`, `signature`, `userID`, standard base64) reaches the same verdicts as Level 3 JSON.
@Suite struct NativeBodyTests {
    static let registration = "w3c/none-es256.registration.json"
    static let authentication = "w3c/packed-es256.authentication.json"
    static let packedRegistration = "w3c/packed-es256.registration.json"

    /// Base64url re-encoded as standard base64 with padding, as `Data.base64EncodedString()` writes it.
    static func standard(_ base64URL: Any?) throws -> String {
        let text = try #require(base64URL as? String)
        let bytes = try #require(Base64URL.decode(text))
        return Data(bytes).base64EncodedString()
    }

    /// The fixture's response in the native shape.
    static func nativeBody(_ fixture: String) throws -> [String: Any] {
        let response = try #require(try TestFixtures.object(fixture)["response"] as? [String: Any])
        let inner = try #require(response["response"] as? [String: Any])
        var body: [String: Any] = [
            "credentialID": try standard(response["rawId"]),
            "rawClientDataJSON": try standard(inner["clientDataJSON"]),
        ]
        if let attestationObject = inner["attestationObject"] {
            body["rawAttestationObject"] = try standard(attestationObject)
        } else {
            body["rawAuthenticatorData"] = try standard(inner["authenticatorData"])
            body["signature"] = try standard(inner["signature"])
            if let userHandle = inner["userHandle"] {
                body["userID"] = try standard(userHandle)
            }
        }
        return body
    }

    static func bytes(_ object: Any) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object))
    }

    @Test func aNativeRegistrationVerifiesLikeItsLevel3Twin() throws {
        let flags = try RegistrationCommandTests.flags(Self.registration)
        let level3 = try CLIRunner.run(flags, input: try TestFixtures.response(Self.registration))
        let native = try CLIRunner.run(flags, input: try Self.bytes(try Self.nativeBody(Self.registration)))
        #expect(native.status == 0, "\(native.standardOutput)")
        #expect(native.json?["credentialId"] as? String == level3.json?["credentialId"] as? String)
        #expect(native.json?["publicKey"] as? String == level3.json?["publicKey"] as? String)
    }

    @Test func aNativeAssertionVerifiesAndATamperedOneFailsLikeItsLevel3Twin() throws {
        let flags = try AuthenticationCommandTests.flags(Self.authentication)
        let native = try CLIRunner.run(flags, input: try Self.bytes(try Self.nativeBody(Self.authentication)))
        #expect(native.status == 0, "\(native.standardOutput)")
        #expect(native.json?["verified"] as? Bool == true)
        var tampered = try Self.nativeBody(Self.authentication)
        let encodedSignature = try #require(tampered["signature"] as? String)
        var signature = try #require(Data(base64Encoded: encodedSignature))
        signature[signature.count - 1] ^= 1
        tampered["signature"] = signature.base64EncodedString()
        let rejected = try CLIRunner.run(flags, input: try Self.bytes(tampered))
        #expect(rejected.status == 1)
        #expect(rejected.errorCode == "invalidSignature")
    }

    @Test func aBodyWithBothShapesIsMalformed() throws {
        var body = try Self.nativeBody(Self.registration)
        body["response"] = try TestFixtures.object(Self.registration)["response"]
        let result = try CLIRunner.run(
            try RegistrationCommandTests.flags(Self.registration), input: try Self.bytes(body))
        #expect(result.status == 1)
        #expect(result.errorCode == "malformedInput")
    }

    @Test func aBatchLineMayCarryANativeBody() throws {
        var registration = try TestFixtures.object(Self.packedRegistration)
        registration["response"] = try Self.nativeBody(Self.packedRegistration)
        var authentication = try TestFixtures.object(Self.authentication)
        authentication["response"] = try Self.nativeBody(Self.authentication)
        let lines = try [registration, authentication].map { try Self.bytes($0) + Array("\n".utf8) }
        let result = try CLIRunner.run(["batch"], input: lines.flatMap { $0 })
        let report = "exited \(result.exited), \(result.standardOutput) \(result.standardError)"
        #expect(result.status == 0, "\(report)")
        #expect(result.jsonLines.map { $0["verified"] as? Bool } == [true, true], "\(report)")
    }

    @Test func inspectReadsANativeBody() throws {
        let result = try CLIRunner.run(
            ["inspect", "--json"], input: try Self.bytes(try Self.nativeBody(Self.packedRegistration)))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.json?["kind"] as? String == "registration")
        #expect(result.standardOutput.contains("\"packed\""))
    }
}
