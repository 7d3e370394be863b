import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Metadata as it is really published (Docs/Decisions.md "Strict and tolerant reading"; FIDO Metadata Service
/// v3.0 §3.1.1, FIDO Metadata Statement v3.0 §4): each defect class seen in real BLOBs, built into a signed
/// `VirtualMetadataService` BLOB, costs no entry whose identifier and status reports can be read.
@Suite struct MetadataTolerantReadingTests {
    typealias Support = MetadataTestSupport
    typealias Policy = MetadataTrustPolicyTests

    static let otherRoot: VirtualAttestation? = try? VirtualAttestation.packed()

    /// The entries of a signed BLOB of `entries`, verified with the service's root.
    static func load(_ entries: [String]) throws -> MetadataBLOB {
        let service = try Support.service()
        return try Support.load(Support.blob(service, entries: entries), root: service)
    }

    static func goodRoot() throws -> Certificate {
        try #require(Policy.packed?.rootCertificate)
    }

    @Test(arguments: [
        VirtualMetadataService.RootStringForm.leadingTab, .innerWhitespace, .standard,
    ])
    func aRootStringWithWhitespaceIsRead(form: VirtualMetadataService.RootStringForm) throws {
        let root = try Self.goodRoot()
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "Spaced", attestationRootCertificates: [],
            attestationRootCertificateStrings: [
                VirtualMetadataService.attestationRootString([root.derEncoded], form: form)
            ])
        let blob = try Self.load([entry])
        let read = try #require(blob.entry(aaguid: Support.aaguidA))
        #expect(read.metadataStatement?.attestationRootCertificates == [root])
        #expect(blob.payload.droppedRoots.isEmpty)
        #expect(blob.payload.skippedEntries.isEmpty)
    }

    @Test func twoCertificatesInOneStringYieldEach() throws {
        let first = try Self.goodRoot()
        let second = try #require(Self.otherRoot?.rootCertificate)
        let concatenatedBase64 =
            VirtualMetadataService.attestationRootString([first.derEncoded], form: .standard)
            + VirtualMetadataService.attestationRootString([second.derEncoded], form: .standard)
        let entries = [
            VirtualMetadataService.entry(
                aaguid: Support.aaguidA, description: "Two in one", attestationRootCertificates: [],
                attestationRootCertificateStrings: [
                    VirtualMetadataService.attestationRootString(
                        [first.derEncoded, second.derEncoded], form: .concatenatedEncodings)
                ]),
            VirtualMetadataService.entry(
                aaguid: Support.aaguidB, description: "Two texts", attestationRootCertificates: [],
                attestationRootCertificateStrings: [concatenatedBase64]),
        ]
        let blob = try Self.load(entries)
        #expect(blob.entry(aaguid: Support.aaguidA)?.metadataStatement?.attestationRootCertificates == [first, second])
        #expect(blob.entry(aaguid: Support.aaguidB)?.metadataStatement?.attestationRootCertificates == [first, second])
        #expect(blob.payload.droppedRoots.isEmpty)
    }

    @Test(arguments: [
        VirtualMetadataService.BERBasicConstraints.explicitFalseCA, .nonCanonicalTrueCA,
    ])
    func aRootWithBERExtensionsIsReadAsLibcryptoReadsIt(form: VirtualMetadataService.BERBasicConstraints) throws {
        let bytes = try VirtualMetadataService.berRootCertificate(basicConstraints: form)
        let tolerant = try Certificate(berEncoded: bytes)
        #expect(tolerant.derEncoded == bytes)
        #expect(tolerant.isCertificateAuthority == (form == .nonCanonicalTrueCA))
        if form == .nonCanonicalTrueCA {
            #expect(throws: CryptoError.self) { _ = try Certificate(derEncoded: bytes) }
        }
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "BER root", attestationRootCertificates: [],
            attestationRootCertificateStrings: [VirtualMetadataService.attestationRootString([bytes], form: .standard)])
        let blob = try Self.load([entry])
        #expect(blob.entry(aaguid: Support.aaguidA)?.metadataStatement?.attestationRootCertificates == [tolerant])
        #expect(blob.payload.droppedRoots.isEmpty)
    }

    @Test func anUnreadableRootIsDroppedFromItsEntryAndReported() throws {
        let root = try Self.goodRoot()
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "Mixed roots", attestationRootCertificates: [root],
            attestationRootCertificateStrings: ["!!", "AAAA", "MIIB"])
        let blob = try Self.load([entry, Support.simpleEntry(Support.aaguidB)])
        #expect(blob.payload.entries.count == 2)
        #expect(blob.payload.skippedEntries.isEmpty)
        let read = try #require(blob.entry(aaguid: Support.aaguidA))
        #expect(read.metadataStatement?.attestationRootCertificates == [root])
        #expect(read.droppedRoots.count == 3)
        let dropped = blob.payload.droppedRoots
        #expect(dropped.map(\.index) == [0, 0, 0])
        #expect(dropped.map(\.identifier) == Array(repeating: Support.aaguidA.uuidString, count: 3))
        #expect(dropped[0].reason == "attestationRootCertificates[1] is not base64")
        #expect(dropped[1].reason.hasPrefix("attestationRootCertificates[2] cannot be read as a certificate"))
        #expect(dropped[2].reason.hasPrefix("attestationRootCertificates[3] cannot be read as a certificate"))
    }

    @Test func aPolicyAcceptsARegistrationWhoseEntryCarriesADefectiveRootBesideAGoodOne() throws {
        let root = try Self.goodRoot()
        let ber = try VirtualMetadataService.berRootCertificate(basicConstraints: .nonCanonicalTrueCA)
        let entry = VirtualMetadataService.entry(
            aaguid: Policy.aaguid, description: "Virtual Packed Key", attestationRootCertificates: [],
            attestationRootCertificateStrings: [
                "not a certificate",
                VirtualMetadataService.attestationRootString([ber], form: .leadingTab),
                VirtualMetadataService.attestationRootString([root.derEncoded], form: .innerWhitespace),
            ],
            statementMembers: [
                "icon": "42", "authenticationAlgorithms": "[\"ed448_eddsa_sha512_raw\",\"secp256r1_ecdsa_sha256_raw\"]",
            ])
        let blob = try Self.load([entry])
        #expect(blob.payload.droppedRoots.count == 1)
        #expect(blob.payload.droppedMembers.count == 1)
        let policy = MetadataTrustPolicy(blob: blob, minimumCertificationLevel: .fidoCertifiedL1)
        let verified = try Policy.verify(Policy.registration(), metadata: policy)
        #expect(verified.attestationTrust == .trusted)
        #expect(verified.metadataEntry?.description == "Virtual Packed Key")
        #expect(verified.metadataStatus == .fidoCertifiedL1)
    }

    @Test func informationalMembersOfUnexpectedTypesAreLeftOutWithANote() throws {
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "ignored", attestationRootCertificates: [],
            statementMembers: [
                "description": "{\"en\":\"Key\"}", "icon": "7", "upv": "\"1.0\"", "attestationTypes": "\"basic_full\"",
                "keyProtection": "[1]", "authenticatorGetInfo": "{\"versions\":\"FIDO_2_0\"}",
                "authenticatorVersion": "-1",
            ])
        let blob = try Self.load([entry])
        #expect(blob.payload.skippedEntries.isEmpty)
        let read = try #require(blob.entry(aaguid: Support.aaguidA))
        let statement = try #require(read.metadataStatement)
        #expect(statement.description == nil)
        #expect(statement.icon == nil)
        #expect(statement.upv.isEmpty)
        #expect(statement.attestationTypes.isEmpty)
        #expect(statement.keyProtection.isEmpty)
        #expect(statement.authenticatorGetInfo == nil)
        #expect(statement.authenticatorVersion == nil)
        #expect(read.statusReports.map(\.status) == [.fidoCertifiedL1])
        let members = blob.payload.droppedMembers.map(\.reason)
        #expect(members.count == 7)
        for name in ["description", "icon", "upv", "attestationTypes", "keyProtection", "authenticatorGetInfo"] {
            #expect(members.contains { $0.contains("metadataStatement.\(name)") }, "\(name): \(members)")
        }
        #expect(blob.payload.droppedMembers.allSatisfy { $0.index == 0 })
    }

    @Test func aStatementThatIsNotAnObjectOrAnUnreadableTimeOfLastStatusChangeCostsNoEntry() throws {
        let entries = [
            "{\"aaguid\":\"\(Support.aaguidA.uuidString)\",\"metadataStatement\":\"soon\","
                + "\"statusReports\":[{\"status\":\"FIDO_CERTIFIED_L2\",\"effectiveDate\":\"2024-01-01\"}]}",
            Support.simpleEntry(Support.aaguidB).replacingOccurrences(
                of: "\"timeOfLastStatusChange\":\"2024-01-01\"", with: "\"timeOfLastStatusChange\":20240101"),
        ]
        let blob = try Self.load(entries)
        #expect(blob.payload.entries.count == 2)
        let first = try #require(blob.entry(aaguid: Support.aaguidA))
        #expect(first.metadataStatement == nil)
        #expect(first.timeOfLastStatusChange == nil)
        #expect(first.certificationStatus(at: Support.instant) == .fidoCertifiedL2)
        #expect(first.droppedMembers.count == 2)
        #expect(blob.entry(aaguid: Support.aaguidB)?.timeOfLastStatusChange == nil)
        #expect(blob.payload.droppedMembers.map(\.index) == [0, 0, 1])
    }

    @Test func optionsWrittenAsStringsAndUnknownEnumerationValuesAreKept() throws {
        let entry = VirtualMetadataService.entry(
            aaguid: Support.aaguidA, description: "New things", attestationRootCertificates: [],
            attestationTypes: ["basic_full", "attestation_of_the_future"],
            statusReports: [("FIDO_CERTIFIED_L1", "2024-01-01"), ("FIDO_CERTIFIED_L4", "2025-01-01")],
            statementMembers: [
                "authenticatorGetInfo":
                    "{\"versions\":[\"FIDO_2_1\"],\"options\":{\"rk\":\"true\",\"uv\":\"false\",\"plat\":false}}",
                "authenticationAlgorithms": "[\"secp256r1_ecdsa_sha256_raw\",\"ed448_eddsa_sha512_raw\"]",
                "publicKeyAlgAndEncodings": "[\"cose\",\"something_new\"]",
                "keyProtection": "[\"hardware\",\"quantum_vault\"]",
                "matcherProtection": "[\"on_chip\",\"in_the_cloud\"]",
                "upv": "[{\"major\":1,\"minor\":1}]",
            ])
        let blob = try Self.load([entry])
        #expect(blob.payload.droppedMembers.isEmpty)
        let read = try #require(blob.entry(aaguid: Support.aaguidA))
        let statement = try #require(read.metadataStatement)
        #expect(statement.authenticatorGetInfo?.options == ["rk": true, "uv": false, "plat": false])
        #expect(statement.authenticationAlgorithms == ["secp256r1_ecdsa_sha256_raw", "ed448_eddsa_sha512_raw"])
        #expect(statement.publicKeyAlgAndEncodings == ["cose", "something_new"])
        #expect(statement.keyProtection == ["hardware", "quantum_vault"])
        #expect(statement.matcherProtection == ["on_chip", "in_the_cloud"])
        #expect(statement.attestationTypes == ["basic_full", "attestation_of_the_future"])
        #expect(statement.upv == [MetadataVersion(major: 1, minor: 1)])
        #expect(read.statusReports.last?.status.rawValue == "FIDO_CERTIFIED_L4")
        #expect(read.latestStatusReport(at: Support.instant)?.status.rawValue == "FIDO_CERTIFIED_L4")
    }

    /// Every defect class at once: no entry with a readable identifier and status reports is lost; only the
    /// entries whose identifier or status reports cannot be read are skipped.
    @Test func noEntryWithAReadableIdentifierAndStatusesIsLost() throws {
        let root = try Self.goodRoot()
        let ber = try VirtualMetadataService.berRootCertificate(basicConstraints: .explicitFalseCA)
        let aaguids = (1...6).compactMap { AAGUID(uuidString: "dddddddd-0000-4000-8000-00000000000\($0)") }
        let entries = [
            VirtualMetadataService.entry(
                aaguid: aaguids[0], description: "tab", attestationRootCertificates: [],
                attestationRootCertificateStrings: [
                    VirtualMetadataService.attestationRootString([root.derEncoded], form: .leadingTab)
                ]),
            VirtualMetadataService.entry(
                aaguid: aaguids[1], description: "two", attestationRootCertificates: [],
                attestationRootCertificateStrings: [
                    VirtualMetadataService.attestationRootString([root.derEncoded, ber], form: .concatenatedEncodings)
                ]),
            VirtualMetadataService.entry(
                aaguid: aaguids[2], description: "ber", attestationRootCertificates: [],
                attestationRootCertificateStrings: [
                    VirtualMetadataService.attestationRootString([ber], form: .standard)
                ]),
            VirtualMetadataService.entry(
                aaguid: aaguids[3], description: "options", attestationRootCertificates: [root],
                statementMembers: [
                    "authenticatorGetInfo": "{\"versions\":[\"FIDO_2_0\"],\"options\":{\"rk\":\"true\"}}"
                ]),
            VirtualMetadataService.entry(
                aaguid: aaguids[4], description: "enums", attestationRootCertificates: [root],
                statusReports: [("FIDO_CERTIFIED_L9", "2024-01-01")],
                statementMembers: ["keyProtection": "[\"new_name\"]", "icon": "false"]),
            VirtualMetadataService.entry(
                aaguid: aaguids[5], description: "garbage root", attestationRootCertificates: [root],
                attestationRootCertificateStrings: ["MIIBxyz"]),
            "{\"aaguid\":\"not-a-uuid\",\"statusReports\":[],\"timeOfLastStatusChange\":\"2024-01-01\"}",
            "{\"aaguid\":\"\(Support.aaguidB.uuidString)\",\"statusReports\":[{\"status\":\"REVOKED\",\"effectiveDate\":7}]}",
        ]
        let blob = try Self.load(entries)
        #expect(blob.payload.entries.count == 6)
        for aaguid in aaguids {
            #expect(blob.entry(aaguid: aaguid) != nil, "\(aaguid)")
        }
        #expect(blob.payload.skippedEntries.map(\.index) == [6, 7])
        #expect(blob.payload.droppedRoots.map(\.index) == [5])
        #expect(blob.payload.droppedMembers.map(\.index) == [4])
        #expect(blob.entry(aaguid: aaguids[1])?.metadataStatement?.attestationRootCertificates.count == 2)
    }
}
