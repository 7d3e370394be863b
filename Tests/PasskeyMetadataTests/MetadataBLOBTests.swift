import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Loading a FIDO Metadata Service BLOB (FIDO Metadata Service v3.0 §3.1.7, §3.2): the signature, the chain to
/// the configured root at the instant, revocation lists, `nextUpdate`, `no`, and each way a BLOB is rejected.
@Suite struct MetadataBLOBTests {
    typealias Support = MetadataTestSupport

    @Test(arguments: ["ES256", "RS256", "PS256"])
    func aSignedBLOBVerifies(algorithmName: String) throws {
        let service: VirtualMetadataService
        switch algorithmName {
        case "RS256": service = try #require(Support.rs256Service)
        case "PS256": service = try #require(Support.ps256Service)
        default: service = try Support.service()
        }
        let bytes = try Support.blob(
            service, serialNumber: 42,
            entries: [Support.simpleEntry(Support.aaguidA), Support.simpleEntry(Support.aaguidB)])
        let blob = try Support.load(bytes, root: service)
        #expect(blob.algorithmName == algorithmName)
        #expect(blob.serialNumber == 42)
        #expect(blob.payload.entries.count == 2)
        #expect(blob.payload.skippedEntries.isEmpty)
        #expect(blob.payload.legalHeader == "Virtual metadata for tests")
        #expect(blob.payload.nextUpdate == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(!blob.isStale)
        #expect(blob.signingCertificateChain == [service.signerCertificate, service.intermediateCertificate])
        #expect(blob.entry(aaguid: Support.aaguidB)?.description == "Simple Key")
    }

