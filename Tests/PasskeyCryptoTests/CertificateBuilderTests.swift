import PasskeyCrypto
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct CertificateBuilderTests {
    private static let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z
    private static let farFuture = Date(timeIntervalSince1970: 33_260_976_000)  // 3024-01-01T00:00:00Z
    private static let inside = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z

    private static func code(of body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    private static func name(_ commonName: String, organizationalUnit: String = "Test CA") -> DistinguishedName {
        DistinguishedName(attributes: [
            .init(oid: DistinguishedName.Attribute.countryNameOID, value: "US"),
            .init(oid: DistinguishedName.Attribute.organizationNameOID, value: "PasskeyVerifier Tests"),
            .init(oid: DistinguishedName.Attribute.organizationalUnitNameOID, value: organizationalUnit),
            .init(oid: "2.5.4.8", value: "California"),
            .init(oid: DistinguishedName.Attribute.commonNameOID, value: commonName),
        ])
    }

    private static func root(
        key: PrivateKey,
        commonName: String = "Test Root",
        notValidAfter: Date = farFuture
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: [0x01, 0x02],
            subject: name(commonName),
            notValidBefore: start,
            notValidAfter: notValidAfter,
            publicKey: key.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 1)
        builder.addKeyUsage([.keyCertSign, .cRLSign])
        try builder.addSubjectKeyIdentifier()
        return try builder.sign(with: key)
    }

    private static func leaf(
        key: PrivateKey,
        issuer: Certificate,
        issuerKey: PrivateKey,
        notValidAfter: Date = farFuture
    ) throws -> Certificate {
        var builder = CertificateBuilder(
            serialNumber: [0xFF, 0x00, 0x01],
            subject: name("Test Leaf", organizationalUnit: "Authenticator Attestation"),
            issuer: issuer.subject,
            notValidBefore: start,
            notValidAfter: notValidAfter,
            publicKey: key.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: false)
        builder.addExtension(
            oid: "1.3.6.1.4.1.45724.1.1.4",
            isCritical: false,
            value: DERBuilder.octetString([UInt8](repeating: 0xAB, count: 16))
        )
        try builder.addAuthorityKeyIdentifier(issuerPublicKey: issuerKey.publicKey)
        return try builder.sign(with: issuerKey)
    }

    @Test func aRootAndLeafChainValidatesInsideTheirValidityOnly() throws {
        let rootKey = try PrivateKey.generate(.es256)
        let root = try Self.root(key: rootKey)
        let leaf = try Self.leaf(key: try PrivateKey.generate(.es256), issuer: root, issuerKey: rootKey)
        let verifier = CertificateChainVerifier(trustAnchors: [root])
        try verifier.verify(leaf: leaf, intermediates: [], at: Self.inside)
        try verifier.verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 33_000_000_000))
        #expect(
            Self.code { try verifier.verify(leaf: leaf, intermediates: [], at: Date(timeIntervalSince1970: 0)) }
                == .certificateExpiredOrNotYetValid)
        #expect(
            Self.code { try verifier.verify(leaf: leaf, intermediates: [], at: Self.farFuture.addingTimeInterval(1)) }
                == .certificateExpiredOrNotYetValid)
    }

    @Test func aLeafDoesNotValidateAgainstAnotherRootWithTheSameName() throws {
        let rootKey = try PrivateKey.generate(.es256)
        let root = try Self.root(key: rootKey)
        let otherRoot = try Self.root(key: try PrivateKey.generate(.es256))
        let leaf = try Self.leaf(key: try PrivateKey.generate(.es256), issuer: root, issuerKey: rootKey)
        #expect(otherRoot.subject == root.subject)
        let verifier = CertificateChainVerifier(trustAnchors: [otherRoot])
        #expect(
            Self.code { try verifier.verify(leaf: leaf, intermediates: [], at: Self.inside) }
                == .certificateChainUntrusted)
    }

    @Test func theBuiltFieldsReadBackFromTheDER() throws {
        let rootKey = try PrivateKey.generate(.es384)
        let root = try Self.root(key: rootKey)
        let leafKey = try PrivateKey.generate(.edDSA)
        let leaf = try Self.leaf(key: leafKey, issuer: root, issuerKey: rootKey)
        #expect(root.version == 3)
        #expect(root.serialNumberHex == "0102")
        #expect(root.subject == root.issuer)
        #expect(root.subject.description == "C=US, O=PasskeyVerifier Tests, OU=Test CA, ST=California, CN=Test Root")
        #expect(root.isCertificateAuthority == true)
        #expect(root.extension(oid: "2.5.29.19")?.value == [0x30, 0x06, 0x01, 0x01, 0xFF, 0x02, 0x01, 0x01])
        #expect(root.extension(oid: "2.5.29.19")?.isCritical == true)
        #expect(root.extension(oid: "2.5.29.15")?.value == [0x03, 0x02, 0x01, 0x06])
        #expect(root.extension(oid: "2.5.29.14")?.value.count == 22)
        #expect(root.notValidBefore == Self.start)
        #expect(root.notValidAfter == Self.farFuture)
        #expect(root.publicKey == rootKey.publicKey)
        #expect(leaf.serialNumberHex == "ff0001")
        #expect(leaf.issuer == root.subject)
        #expect(leaf.isCertificateAuthority == false)
        #expect(leaf.extension(oid: "2.5.29.19")?.value == [0x30, 0x00])
        #expect(
            leaf.extension(oid: "1.3.6.1.4.1.45724.1.1.4")?.value == [0x04, 0x10] + [UInt8](repeating: 0xAB, count: 16))
        #expect(leaf.extension(oid: "1.3.6.1.4.1.45724.1.1.4")?.isCritical == false)
        let authorityKeyIdentifier = try #require(leaf.extension(oid: "2.5.29.35")).value
        let subjectKeyIdentifier = try #require(root.extension(oid: "2.5.29.14")).value
        #expect(Array(authorityKeyIdentifier.suffix(20)) == Array(subjectKeyIdentifier.suffix(20)))
        #expect(leaf.publicKey == leafKey.publicKey)
        #expect(leaf.extensions.map(\.oid) == ["2.5.29.19", "1.3.6.1.4.1.45724.1.1.4", "2.5.29.35"])
    }

    @Test func validityUsesUTCTimeBefore2050AndGeneralizedTimeAfter() throws {
        let key = try PrivateKey.generate(.es256)
        let root = try Self.root(key: key)
        let utcTime: [UInt8] = [0x17, 0x0D] + Array("240101000000Z".utf8)
        let generalizedTime: [UInt8] = [0x18, 0x0F] + Array("30240101000000Z".utf8)
        #expect(Self.contains(root.derEncoded, utcTime))
        #expect(Self.contains(root.derEncoded, generalizedTime))
    }

    @Test(arguments: [COSEAlgorithm.es256, .es384, .es512, .edDSA, .ed448, .rs256])
    func everyKeyTypeSignsAChainThatValidates(algorithm: COSEAlgorithm) throws {
        let rootKey = try algorithm == .rs256 ? #require(PrivateKeyTests.rsaKey) : PrivateKey.generate(algorithm)
        let root = try Self.root(key: rootKey)
        let leaf = try Self.leaf(key: try PrivateKey.generate(.es256), issuer: root, issuerKey: rootKey)
        try CertificateChainVerifier(trustAnchors: [root]).verify(leaf: leaf, intermediates: [], at: Self.inside)
        let expectedSignatureAlgorithm: [UInt8]
        switch algorithm {
        case .es256: expectedSignatureAlgorithm = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        case .es384: expectedSignatureAlgorithm = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03]
        case .es512: expectedSignatureAlgorithm = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x04]
        case .edDSA: expectedSignatureAlgorithm = [0x06, 0x03, 0x2B, 0x65, 0x70]
        case .ed448: expectedSignatureAlgorithm = [0x06, 0x03, 0x2B, 0x65, 0x71]
        default:
            expectedSignatureAlgorithm = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B]
        }
        #expect(Self.contains(leaf.derEncoded, expectedSignatureAlgorithm))
    }

    @Test func anIntermediateCAExtendsTheChain() throws {
        let rootKey = try PrivateKey.generate(.es256)
        let root = try Self.root(key: rootKey)
        let intermediateKey = try PrivateKey.generate(.es384)
        var builder = CertificateBuilder(
            serialNumber: [0x03],
            subject: Self.name("Test Intermediate"),
            issuer: root.subject,
            notValidBefore: Self.start,
            notValidAfter: Self.farFuture,
            publicKey: intermediateKey.publicKey
        )
        builder.addBasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 0)
        builder.addKeyUsage([.keyCertSign])
        let intermediate = try builder.sign(with: rootKey)
        let leaf = try Self.leaf(key: try PrivateKey.generate(.es256), issuer: intermediate, issuerKey: intermediateKey)
        let verifier = CertificateChainVerifier(trustAnchors: [root])
        try verifier.verify(leaf: leaf, intermediates: [intermediate], at: Self.inside)
        #expect(
            Self.code { try verifier.verify(leaf: leaf, intermediates: [], at: Self.inside) }
                == .certificateChainUntrusted)
    }

    @Test func invalidInputsAreRejected() throws {
        let key = try PrivateKey.generate(.es256)
        let valid = CertificateBuilder(
            serialNumber: [1],
            subject: Self.name("x"),
            notValidBefore: Self.start,
            notValidAfter: Self.farFuture,
            publicKey: key.publicKey
        )
        var emptySerial = valid
        emptySerial.serialNumber = []
        #expect(Self.code { _ = try emptySerial.sign(with: key) } == .invalidCertificate)
        var longSerial = valid
        longSerial.serialNumber = [UInt8](repeating: 1, count: 21)
        #expect(Self.code { _ = try longSerial.sign(with: key) } == .invalidCertificate)
        var year10000 = valid
        year10000.notValidAfter = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(Self.code { _ = try year10000.sign(with: key) } == .invalidCertificate)
        var namedOID = valid
        namedOID.addExtension(oid: "basicConstraints", isCritical: false, value: [0x30, 0x00])
        #expect(Self.code { _ = try namedOID.sign(with: key) } == .invalidCertificate)
        var longCountry = valid
        longCountry.subject = DistinguishedName(attributes: [.init(oid: "2.5.4.6", value: "USA")])
        #expect(Self.code { _ = try longCountry.sign(with: key) } == .invalidCertificate)
        var emptyOID = valid
        emptyOID.subject = DistinguishedName(attributes: [.init(oid: "", value: "x")])
        #expect(Self.code { _ = try emptyOID.sign(with: key) } == .invalidCertificate)
        #expect(try valid.sign(with: key).version == 3)
    }

    @Test func derBuilderEncodesMinimalLengthsIntegersAndNamedBits() throws {
        #expect(DERBuilder.octetString([1, 2]) == [0x04, 0x02, 1, 2])
        let long = DERBuilder.octetString([UInt8](repeating: 7, count: 300))
        #expect(Array(long.prefix(4)) == [0x04, 0x82, 0x01, 0x2C])
        #expect(try Array(DER.parse(long[...], expecting: DER.octetStringTag)) == [UInt8](repeating: 7, count: 300))
        #expect(Array(DERBuilder.octetString([UInt8](repeating: 0, count: 200)).prefix(3)) == [0x04, 0x81, 0xC8])
        #expect(DERBuilder.integer(0) == [0x02, 0x01, 0x00])
        #expect(DERBuilder.integer(127) == [0x02, 0x01, 0x7F])
        #expect(DERBuilder.integer(128) == [0x02, 0x02, 0x00, 0x80])
        #expect(DERBuilder.integer(0x0100) == [0x02, 0x02, 0x01, 0x00])
        #expect(DERBuilder.boolean(true) == [0x01, 0x01, 0xFF])
        #expect(DERBuilder.boolean(false) == [0x01, 0x01, 0x00])
        #expect(DERBuilder.namedBitString([]) == [0x03, 0x01, 0x00])
        #expect(DERBuilder.namedBitString([0]) == [0x03, 0x02, 0x07, 0x80])
        #expect(DERBuilder.namedBitString([5, 6]) == [0x03, 0x02, 0x01, 0x06])
        #expect(DERBuilder.namedBitString([8]) == [0x03, 0x03, 0x07, 0x00, 0x80])
        let nonce = [UInt8](repeating: 0x5A, count: 32)
        let appleNonce = DERBuilder.sequence([DERBuilder.element(tag: 0xA1, contents: DERBuilder.octetString(nonce))])
        #expect(appleNonce == [0x30, 0x24, 0xA1, 0x22, 0x04, 0x20] + nonce)
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
