import Foundation
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// `passkey-verify metadata entry`, `inspect --previous` and the dropped roots and members of `inspect`: names,
/// shapes and exit statuses of the command-line contract (Docs/CLI.md), with BLOBs signed by a
/// ``VirtualMetadataService``.
@Suite struct MetadataEntryCommandTests {
    typealias Base = MetadataCommandTests

    static let keyIdentifier = "0123456789abcdef0123456789abcdef01234567"

    /// A BLOB (serial `serialNumber`) whose entry for ``MetadataCommandTests/aaguid`` carries a good root, an
    /// unreadable root string and an icon that is not a string, with a U2F entry and a skipped one; and the PEM
    /// file of its root.
    static func files(serialNumber: Int = 12) throws -> (blob: String, root: String) {
        let service = try #require(Base.service)
        let entries = [
            VirtualMetadataService.entry(
                aaguid: Base.aaguid, description: "Virtual Packed Key",
                attestationRootCertificates: [try #require(Base.packed?.rootCertificate)],
                statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("UPDATE_AVAILABLE", "2025-01-01")],
                attestationRootCertificateStrings: ["AAAA"], statementMembers: ["icon": "7"]),
            VirtualMetadataService.entry(
                aaguid: nil, description: "U2F Key", attestationRootCertificates: [],
                attestationCertificateKeyIdentifiers: [keyIdentifier]),
            "{\"aaguid\":\"cccccccc-0000-4000-8000-000000000003\",\"statusReports\":7}",
        ]
        let blob = try service.blob(
            payload: VirtualMetadataService.payload(
                serialNumber: serialNumber, nextUpdate: "2026-02-01", entries: entries))
        let pem =
            "-----BEGIN CERTIFICATE-----\n\(Base64URL.encodeStandard(service.rootCertificate.derEncoded))\n"
            + "-----END CERTIFICATE-----\n"
        return (
            try TestFixtures.temporaryFile(String(decoding: blob, as: UTF8.self), name: "entry-\(serialNumber).jwt"),
            try TestFixtures.temporaryFile(pem, name: "entry-\(serialNumber)-root.pem")
        )
    }

