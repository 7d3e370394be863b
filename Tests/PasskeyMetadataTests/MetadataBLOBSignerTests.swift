import Foundation
import PasskeyCrypto
import PasskeyMetadata
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// Who may sign a metadata BLOB (FIDO Metadata Service v3.0 §3.2 step 4; Docs/Decisions.md "FIDO Metadata
/// Service"): a chain to the root is not enough, the signing certificate must be an end-entity certificate
/// allowed to sign and, under the built-in root, issued to `mds.fidoalliance.org`.
@Suite struct MetadataBLOBSignerTests {
    typealias Support = MetadataTestSupport

    static let tlsServerService: VirtualMetadataService? = try? VirtualMetadataService(
        signerCommonName: "evil.example", signerDNSName: "evil.example", signerProfile: .keyEnciphermentOnly)
    static let certificateAuthorityService: VirtualMetadataService? = try? VirtualMetadataService(
        signerProfile: .certificateAuthority)
    static let otherHostService: VirtualMetadataService? = try? VirtualMetadataService(
        signerCommonName: "evil.example", signerDNSName: "evil.example")
    static let fidoNamedService: VirtualMetadataService? = try? VirtualMetadataService(
        signerCommonName: "FIDO Metadata", signerDNSName: "MDS.fidoalliance.org")
    static let fidoCommonNameService: VirtualMetadataService? = try? VirtualMetadataService(
        signerCommonName: "mds.fidoalliance.org")

    static let commonNameOnlyWithOtherDNSNameService: VirtualMetadataService? = try? VirtualMetadataService(
        signerCommonName: "mds.fidoalliance.org", signerDNSName: "evil.example")
    static let ocspSignerService: VirtualMetadataService? = try? VirtualMetadataService(
        signerExtendedKeyUsage: ["1.3.6.1.5.5.7.3.9"])
    static let tlsServerPurposeService: VirtualMetadataService? = try? VirtualMetadataService(
        signerExtendedKeyUsage: ["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"])

    static func load(
        _ service: VirtualMetadataService,
        extraAnchors: [Certificate] = [],
        expectedSignerName: String? = nil
    ) throws -> MetadataBLOB {
        try MetadataBLOB(
            jws: Support.blob(service, entries: [Support.simpleEntry(Support.aaguidA)]),
            trustAnchors: [service.rootCertificate] + extraAnchors,
            verificationInstant: Support.instant,
            expectedSignerName: expectedSignerName
        )
    }

    @Test func aTLSServerCertificateWithoutDigitalSignatureCannotSign() throws {
        let service = try #require(Self.tlsServerService)
        let error = Support.error { _ = try Self.load(service) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("digitalSignature") == true)
    }

    @Test func aCACertificateCannotSign() throws {
        let service = try #require(Self.certificateAuthorityService)
        let error = Support.error { _ = try Self.load(service) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("CA certificate") == true)
    }

    @Test func aSignerForAnotherHostIsRejectedWhenANameIsRequired() throws {
        let service = try #require(Self.otherHostService)
        #expect(try Self.load(service).payload.entries.count == 1)
        let error = Support.error {
            _ = try Self.load(service, expectedSignerName: FIDOMetadataServiceRootCA.signerName)
        }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("not issued to mds.fidoalliance.org") == true)
    }

    @Test func theBuiltInRootRequiresTheFIDOSignerName() throws {
        let builtIn = FIDOMetadataServiceRootCA.certificates
        try #require(!builtIn.isEmpty)
        let otherHost = try #require(Self.otherHostService)
        let error = Support.error { _ = try Self.load(otherHost, extraAnchors: builtIn) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("not issued to mds.fidoalliance.org") == true)
        let named = try #require(Self.fidoNamedService)
        #expect(try Self.load(named, extraAnchors: builtIn).payload.entries.count == 1)
        let commonNamed = try #require(Self.fidoCommonNameService)
        #expect(try Self.load(commonNamed, extraAnchors: builtIn).payload.entries.count == 1)
    }

    /// RFC 6125 §6.4.4: a certificate with DNS names is matched on them only; its subject CN is not consulted.
    @Test func dnsNamesDecideAndTheCommonNameIsIgnored() throws {
        let service = try #require(Self.commonNameOnlyWithOtherDNSNameService)
        let error = Support.error {
            _ = try Self.load(service, expectedSignerName: FIDOMetadataServiceRootCA.signerName)
        }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("its names are evil.example") == true)
        let named = try #require(Self.fidoNamedService)
        let loaded = try Self.load(named, expectedSignerName: FIDOMetadataServiceRootCA.signerName)
        #expect(loaded.payload.entries.count == 1)
    }

    @Test func aSignerWhoseExtendedKeyUsageExcludesSigningIsRefused() throws {
        let error = Support.error { _ = try Self.load(#require(Self.ocspSignerService)) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("extended key usage that excludes signing: 1.3.6.1.5.5.7.3.9") == true)
        #expect(try Self.load(#require(Self.tlsServerPurposeService)).payload.entries.count == 1)
    }

    @Test func theNumberOfX5cCertificatesIsBoundedBeforeAnySignatureWork() throws {
        let service = try Support.service()
        let payload = VirtualMetadataService.payload(
            serialNumber: 1, nextUpdate: Support.nextUpdate, entries: [Support.simpleEntry(Support.aaguidA)])
        let longest = try service.blob(
            payload: payload, repeatedIntermediates: MetadataBLOB.maximumCertificateChainLength - 2)
        #expect(try Support.load(longest, root: service).serialNumber == 1)
        let tooLong = try service.blob(
            payload: payload, repeatedIntermediates: MetadataBLOB.maximumCertificateChainLength - 1)
        let error = Support.error { _ = try Support.load(tooLong, root: service) }
        #expect(error?.code == .invalidMetadata)
        #expect(error?.message.contains("x5c holds 9 certificates; at most 8") == true)
    }
}
