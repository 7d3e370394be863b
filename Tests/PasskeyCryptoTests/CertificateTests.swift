import PasskeyCrypto
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct CertificateTests {
    private static func code(of body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    private static func w3cRoot() throws -> Certificate {
        let roots = try Certificate.certificates(fromPEM: TestCertificates.w3cRootPEM)
        #expect(roots.count == 1)
        return try #require(roots.first)
    }

    @Test func theW3CRootParsesWithAGeneralizedTime3024NotAfter() throws {
        let root = try Self.w3cRoot()
        #expect(root.version == 3)
        #expect(root.serialNumberHex == "ed7f905d8bd0b414d1784913170a90b6")
        #expect(root.subject == root.issuer)
        #expect(root.subject.values(forOID: "2.5.4.11") == ["Authenticator Attestation CA"])
        #expect(root.subject.description == "CN=WebAuthn test vectors, O=W3C, OU=Authenticator Attestation CA, C=AA")
        #expect(root.isCertificateAuthority == true)
        #expect(root.notValidBefore == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(root.notValidAfter == Date(timeIntervalSince1970: 33_260_976_000))
        #expect(root.publicKey.ellipticCurve == .p256)
        #expect(root.extendedKeyUsageOIDs.isEmpty)
        #expect(root.extension(oid: "2.5.29.19")?.isCritical == true)
    }

    @Test func thePackedAttestationLeafHasTheRequiredSubject() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        #expect(leaf.derEncoded == TestCertificates.packedLeaf)
        #expect(leaf.version == 3)
        #expect(leaf.serialNumberHex == "88c220f83c8ef1feafe94deae45faad0")
        #expect(leaf.subject.values(forOID: DistinguishedName.Attribute.commonNameOID) == ["WebAuthn test vectors"])
        #expect(leaf.subject.values(forOID: DistinguishedName.Attribute.organizationNameOID) == ["W3C"])
        #expect(
            leaf.subject.values(forOID: DistinguishedName.Attribute.organizationalUnitNameOID)
                == ["Authenticator Attestation"])
        #expect(leaf.subject.values(forOID: DistinguishedName.Attribute.countryNameOID) == ["AA"])
        #expect(leaf.isCertificateAuthority == false)
        #expect(leaf.issuer == (try Self.w3cRoot()).subject)
        #expect(leaf.extension(oid: "2.5.29.14")?.value == hexBytes("0414a589ba72d060842ab11f74fb246bdedab16f9b9b"))
        #expect(leaf.extension(oid: "1.2.3.4") == nil)
        #expect(leaf.subjectAlternativeNameDirectoryAttributes.isEmpty)
    }

    @Test func theTPMLeafExposesItsExtendedKeyUsageAndDirectoryName() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.tpmLeaf)
        #expect(leaf.subject.isEmpty)
        #expect(leaf.extendedKeyUsageOIDs == ["2.23.133.8.3"])
        let attributes = leaf.subjectAlternativeNameDirectoryAttributes
        #expect(attributes.map(\.oid) == ["2.23.133.2.1", "2.23.133.2.3", "2.23.133.2.2"])
        #expect(attributes.map(\.value) == ["id:00000000", "id:00000000", "WebAuthn test vectors"])
        #expect(leaf.extension(oid: "2.5.29.17")?.isCritical == true)
    }

    @Test func theAppleNonceExtensionReadsWithTheDERReader() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.appleLeaf)
        let value = try #require(leaf.extension(oid: "1.2.840.113635.100.8.2")?.value)
        let sequence = try DER.children(of: value[...])
        #expect(sequence.count == 1)
        let first = try #require(sequence.first)
        #expect(first.tag == 0xA1)
        let nonce = try DER.parse(first.value, expecting: DER.octetStringTag)
        #expect(Array(nonce) == hexBytes("d7a86e7233fb843eb0eeb407d8b76ff7e4f82d218cf5dbb461d752073f5cb29a"))
    }

    @Test func theAppleRootHasTheDocumentedValidity() throws {
        let root = try #require(try Certificate.certificates(fromPEM: TestCertificates.appleRootPEM).first)
        #expect(root.notValidBefore == Date(timeIntervalSince1970: 1_584_555_692))
        #expect(root.notValidAfter == Date(timeIntervalSince1970: 2_373_148_800))
        #expect(root.serialNumberHex == "681d016c7a3ce30225a5019428475771")
        #expect(root.publicKey.ellipticCurve == .p384)
        #expect(root.subject.description == "CN=Apple WebAuthn Root CA, O=Apple Inc., ST=California")
    }

    @Test func pemWithSeveralCertificatesAndExplanatoryTextParsesInOrder() throws {
        let text = "W3C root\n" + TestCertificates.w3cRootPEM + "\nApple root\n" + TestCertificates.appleRootPEM + "\n"
        let certificates = try Certificate.certificates(fromPEM: text)
        #expect(certificates.count == 2)
        #expect(certificates.last?.publicKey.ellipticCurve == .p384)
    }

    @Test func garbageIsNotACertificate() throws {
        #expect(Self.code { _ = try Certificate.certificates(fromPEM: "") } == .invalidCertificate)
        #expect(Self.code { _ = try Certificate.certificates(fromPEM: "hello") } == .invalidCertificate)
        let broken = TestCertificates.w3cRootPEM.replacing("MIICBzCC", with: "MIICBz!!")
        #expect(Self.code { _ = try Certificate.certificates(fromPEM: broken) } == .invalidCertificate)
        #expect(Self.code { _ = try Certificate(derEncoded: []) } == .invalidCertificate)
        #expect(Self.code { _ = try Certificate(derEncoded: TestCertificates.packedLeaf + [0]) } == .invalidCertificate)
        #expect(
            Self.code { _ = try Certificate(derEncoded: Array(TestCertificates.packedLeaf.dropLast())) }
                == .invalidCertificate)
        #expect(Self.code { _ = try Certificate(derEncoded: [0x30, 0x03, 0x02, 0x01, 0x01]) } == .invalidCertificate)
    }

    @Test func aCertificateThatIsBERNotDERIsRejected() throws {
        // Re-encode the outer SEQUENCE length 0x82 0x02 0x21 as 0x83 0x00 0x02 0x21 (non-minimal).
        let leaf = TestCertificates.packedLeaf
        #expect(Array(leaf.prefix(4)) == [0x30, 0x82, 0x02, 0x21])
        let ber = [0x30, 0x83, 0x00, 0x02, 0x21] + Array(leaf.dropFirst(4))
        #expect(Self.code { _ = try Certificate(derEncoded: ber) } == .invalidCertificate)
    }

    // MARK: - Chain verification

    @Test func thePackedLeafChainsToTheW3CRootIn2025() throws {
        let verifier = CertificateChainVerifier(trustAnchors: [try Self.w3cRoot()])
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        try verifier.verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 1_735_689_600))
        let tpmLeaf = try Certificate(derEncoded: TestCertificates.tpmLeaf)
        try verifier.verify(leaf: tpmLeaf, intermediates: [], at: Date(timeIntervalSince1970: 1_735_689_600))
    }

    @Test func beforeItsValidityTheChainIsNotYetValid() throws {
        let verifier = CertificateChainVerifier(trustAnchors: [try Self.w3cRoot()])
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        #expect(
            Self.code {
                try verifier.verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 1_672_531_200))
            }
                == .certificateExpiredOrNotYetValid)
        #expect(
            Self.code {
                try verifier.verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 33_260_976_001))
            }
                == .certificateExpiredOrNotYetValid)
    }

    @Test func withoutAnchorsOrWithTheWrongAnchorTheChainIsUntrusted() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        let instant = Date(timeIntervalSince1970: 1_735_689_600)
        let empty = CertificateChainVerifier(trustAnchors: [])
        #expect(
            Self.code { try empty.verify(leaf: leaf, intermediates: [], at: instant) } == .certificateChainUntrusted)
        let appleRoot = try #require(try Certificate.certificates(fromPEM: TestCertificates.appleRootPEM).first)
        let apple = CertificateChainVerifier(trustAnchors: [appleRoot])
        #expect(
            Self.code { try apple.verify(leaf: leaf, intermediates: [], at: instant) } == .certificateChainUntrusted)
        // A root passed as an untrusted intermediate does not make the chain trusted.
        #expect(
            Self.code { try apple.verify(leaf: leaf, intermediates: [try Self.w3cRoot()], at: instant) }
                == .certificateChainUntrusted)
    }

    @Test func theUntrustedReasonNamesTheErrorAndTheSubject() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        let appleRoot = try #require(try Certificate.certificates(fromPEM: TestCertificates.appleRootPEM).first)
        do {
            try CertificateChainVerifier(trustAnchors: [appleRoot])
                .verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 1_735_689_600))
            Issue.record("verification should fail")
        } catch let error as CryptoError {
            #expect(error.reason.contains("unable to get local issuer certificate"))
            #expect(error.reason.contains("OU=Authenticator Attestation"))
        }
    }

    @Test func aLeafThatIsItselfAnAnchorVerifies() throws {
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        try CertificateChainVerifier(trustAnchors: [leaf])
            .verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 1_735_689_600))
    }

    @Test func concurrentVerificationsShareOneVerifier() async throws {
        let verifier = CertificateChainVerifier(trustAnchors: [try Self.w3cRoot()])
        let leaf = try Certificate(derEncoded: TestCertificates.packedLeaf)
        let instant = Date(timeIntervalSince1970: 1_735_689_600)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    (try? verifier.verify(leaf: leaf, intermediates: [], at: instant)) != nil
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 })
    }
}