    @Test func entryShowsOneEntryWithItsHistoryRootsAndWhatWasDropped() throws {
        let (blob, root) = try Self.files()
        let result = try CLIRunner.run([
            "metadata", "entry", blob, Base.aaguid.uuidString, "--root", root, "--at", Base.at, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(result.json)
        #expect(json["verified"] as? Bool == true)
        #expect(json["found"] as? Bool == true)
        #expect(json["no"] as? Int == 12)
        #expect(json["description"] as? String == "Virtual Packed Key")
        #expect(json["status"] as? String == "UPDATE_AVAILABLE")
        #expect(json["certification"] as? String == "FIDO_CERTIFIED_L1")
        #expect(json["attestationTypes"] as? [String] == ["basic_full"])
        let reports = try #require(json["statusReports"] as? [[String: Any]])
        #expect(reports.map { $0["status"] as? String } == ["FIDO_CERTIFIED_L1", "UPDATE_AVAILABLE"])
        #expect(reports.map { $0["effectiveDate"] as? String } == ["2024-01-01", "2025-01-01"])
        #expect(reports.map { $0["inForce"] as? Bool } == [false, true])
        let roots = try #require(json["roots"] as? [[String: Any]])
        #expect(roots.count == 1)
        #expect((roots.first?["subject"] as? String)?.contains("Virtual Attestation Root CA") == true)
        #expect((roots.first?["sha256"] as? String)?.count == 64)
        #expect(roots.first?["notValidBefore"] as? String == "2020-01-01T00:00:00Z")
        let droppedRoots = try #require(json["droppedRoots"] as? [String])
        #expect(droppedRoots.count == 1)
        #expect(droppedRoots.first?.hasPrefix("attestationRootCertificates[1] cannot be read") == true)
        let droppedMembers = try #require(json["droppedMembers"] as? [String])
        #expect(droppedMembers.count == 1)
        #expect(droppedMembers.first?.contains("metadataStatement.icon") == true)
        let text = try CLIRunner.run([
            "metadata", "entry", blob, Base.aaguid.uuidString, "--root", root, "--at", Base.at,
        ])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("status: UPDATE_AVAILABLE"))
    }

    @Test func entryFindsAKeyIdentifierAndReportsWhatIsMissing() throws {
        let (blob, root) = try Self.files()
        let u2f = try CLIRunner.run([
            "metadata", "entry", blob, Self.keyIdentifier.uppercased(), "--root", root, "--at", Base.at, "--json",
        ])
        #expect(u2f.status == 0, "\(u2f.standardError)")
        #expect(u2f.json?["description"] as? String == "U2F Key")
        let skipped = try CLIRunner.run([
            "metadata", "entry", blob, "cccccccc-0000-4000-8000-000000000003", "--root", root, "--at", Base.at,
            "--json",
        ])
        #expect(skipped.status == 1)
        #expect(skipped.json?["found"] as? Bool == false)
        let issue = try #require((skipped.json?["skipped"] as? [[String: Any]])?.first)
        #expect(issue["index"] as? Int == 2)
        #expect((issue["reason"] as? String)?.contains("statusReports") == true)
        let absent = try CLIRunner.run([
            "metadata", "entry", blob, "dddddddd-0000-4000-8000-000000000004", "--root", root, "--at", Base.at,
            "--json",
        ])
        #expect(absent.status == 1)
        #expect(absent.json?["found"] as? Bool == false)
        #expect((absent.json?["skipped"] as? [Any])?.isEmpty == true)
        let rejected = try CLIRunner.run(["metadata", "entry", blob, Base.aaguid.uuidString, "--at", Base.at])
        #expect(rejected.status == 1)
        #expect((rejected.json?["error"] as? [String: Any])?["code"] as? String == "invalidMetadata")
        let usage = try CLIRunner.run(["metadata", "entry", blob, Base.aaguid.uuidString, "--at", "yesterday"])
        #expect(usage.status == 2)
    }

    @Test func inspectReportsDroppedRootsAndMembers() throws {
        let (blob, root) = try Self.files()
        let result = try CLIRunner.run(["metadata", "inspect", blob, "--root", root, "--at", Base.at, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(result.json)
        #expect(json["entries"] as? Int == 2)
        let roots = try #require(json["droppedRoots"] as? [[String: Any]])
        #expect(roots.count == 1)
        #expect(roots.first?["index"] as? Int == 0)
        #expect(roots.first?["identifier"] as? String == Base.aaguid.uuidString)
        let members = try #require(json["droppedMembers"] as? [[String: Any]])
        #expect(members.count == 1)
        #expect((members.first?["reason"] as? String)?.contains("icon") == true)
    }

    @Test func inspectTakesThePreviousBLOBAsAnAlternativeToItsNumber() throws {
        let (older, root) = try Self.files(serialNumber: 11)
        let (newer, _) = try Self.files(serialNumber: 13)
        let forward = try CLIRunner.run([
            "metadata", "inspect", newer, "--root", root, "--at", Base.at, "--previous", older, "--json",
        ])
        #expect(forward.status == 0, "\(forward.standardError)")
        let rollback = try CLIRunner.run([
            "metadata", "inspect", older, "--root", root, "--at", Base.at, "--previous", newer, "--json",
        ])
        #expect(rollback.status == 1)
        #expect((rollback.json?["error"] as? [String: Any])?["code"] as? String == "metadataRollback")
        let both = try CLIRunner.run([
            "metadata", "inspect", newer, "--root", root, "--at", Base.at, "--previous", older, "--previous-no", "3",
        ])
        #expect(both.status == 2)
        let unverifiable = try CLIRunner.run([
            "metadata", "inspect", newer, "--root", root, "--at", Base.at, "--previous", root,
        ])
        #expect(unverifiable.status == 2)
    }
}
