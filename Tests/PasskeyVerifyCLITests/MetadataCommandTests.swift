import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `passkey-verify metadata inspect` and `--metadata` on `registration` and `batch`: names, shapes and exit
/// statuses of the command-line contract, with BLOBs signed by a ``VirtualMetadataService``.
@Suite struct MetadataCommandTests {
    static let at = "2026-01-01T00:00:00Z"
    static let instant = Date(timeIntervalSince1970: 1_767_225_600)
    static let service: VirtualMetadataService? = try? VirtualMetadataService()
    static let packed: VirtualAttestation? = try? VirtualAttestation.packed()
    static let aaguid = AAGUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000001") ?? .zero
    static let challenge: [UInt8] = Array("a registration challenge, 32 by".utf8)

    /// The BLOB file and the PEM file of its root; entries for ``aaguid`` (with `status`) and one more.
    static func files(
        status: String = "FIDO_CERTIFIED_L1",
        nextUpdate: String = "2026-02-01"
    ) throws -> (blob: String, root: String) {
        let service = try #require(Self.service)
        let entries = [
            VirtualMetadataService.entry(
                aaguid: aaguid, description: "Virtual Packed Key",
                attestationRootCertificates: [try #require(packed?.rootCertificate)],
                statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), (status, "2025-01-01")]),
            VirtualMetadataService.entry(
                aaguid: AAGUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000002"), description: "Other Key",
                attestationRootCertificates: []),
            "{\"aaguid\":\"broken\"}",
        ]
        let blob = try service.blob(
            payload: VirtualMetadataService.payload(serialNumber: 12, nextUpdate: nextUpdate, entries: entries))
        let pem =
            "-----BEGIN CERTIFICATE-----\n\(Base64URL.encodeStandard(service.rootCertificate.derEncoded))\n"
            + "-----END CERTIFICATE-----\n"
        let name = "\(status)-\(nextUpdate)"
        return (
            try TestFixtures.temporaryFile(String(decoding: blob, as: UTF8.self), name: "\(name).jwt"),
            try TestFixtures.temporaryFile(pem, name: "\(name)-root.pem")
        )
    }

    /// A packed registration by an authenticator of model ``aaguid``, as a response file.
    static func registrationFile() throws -> String {
        var authenticator = VirtualAuthenticator(
            relyingPartyID: "example.com", attestation: try #require(packed), aaguid: aaguid)
        let registration = try authenticator.register(challenge: challenge, algorithm: .es256, userHandle: nil)
        return try TestFixtures.temporaryFile(
            String(decoding: registration.jsonBytes, as: UTF8.self), name: "metadata-registration.json")
    }

    static let registrationFlags = [
        "registration", "--rp-id", "example.com", "--origin", "https://example.com", "--challenge",
        Base64URL.encode(challenge), "--at", at,
    ]

    @Test func inspectSummarisesAVerifiedBLOB() throws {
        let (blob, root) = try Self.files()
        let result = try CLIRunner.run(["metadata", "inspect", blob, "--root", root, "--at", Self.at, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(result.json)
        #expect(json["verified"] as? Bool == true)
        #expect(json["no"] as? Int == 12)
        #expect(json["nextUpdate"] as? String == "2026-02-01")
        #expect(json["entries"] as? Int == 2)
        #expect(json["skippedEntries"] as? Int == 1)
        #expect(json["algorithm"] as? String == "ES256")
        #expect(json["stale"] as? Bool == false)
        #expect(json["statusCounts"] as? [String: Int] == ["FIDO_CERTIFIED_L1": 2])
        let skipped = try #require((json["skipped"] as? [[String: Any]])?.first)
        #expect(skipped["index"] as? Int == 2)
        let text = try CLIRunner.run(["metadata", "inspect", blob, "--root", root, "--at", Self.at])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("no: 12"))
        #expect(text.standardOutput.contains("statusCounts.FIDO_CERTIFIED_L1: 2"))
    }

    @Test func inspectRejectsWithTheUsualErrorObject() throws {
        let (blob, root) = try Self.files()
        let builtIn = try CLIRunner.run(["metadata", "inspect", blob, "--at", Self.at, "--json"])
        #expect(builtIn.status == 1)
        #expect(builtIn.json?["verified"] as? Bool == false)
        #expect(builtIn.errorCode == "invalidMetadata")
        let rollback = try CLIRunner.run([
            "metadata", "inspect", blob, "--root", root, "--at", Self.at, "--previous-no", "13",
        ])
        #expect(rollback.status == 1)
        #expect(rollback.errorCode == "metadataRollback")
        let garbage = try CLIRunner.run(
            ["metadata", "inspect", "-", "--root", root, "--at", Self.at], input: [0x00, 0xFF])
        #expect(garbage.status == 1)
        #expect(garbage.errorCode == "invalidMetadata")
    }

    @Test func aStaleBLOBIsRejectedUnlessAccepted() throws {
        let (blob, root) = try Self.files(nextUpdate: "2025-12-01")
        let rejected = try CLIRunner.run(["metadata", "inspect", blob, "--root", root, "--at", Self.at, "--json"])
        #expect(rejected.status == 1)
        #expect(rejected.errorCode == "staleMetadata")
        let accepted = try CLIRunner.run([
            "metadata", "inspect", blob, "--root", root, "--at", Self.at, "--json", "--accept-stale",
        ])
        #expect(accepted.status == 0)
        #expect(accepted.json?["stale"] as? Bool == true)
    }

    @Test func inspectUsageErrors() throws {
        let (blob, root) = try Self.files()
        for arguments in [
            ["metadata", "inspect"], ["metadata", "inspect", blob, "--at", "yesterday"],
            ["metadata", "inspect", "/nonexistent/blob.jwt"], ["metadata", "inspect", blob, "--root", blob],
            ["metadata", "inspect", blob, "--crl", root], ["metadata"],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
    }

    @Test func registrationWithMetadataNamesTheEntry() throws {
        let (blob, root) = try Self.files()
        let response = try Self.registrationFile()
        let result = try CLIRunner.run(
            Self.registrationFlags + ["--metadata", blob, "--metadata-root", root, response])
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        let json = try #require(result.json)
        #expect(json["attestationType"] as? String == "basic")
        let metadata = try #require(json["metadata"] as? [String: Any])
        #expect(metadata["description"] as? String == "Virtual Packed Key")
        #expect(metadata["status"] as? String == "FIDO_CERTIFIED_L1")
        let withoutMetadata = try CLIRunner.run(Self.registrationFlags + [response])
        #expect(withoutMetadata.status == 1)
        #expect(withoutMetadata.errorCode == "untrustedAttestation")
    }

    @Test func registrationWithMetadataRejectsACompromisedAuthenticator() throws {
        let (blob, root) = try Self.files(status: "ATTESTATION_KEY_COMPROMISE")
        let result = try CLIRunner.run(
            Self.registrationFlags + ["--metadata", blob, "--metadata-root", root, Self.registrationFile()])
        #expect(result.status == 1)
        #expect(result.errorCode == "authenticatorStatusRejected")
    }

    @Test func aBLOBThatDoesNotVerifyIsAUsageErrorForRegistration() throws {
        let (blob, _) = try Self.files()
        let result = try CLIRunner.run(Self.registrationFlags + ["--metadata", blob, Self.registrationFile()])
        #expect(result.status == 2)
        #expect(result.standardError.contains("invalidMetadata"))
        let orphan = try CLIRunner.run(Self.registrationFlags + ["--metadata-root", blob, Self.registrationFile()])
        #expect(orphan.status == 2)
    }

    @Test func batchWithMetadataNamesTheEntry() throws {
        let (blob, root) = try Self.files()
        let response = try String(contentsOfFile: Self.registrationFile(), encoding: .utf8)
        let line =
            "{\"kind\":\"registration\",\"response\":\(response),\"rpId\":\"example.com\","
            + "\"origins\":[\"https://example.com\"],\"challenge\":\"\(Base64URL.encode(Self.challenge))\",\"at\":\"\(Self.at)\"}\n"
        let result = try CLIRunner.run(
            ["batch", "--metadata", blob, "--metadata-root", root, "--metadata-at", Self.at], input: Array(line.utf8))
        #expect(result.status == 0)
        let verdict = try #require(result.jsonLines.first)
        #expect(verdict["verified"] as? Bool == true)
        #expect((verdict["metadata"] as? [String: Any])?["description"] as? String == "Virtual Packed Key")
    }
}
