import Foundation
import PasskeyVerifier
import Testing

/// `passkey-verify authentication`: flags, result shapes and exit statuses of the command-line contract.
@Suite struct AuthenticationCommandTests {
    static let packed = "w3c/packed-es256.authentication.json"

    /// The fields the contract lists for an authentication success.
    static let successFields: Set<String> = [
        "verified", "credentialId", "newSignCount", "userPresent", "userVerified", "backupEligible", "backupState",
    ]

    /// `--rp-id`, `--origin`, `--challenge` and `--public-key` of a fixture.
    static func flags(_ fixture: String, publicKey: String? = nil) throws -> [String] {
        let object = try TestFixtures.object(fixture)
        var flags = ["authentication", "--rp-id", try #require(object["rpId"] as? String)]
        for origin in try #require(object["origins"] as? [String]) {
            flags += ["--origin", origin]
        }
        flags += ["--challenge", try #require(object["challenge"] as? String)]
        flags += ["--public-key", try publicKey ?? #require(object["publicKey"] as? String)]
        return flags
    }

    @Test func verifiesAnAssertion() throws {
        let result = try CLIRunner.run(try Self.flags(Self.packed), input: try TestFixtures.response(Self.packed))
        #expect(result.status == 0)
        let json = try #require(result.json)
        #expect(Set(json.keys) == Self.successFields)
        #expect(json["verified"] as? Bool == true)
        #expect(json["credentialId"] as? String == "yab1s0YtAoc_6gxWhiI0-Z8IFygITlEbt3YCAaiQVKU")
        #expect(json["newSignCount"] as? Int == 0)
        #expect(json["userPresent"] as? Bool == true)
    }

    @Test func readsAFileArgument() throws {
        let file = try TestFixtures.temporaryFile(
            String(decoding: try TestFixtures.response(Self.packed), as: UTF8.self))
        let result = try CLIRunner.run(try Self.flags(Self.packed) + ["--sign-count", "0", file])
        #expect(result.status == 0)
    }

    @Test func aStoredCounterAboveTheNewOneIsSignCountRegression() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.packed) + ["--sign-count", "5"],
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 1)
        #expect(result.errorCode == "signCountRegression")
    }

    @Test func anotherExpectedCredentialIsCredentialMismatch() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.packed) + ["--credential-id", "AAAAAAAAAAAAAAAAAAAAAA"],
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 1)
        #expect(result.errorCode == "credentialMismatch")
    }

    @Test func aPublicKeyFlagThatIsNotBase64IsAUsageError() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.packed, publicKey: "%%%"), input: try TestFixtures.response(Self.packed))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--public-key is not base64url"))
    }

    @Test func aPublicKeyFlagThatIsNotACOSEKeyIsAUsageError() throws {
        let notAKey = Base64URL.encode([0xA1, 0x01, 0x02])
        let result = try CLIRunner.run(
            try Self.flags(Self.packed, publicKey: notAKey),
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--public-key is not a usable COSE_Key"))
    }

    @Test func aStandardBase64PublicKeyIsAccepted() throws {
        let key = try #require(Base64URL.decode(try TestFixtures.string(Self.packed, "publicKey")))
        let result = try CLIRunner.run(
            try Self.flags(Self.packed, publicKey: Base64URL.encodeStandard(key)),
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 0)
    }

    @Test func storedBackupEligibilityIsCheckedWhenGiven() throws {
        let fixture = "w3c/none-es256.authentication.json"
        let response = try TestFixtures.response(fixture)
        let gained = try CLIRunner.run(try Self.flags(fixture) + ["--no-backup-eligible"], input: response)
        #expect(gained.status == 0)
        #expect(gained.json?["backupEligibilityChange"] as? String == "gained")
        let unknown = try CLIRunner.run(try Self.flags(fixture), input: response)
        #expect(unknown.status == 0)
        #expect(unknown.json?["backupEligibilityChange"] == nil)
    }

    @Test func aRegistrationResponseIsMalformedInputForAuthentication() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.packed),
            input: try TestFixtures.response("w3c/packed-es256.registration.json")
        )
        #expect(result.status == 1)
        #expect(result.errorCode == "malformedInput")
        #expect((result.json?["error"] as? [String: Any])?["message"] as? String != nil)
    }

    @Test func aChallengeStartingWithADashIsTheNextArgument() throws {
        let fixture = "w3c/fido-u2f-es256.authentication.json"
        let flags = try Self.flags(fixture)
        let challenge = try #require(flags.firstIndex(of: "--challenge").map { flags[$0 + 1] })
        #expect(challenge.hasPrefix("-"))
        let result = try CLIRunner.run(flags, input: try TestFixtures.response(fixture))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.json?["verified"] as? Bool == true)
    }

    @Test func aCredentialIDStartingWithADashIsTheNextArgument() throws {
        let fixture = "negative/sign-count-regression.json"
        let credentialId = try TestFixtures.string(fixture, "credentialId")
        #expect(credentialId.hasPrefix("-"))
        let response = try TestFixtures.response(fixture)
        let verified = try CLIRunner.run(try Self.flags(fixture) + ["--credential-id", credentialId], input: response)
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.json?["credentialId"] as? String == credentialId)
        let regressed = try CLIRunner.run(
            try Self.flags(fixture) + ["--credential-id", credentialId, "--sign-count", "1000"],
            input: response
        )
        #expect(regressed.status == 1)
        #expect(regressed.errorCode == "signCountRegression")
    }

    @Test func aPublicKeyStartingWithADashIsTheNextArgument() throws {
        // "-AAA" is read as the value (not as a flag) and decodes to F8 00 00, which is not a COSE_Key: the
        // operator's mistake, a usage error naming the flag.
        let result = try CLIRunner.run(
            try Self.flags(Self.packed, publicKey: "-AAA"), input: try TestFixtures.response(Self.packed))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--public-key is not a usable COSE_Key"))
    }

    @Test(arguments: [
        ("--public-key", "not*base64", "--public-key is not base64url"),
        ("--challenge", "not*base64", "--challenge \"not*base64\" is not a base64url"),
        ("--credential-id", "not*base64", "--credential-id is not base64url"),
    ])
    func aMalformedServerInputIsAUsageError(flag: String, value: String, message: String) throws {
        var flags = try Self.flags(Self.packed)
        if let index = flags.firstIndex(of: flag) {
            flags[index + 1] = value
        } else {
            flags += [flag, value]
        }
        let result = try CLIRunner.run(flags, input: try TestFixtures.response(Self.packed))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func aNegativeSignCountIsAUsageError() throws {
        let result = try CLIRunner.run(try Self.flags(Self.packed) + ["--sign-count", "-1"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aMissingPublicKeyIsAUsageError() throws {
        let flags = try Self.flags(Self.packed).dropLast(2)
        let result = try CLIRunner.run(Array(flags), input: try TestFixtures.response(Self.packed))
        #expect(result.status == 2)
        #expect(result.standardError.contains("--public-key"))
    }
}
