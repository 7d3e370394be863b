import Foundation
import PasskeyVerifier
import Testing

/// `passkey-verify registration`: flags, result shapes and exit statuses of the command-line contract.
@Suite struct RegistrationCommandTests {
    static let packed = "w3c/packed-es256.registration.json"
    static let none = "w3c/none-es256.registration.json"
    static let apple = "real-devices/AppleAttestationIos.registration.json"

    /// The fields the contract lists for a registration success.
    static let successFields: Set<String> = [
        "verified", "format", "attestationType", "credentialId", "publicKey", "algorithm", "signCount", "aaguid",
        "userPresent", "userVerified", "backupEligible", "backupState", "trustPath",
    ]

    /// `--rp-id`, `--origin`, `--challenge` and `--at` of a fixture.
    static func flags(_ fixture: String, challenge: String? = nil) throws -> [String] {
        let object = try TestFixtures.object(fixture)
        var flags = ["registration", "--rp-id", try #require(object["rpId"] as? String)]
        for origin in try #require(object["origins"] as? [String]) {
            flags += ["--origin", origin]
        }
        flags += ["--challenge", try challenge ?? #require(object["challenge"] as? String)]
        if let at = object["at"] as? String {
            flags += ["--at", at]
        }
        return flags
    }

    /// The fixture's first trust anchor in a PEM file.
    static func trustAnchorFile(_ fixture: String) throws -> String {
        let anchors = try #require(try TestFixtures.object(fixture)["trustAnchors"] as? [String])
        return try TestFixtures.temporaryFile(try #require(anchors.first), name: "anchor.pem")
    }

    @Test func verifiesAPackedRegistrationWithATrustAnchorFile() throws {
        let file = try TestFixtures.temporaryFile(
            String(decoding: try TestFixtures.response(Self.packed), as: UTF8.self))
        let result = try CLIRunner.run(
            try Self.flags(Self.packed) + ["--trust-anchor", try Self.trustAnchorFile(Self.packed), file]
        )
        #expect(result.status == 0)
        let json = try #require(result.json)
        #expect(Set(json.keys) == Self.successFields)
        #expect(json["verified"] as? Bool == true)
        #expect(json["format"] as? String == "packed")
        #expect(json["attestationType"] as? String == "basic")
        #expect(json["algorithm"] as? Int == -7)
        #expect(json["signCount"] as? Int == 0)
        #expect(json["aaguid"] as? String == "876ca4f5-2071-c3e9-b255-09ef2cdf7ed6")
        #expect(json["credentialId"] as? String == "yab1s0YtAoc_6gxWhiI0-Z8IFygITlEbt3YCAaiQVKU")
        let publicKey = try #require(json["publicKey"] as? String)
        #expect(!publicKey.contains("=") && !publicKey.contains("+") && !publicKey.contains("/"))
        #expect(Base64URL.decode(publicKey)?.first == 0xA5)
        let trustPath = try #require(json["trustPath"] as? [String])
        #expect(trustPath.count == 1)
        #expect(Base64URL.decode(trustPath[0])?.first == 0x30)
    }

    @Test func withoutItsTrustAnchorAPackedRegistrationIsUntrusted() throws {
        let result = try CLIRunner.run(try Self.flags(Self.packed), input: try TestFixtures.response(Self.packed))
        #expect(result.status == 1)
        #expect(result.errorCode == "untrustedAttestation")
    }

    @Test func aWrongChallengeIsChallengeMismatch() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.none, challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
            input: try TestFixtures.response(Self.none)
        )
        #expect(result.status == 1)
        let json = try #require(result.json)
        #expect(Set(json.keys) == ["verified", "error"])
        #expect(json["verified"] as? Bool == false)
        let error = try #require(json["error"] as? [String: Any])
        #expect(Set(error.keys) == ["code", "message"])
        #expect(error["code"] as? String == "challengeMismatch")
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test func aStandardBase64ChallengeIsAccepted() throws {
        let challenge = try #require(Base64URL.decode(try TestFixtures.string(Self.none, "challenge")))
        let standard = Base64URL.encodeStandard(challenge)
        #expect(standard.hasSuffix("="))
        let result = try CLIRunner.run(
            try Self.flags(Self.none, challenge: standard) + ["-"], input: try TestFixtures.response(Self.none))
        #expect(result.status == 0)
        #expect(result.json?["format"] as? String == "none")
        #expect((result.json?["trustPath"] as? [Any])?.isEmpty == true)
    }

    @Test func aChallengeStartingWithADashIsTheNextArgument() throws {
        // A base64url challenge may start with "-": it is the flag's value, so the ceremony is verified (and
        // here rejected for its challenge) rather than failing as a usage error for a missing value.
        let result = try CLIRunner.run(
            try Self.flags(Self.none, challenge: "-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
            input: try TestFixtures.response(Self.none)
        )
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.errorCode == "challengeMismatch")
    }

    @Test func aChallengeThatIsNotBase64IsAUsageError() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.none, challenge: "not base64!"), input: try TestFixtures.response(Self.none))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--challenge"))
    }

    @Test func anAppleRegistrationVerifiesAtItsRecordedInstantWithTheBuiltInRoot() throws {
        let result = try CLIRunner.run(try Self.flags(Self.apple), input: try TestFixtures.response(Self.apple))
        #expect(result.status == 0)
        #expect(result.json?["attestationType"] as? String == "anonca")
        #expect((result.json?["trustPath"] as? [String])?.count == 2)
    }

    @Test func anAppleRegistrationVerifiedNowIsUntrustedBecauseItsLeafExpired() throws {
        let flags = try Self.flags(Self.apple).filter { !$0.hasPrefix("2021-") && $0 != "--at" }
        let result = try CLIRunner.run(flags, input: try TestFixtures.response(Self.apple))
        #expect(result.status == 1)
        #expect(result.errorCode == "untrustedAttestation")
    }

    @Test func algorithmNarrowsTheAcceptedAlgorithms() throws {
        let response = try TestFixtures.response(Self.none)
        let refused = try CLIRunner.run(
            try Self.flags(Self.none) + ["--algorithm", "-8", "--algorithm", "-257"], input: response)
        #expect(refused.status == 1)
        #expect(refused.errorCode == "unsupportedAlgorithm")
        let accepted = try CLIRunner.run(try Self.flags(Self.none) + ["--algorithm", "-7"], input: response)
        #expect(accepted.status == 0)
    }

    @Test func requireUserVerificationFailsWithoutTheUVFlag() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.none) + ["--require-user-verification"],
            input: try TestFixtures.response(Self.none)
        )
        #expect(result.status == 1)
        #expect(result.errorCode == "userNotVerified")
    }

    @Test func topOriginAllowsACrossOriginCeremony() throws {
        let fixture = "w3c/none-es256-crossOrigin.registration.json"
        let response = try TestFixtures.response(fixture)
        let forbidden = try CLIRunner.run(try Self.flags(fixture), input: response)
        #expect(forbidden.status == 1)
        #expect(forbidden.errorCode == "crossOriginNotAllowed")
        let allowed = try CLIRunner.run(
            try Self.flags(fixture) + ["--top-origin", "https://example.com"], input: response)
        #expect(allowed.status == 0)
    }

    @Test func anUnknownUntrustedAttestationPolicyIsAUsageError() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.none) + ["--untrusted-attestation-policy", "acceptAll"],
            input: try TestFixtures.response(Self.none))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--untrusted-attestation-policy"))
    }

    @Test func aMissingRequiredFlagIsAUsageError() throws {
        let result = try CLIRunner.run(["registration", "--rp-id", "example.org", "--challenge", "AAAA"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--origin"))
    }

    @Test func anUnknownFlagIsAUsageError() throws {
        let result = try CLIRunner.run(try Self.flags(Self.none) + ["--no-such-flag"])
        #expect(result.status == 2)
        #expect(!result.standardError.isEmpty)
    }

    @Test func anInvalidAtIsAUsageError() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.none) + ["--at", "yesterday"], input: try TestFixtures.response(Self.none))
        #expect(result.status == 2)
        #expect(result.standardError.contains("RFC 3339"))
    }

    @Test func anUnreadableFileIsAUsageError() throws {
        let result = try CLIRunner.run(try Self.flags(Self.none) + ["/nonexistent/response.json"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("/nonexistent/response.json"))
    }

    @Test func aFolderAsFileIsAUsageError() throws {
        let result = try CLIRunner.run(try Self.flags(Self.none) + [CLIRunner.fixturesDirectory.path])
        #expect(result.status == 2)
    }

    @Test func anUnreadableTrustAnchorIsAUsageError() throws {
        let result = try CLIRunner.run(
            try Self.flags(Self.packed) + ["--trust-anchor", "/nonexistent/root.pem"],
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/root.pem"))
    }

    @Test func aTrustAnchorThatIsNotAPEMCertificateIsAUsageError() throws {
        let notPEM = try TestFixtures.temporaryFile("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
        let result = try CLIRunner.run(
            try Self.flags(Self.packed) + ["--trust-anchor", notPEM],
            input: try TestFixtures.response(Self.packed)
        )
        #expect(result.status == 2)
        #expect(result.standardError.contains("PEM"))
    }

    @Test func helpExitsZero() throws {
        let result = try CLIRunner.run(["registration", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--trust-anchor"))
        let root = try CLIRunner.run(["--help"])
        #expect(root.status == 0)
        #expect(root.standardOutput.contains("replay"))
        let bare = try CLIRunner.run([])
        #expect(bare.status == 2)
        #expect(bare.standardError.contains("subcommand"))
    }
}