    @Test func aTrailingLineEndIsTolerated() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, entries: []) + Array("\r\n".utf8)
        #expect(try Support.load(bytes, root: service).payload.entries.isEmpty)
    }

    @Test func aTamperedSignatureIsInvalidMetadata() throws {
        let service = try Support.service()
        var bytes = try Support.blob(service, entries: [Support.simpleEntry(Support.aaguidA)])
        let last = bytes.count - 2
        bytes[last] = bytes[last] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let error = Support.error { _ = try Support.load(bytes, root: service) }
        #expect(error?.code == .invalidMetadata)
    }

    @Test func aTamperedPayloadIsInvalidMetadata() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, serialNumber: 1, entries: [])
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(Array.init)
        let payload = Array(
            VirtualMetadataService.payload(serialNumber: 2, nextUpdate: Support.nextUpdate, entries: []))
        let forged =
            parts[0] + [UInt8(ascii: ".")] + Array(Base64URL.encode(payload).utf8) + [UInt8(ascii: ".")]
            + parts[2]
        let error = Support.error { _ = try Support.load(forged, root: service) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("signature does not verify") == true)
    }

    @Test func anotherRootIsInvalidMetadata() throws {
        let bytes = try Support.blob(Support.service(), entries: [])
        let error = Support.error { _ = try Support.load(bytes, root: try #require(Support.otherService)) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("does not validate") == true)
    }

    @Test func theBuiltInRootIsGlobalSignR3AndRejectsATestBLOB() throws {
        let root = try #require(FIDOMetadataServiceRootCA.certificate)
        #expect(
            HashAlgorithm.sha256.hash(root.derEncoded).map { String(format: "%02x", $0) }.joined()
                == "cbb522d7b7f127ad6a0113865bdf1cd4102e7d0759af635a7cf4720dc963c53b")
        #expect(root.subject.values(forOID: "2.5.4.11") == ["GlobalSign Root CA - R3"])
        let bytes = try Support.blob(Support.service(), entries: [])
        let error = Support.error { _ = try MetadataBLOB(jws: bytes, verificationInstant: Support.instant) }
        #expect(error?.code == .invalidMetadata)
    }

    @Test func theSecondBuiltInRootIsGlobalSignRootR46() throws {
        let root = try #require(FIDOMetadataServiceRootCA.globalSignRootR46)
        #expect(
            HashAlgorithm.sha256.hash(root.derEncoded).map { String(format: "%02x", $0) }.joined()
                == "4fa3126d8d3a11d1c4855a4f807cbad6cf919d3a5a88b03bea2c6372d93c40c9")
        #expect(root.subject.values(forOID: "2.5.4.3") == ["GlobalSign Root R46"])
        #expect(FIDOMetadataServiceRootCA.certificates.count == 2)
    }

    @Test func anExpiredSigningCertificateIsInvalidMetadata() throws {
        let service = try #require(Support.expiredSignerService)
        let bytes = try Support.blob(service, entries: [])
        let error = Support.error { _ = try Support.load(bytes, root: service) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("expired") == true)
        let beforeExpiry = Date(timeIntervalSince1970: 1_740_000_000)
        #expect(
            try Support.load(bytes, root: service, at: beforeExpiry, stalePolicy: .acceptStale).serialNumber == 7)
    }

    @Test func revocationListsThatRevokeNothingAreAccepted() throws {
        let service = try Support.service()
        let lists = try service.revocationLists(
            thisUpdate: Date(timeIntervalSince1970: 1_765_000_000),
            nextUpdate: Date(timeIntervalSince1970: 1_770_000_000))
        let bytes = try Support.blob(service, entries: [])
        #expect(try Support.load(bytes, root: service, revocationLists: lists).serialNumber == 7)
    }

    @Test(arguments: [(true, false), (false, true)])
    func aRevokedCertificateIsInvalidMetadata(revokingSigner: Bool, revokingIntermediate: Bool) throws {
        let service = try Support.service()
        let lists = try service.revocationLists(
            thisUpdate: Date(timeIntervalSince1970: 1_765_000_000),
            nextUpdate: Date(timeIntervalSince1970: 1_770_000_000),
            revokingSigner: revokingSigner,
            revokingIntermediate: revokingIntermediate
        )
        let bytes = try Support.blob(service, entries: [])
        let error = Support.error { _ = try Support.load(bytes, root: service, revocationLists: lists) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("revoked") == true)
    }

    @Test func aMissingOrExpiredRevocationListIsInvalidMetadata() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, entries: [])
        let current = try service.revocationLists(
            thisUpdate: Date(timeIntervalSince1970: 1_765_000_000),
            nextUpdate: Date(timeIntervalSince1970: 1_770_000_000))
        let onlyTheIntermediates = Array(current.suffix(1))
        #expect(
            Support.error { _ = try Support.load(bytes, root: service, revocationLists: onlyTheIntermediates) }?.code
                == .invalidMetadata)
        let expired = try service.revocationLists(
            thisUpdate: Date(timeIntervalSince1970: 1_760_000_000),
            nextUpdate: Date(timeIntervalSince1970: 1_765_000_000))
        let error = Support.error { _ = try Support.load(bytes, root: service, revocationLists: expired) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("expired") == true)
    }

    @Test func revocationListsReadFromPEMAndDER() throws {
        let service = try Support.service()
        let lists = try service.revocationLists(
            thisUpdate: Date(timeIntervalSince1970: 1_765_000_000),
            nextUpdate: Date(timeIntervalSince1970: 1_770_000_000))
        let pem = lists.map { list in
            "-----BEGIN X509 CRL-----\n\(Base64URL.encodeStandard(list.derEncoded))\n-----END X509 CRL-----\n"
        }.joined()
        #expect(try CertificateRevocationList.parse(Array(pem.utf8)) == lists)
        #expect(try CertificateRevocationList.parse(lists[1].derEncoded) == [lists[1]])
        #expect(lists[1].issuer == service.intermediateCertificate.subject)
        #expect(throws: CryptoError(.malformedDER, "")) {
            try CertificateRevocationList.parse(lists[1].derEncoded + [0])
        }
        #expect(throws: CryptoError(.malformedDER, "")) {
            try CertificateRevocationList.parse(Array("-----BEGIN X".utf8))
        }
    }

    @Test func aPassedNextUpdateIsStaleMetadataByDefault() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, nextUpdate: "2025-12-31", entries: [])
        let error = Support.error { _ = try Support.load(bytes, root: service) }
        #expect(error?.code == .staleMetadata)
        let accepted = try Support.load(bytes, root: service, stalePolicy: .acceptStale)
        #expect(accepted.isStale)
        #expect(accepted.isStale(at: Support.instant))
        #expect(!accepted.isStale(at: Date(timeIntervalSince1970: 1_767_225_599)))
    }

    @Test func theBLOBServesThroughItsWholeNextUpdateDay() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, nextUpdate: "2026-01-01", entries: [])
        let blob = try Support.load(bytes, root: service, at: Support.instant.addingTimeInterval(86_399))
        #expect(!blob.isStale)
        #expect(blob.isStale(at: Support.instant.addingTimeInterval(86_400)))
    }

    @Test func aSmallerSerialNumberThanTheOneLoadedBeforeIsARollback() throws {
        let service = try Support.service()
        let bytes = try Support.blob(service, serialNumber: 7, entries: [])
        #expect(
            Support.error { _ = try Support.load(bytes, root: service, previousSerialNumber: 8) }?.code
                == .metadataRollback)
        #expect(try Support.load(bytes, root: service, previousSerialNumber: 7).serialNumber == 7)
        #expect(try Support.load(bytes, root: service, previousSerialNumber: 6).serialNumber == 7)
    }

    @Test func anAlgorithmOutsideRS256ES256PS256IsUnsupported() throws {
        let service = try Support.service()
        let x5c = [service.signerCertificate, service.intermediateCertificate].map {
            "\"\(Base64URL.encodeStandard($0.derEncoded))\""
        }
        for algorithm in ["RS384", "PS512", "ES384", "ES512", "none", "HS256"] {
            let header = "{\"alg\":\"\(algorithm)\",\"x5c\":[\(x5c.joined(separator: ","))]}"
            let payload = VirtualMetadataService.payload(serialNumber: 1, nextUpdate: Support.nextUpdate, entries: [])
            let token = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload) + ".c2ln"
            let error = Support.error { _ = try Support.load(Array(token.utf8), root: service) }
            #expect(error?.code == .unsupportedAlgorithm, "\(algorithm)")
        }
    }

    @Test func malformedJWSIsInvalidMetadata() throws {
        let service = try Support.service()
        let payload = Base64URL.encode(
            VirtualMetadataService.payload(serialNumber: 1, nextUpdate: Support.nextUpdate, entries: []))
        let noChain = Base64URL.encode(Array("{\"alg\":\"ES256\"}".utf8)) + "." + payload + ".c2ln"
        for token in ["", "a.b", "not base64!.x.y", noChain, "a.b.c.d"] {
            let error = Support.error { _ = try Support.load(Array(token.utf8), root: service) }
            #expect(error?.code == .invalidMetadata, "\(token)")
        }
        let oversized = [UInt8](repeating: UInt8(ascii: "A"), count: MetadataBLOB.maximumLength + 1)
        #expect(Support.error { _ = try Support.load(oversized, root: service) }?.code == .invalidMetadata)
    }

    @Test(arguments: [
        "not json", "[]", "{\"no\":1,\"no\":2,\"nextUpdate\":\"2026-02-01\",\"entries\":[]}",
        "{\"no\":1,\"entries\":[]}", "{\"no\":1,\"nextUpdate\":\"2026-13-01\",\"entries\":[]}",
        "{\"no\":1,\"nextUpdate\":\"2026-02-30\",\"entries\":[]}",
        "{\"no\":1,\"nextUpdate\":\"2026-2-1\",\"entries\":[]}",
        "{\"no\":-1,\"nextUpdate\":\"2026-02-01\",\"entries\":[]}",
        "{\"no\":\"1\",\"nextUpdate\":\"2026-02-01\",\"entries\":[]}",
        "{\"no\":1.5,\"nextUpdate\":\"2026-02-01\",\"entries\":[]}",
        "{\"no\":1,\"nextUpdate\":\"2026-02-01\",\"entries\":{}}", "{\"no\":1,\"nextUpdate\":\"2026-02-01\"}",
        "{\"no\":1,\"nextUpdate\":\"2026-02-01\",\"entries\":[],\"legalHeader\":7}",
    ])
    func aMalformedPayloadIsInvalidMetadata(payload: String) throws {
        let service = try Support.service()
        let bytes = try service.blob(payload: Array(payload.utf8))
        let error = Support.error { _ = try Support.load(bytes, root: service) }
        #expect(error?.code == .invalidMetadata)
    }

    @Test func deeplyNestedJSONIsInvalidMetadataNotACrash() throws {
        let depth = 100_000
        let text =
            "{\"no\":1,\"nextUpdate\":\"2026-02-01\",\"entries\":[" + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "]}"
        let error = Support.error { _ = try MetadataBLOBPayload(jsonBytes: Array(text.utf8)) }
        #expect(error?.code == .invalidMetadata)
    }

    @Test func tooManyEntriesIsInvalidMetadata() throws {
        let entries = Array(repeating: "{}", count: MetadataBLOBPayload.maximumEntryCount + 1)
        let payload = VirtualMetadataService.payload(serialNumber: 1, nextUpdate: Support.nextUpdate, entries: entries)
        let error = Support.error { _ = try MetadataBLOBPayload(jsonBytes: payload) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("at most") == true)
    }
}
