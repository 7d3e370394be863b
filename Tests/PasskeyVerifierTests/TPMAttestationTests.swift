import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

/// The `tpm` format (WebAuthn Level 3 §8.3) against the W3C vector tpm-es256, mutations of it re-signed with
/// the vector's AIK key, generated AIK certificates that each break one rule, and the Windows Hello and
/// Thinkpad recordings (RS1).
@Suite struct TPMAttestationTests {
    typealias Support = AttestationTestSupport
    typealias Vectors = AttestationFormatTestData

    static let invalid = WebAuthnError(.invalidAttestationStatement, "")
    static let invalidSignature = WebAuthnError(.invalidSignature, "")
    static let untrusted = WebAuthnError(.untrustedAttestation, "")
    static let unsupportedAlgorithm = WebAuthnError(.unsupportedAlgorithm, "")

    static let clientDataJSON = Support.bytes(Vectors.tpmClientDataJSON)

    /// The vector's statement and authenticator data.
    static func vector() throws -> (statement: CBORMap, authenticatorData: AuthenticatorData) {
        try Support.decode(Support.bytes(Vectors.tpmAttestationObject))
    }

    static func w3cRoot() throws -> Certificate {
        try Support.certificate(Vectors.w3cRootCertificate)
    }

    static func testCA() throws -> Certificate {
        try Support.certificate(Vectors.testCACertificate)
    }

    /// Verifies `statement` with the tpm format trusting `anchors` (the W3C root by default).
    static func verify(
        _ statement: CBORMap,
        anchors: [Certificate]? = nil,
        authenticatorData: AuthenticatorData? = nil
    ) throws -> AttestationResult {
        let data = try authenticatorData ?? vector().authenticatorData
        let format = TPMAttestation(trustAnchors: try anchors ?? [w3cRoot()])
        return try format.verify(
            Support.input(.map(statement), authenticatorData: data, clientDataJSON: clientDataJSON))
    }

    static func pubArea() throws -> [UInt8] {
        guard let bytes = try vector().statement[textKey: "pubArea"]?.byteStringValue else {
            throw Support.Failure(description: "the vector has no pubArea")
        }
        return bytes
    }

    /// A `TPMS_ATTEST` built from its parts.
    static func certInfo(
        magic: UInt32 = 0xFF54_4347,
        type: UInt16 = 0x8017,
        qualifiedSigner: [UInt8] = [],
        extraData: [UInt8],
        clockInfo: [UInt8] = [UInt8](repeating: 0, count: 17),
        firmwareVersion: [UInt8] = [UInt8](repeating: 0, count: 8),
        name: [UInt8]
    ) -> [UInt8] {
        Support.bigEndian(magic) + Support.bigEndian(type) + Support.sized(qualifiedSigner) + Support.sized(extraData)
            + clockInfo + firmwareVersion + Support.sized(name) + Support.sized([])
    }

    /// The extraData the vector's ceremony needs under `hash`.
    static func extraData(_ hash: HashAlgorithm = .sha256) throws -> [UInt8] {
        hash.hash(try vector().authenticatorData.rawBytes + HashAlgorithm.sha256.hash(clientDataJSON))
    }

    /// The Name of the vector's pubArea with nameAlg SHA-256.
    static func name(of pubArea: [UInt8]) -> [UInt8] {
        [0x00, 0x0B] + HashAlgorithm.sha256.hash(pubArea)
    }

    /// The vector's statement with `certInfo` replaced and signed again with the vector's AIK key.
    static func resigned(_ certInfo: [UInt8], pubArea replacement: [UInt8]? = nil) throws -> CBORMap {
        let key = try PrivateKey(ecPrivateScalar: Support.bytes(Vectors.tpmAttestationPrivateKey), curve: .p256)
        var statement = try vector().statement
        statement = Support.replacing(statement, "certInfo", with: .byteString(certInfo))
        statement = Support.replacing(statement, "sig", with: .byteString(try key.sign(certInfo)))
        if let replacement {
            statement = Support.replacing(statement, "pubArea", with: .byteString(replacement))
        }
        return statement
    }

    /// The vector's statement with member `name` set to `value` (removed when `nil`).
    static func replacing(_ name: String, with value: CBORValue?) throws -> CBORMap {
        Support.replacing(try vector().statement, name, with: value)
    }

    /// The vector's statement with `x5c` holding one generated certificate.
    static func withAIK(_ hex: String) throws -> CBORMap {
        try replacing("x5c", with: .array([.byteString(Support.bytes(hex))]))
    }

    // MARK: - The W3C vector and trust

    @Test func verifiesTheW3CVector() throws {
        let result = try Self.verify(try Self.vector().statement)
        #expect(result.type == .attCA)
        #expect(result.trustPath.count == 1)
        #expect(result.trustPath.first?.subject.isEmpty == true)
        #expect(result.tpmManufacturer?.identifier == "id:00000000")
        #expect(result.tpmManufacturer?.isRegistered == false)
        #expect(result.subStatementResults.isEmpty)
    }

    @Test func failsWithoutAnAnchorAndWithOnlyTheBuiltInMicrosoftRoot() throws {
        let statement = try Self.vector().statement
        #expect(throws: Self.untrusted) { try Self.verify(statement, anchors: []) }
        let builtIn = AttestationTrustAnchors.builtIn.anchors(forFormat: "tpm")
        #expect(builtIn.count == 1)
        #expect(throws: Self.untrusted) { try Self.verify(statement, anchors: builtIn) }
    }

    @Test func buildsTheMicrosoftTPMRootIn() throws {
        let root = try #require(MicrosoftTPMRootCA.certificate)
        let fingerprint = Support.bytes("870c7a35ceab3d59979f2c6a524042d404cb715180043509" + "25fb2ced79a999da")
        #expect(HashAlgorithm.sha256.hash(root.derEncoded) == fingerprint)
        #expect(root.subject.values(forOID: "2.5.4.3") == ["Microsoft TPM Root Certificate Authority 2014"])
        #expect(AttestationTrustAnchors.builtIn.anchors(forFormat: "tpm") == [root])
        #expect(AttestationTrustAnchors.builtIn.anchors(forFormat: "packed").isEmpty)
        #expect(AttestationTrustAnchors.empty.anchors(forFormat: "tpm").isEmpty)
    }

    @Test func verifiesACertInfoBuiltFromItsParts() throws {
        let pubArea = try Self.pubArea()
        let certInfo = Self.certInfo(extraData: try Self.extraData(), name: Self.name(of: pubArea))
        #expect(try Self.verify(try Self.resigned(certInfo)).type == .attCA)
    }

    @Test func ignoresQualifiedSignerClockInfoAndFirmwareVersion() throws {
        let certInfo = Self.certInfo(
            qualifiedSigner: [0x00, 0x0B] + [UInt8](repeating: 0xAB, count: 32),
            extraData: try Self.extraData(),
            clockInfo: [UInt8](repeating: 0xFF, count: 17),
            firmwareVersion: [UInt8](repeating: 0x77, count: 8),
            name: Self.name(of: try Self.pubArea())
        )
        #expect(try Self.verify(try Self.resigned(certInfo)).type == .attCA)
    }

    // MARK: - Statement members

    @Test func requiresVersion2() throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("ver", with: .textString("1.0"))) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("ver", with: .unsignedInteger(2))) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("ver", with: nil)) }
    }

    @Test func rejectsUnknownMembers() throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("ecdaaKeyId", with: .byteString([1]))) }
    }

    @Test(arguments: ["sig", "certInfo", "pubArea", "x5c", "alg"])
    func requiresEveryMember(_ name: String) throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing(name, with: nil)) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing(name, with: .textString("x"))) }
    }

    @Test func requiresANonEmptyChainOfCertificates() throws {
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("x5c", with: .array([]))) }
        #expect(throws: Self.invalid) {
            try Self.verify(try Self.replacing("x5c", with: .array([.byteString([0x30])])))
        }
    }

    @Test(arguments: [-8, -19, -53, 0, 12345] as [Int64])
    func rejectsAlgorithmsWithoutAHashOrUnknown(_ algorithm: Int64) throws {
        let statement = try Self.replacing("alg", with: CBORValue(integer: algorithm))
        #expect(throws: Self.unsupportedAlgorithm) { try Self.verify(statement) }
    }

    @Test func hashesExtraDataWithTheStatementAlgorithm() throws {
        // ES384 hashes with SHA-384: the vector's SHA-256 extraData no longer matches.
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("alg", with: CBORValue(integer: -35))) }
        // RS1 hashes with SHA-1: a SHA-1 extraData matches, but RS1 does not fit the P-256 AIK key.
        let sha1CertInfo = Self.certInfo(extraData: try Self.extraData(.sha1), name: Self.name(of: try Self.pubArea()))
        let rs1 = Support.replacing(try Self.resigned(sha1CertInfo), "alg", with: CBORValue(integer: -65535))
        do {
            _ = try Self.verify(rs1)
            Issue.record("an RS1 statement signed with an EC key was accepted")
        } catch let error as WebAuthnError {
            #expect(error.code == .invalidAttestationStatement)
            #expect(error.message.contains("does not fit"))
        }
    }

    @Test func rejectsAnAlgorithmThatDoesNotFitTheAIKKey() throws {
        // RS256 hashes with SHA-256 like ES256, so only the key type differs.
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("alg", with: CBORValue(integer: -257))) }
    }

    // MARK: - pubArea

    @Test func rejectsAPubAreaForAnotherKey() throws {
        var pubArea = try Self.pubArea()
        pubArea[20] ^= 0x01
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("pubArea", with: .byteString(pubArea))) }
        var otherCurve = try Self.pubArea()
        otherCurve[15] = 0x04
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("pubArea", with: .byteString(otherCurve))) }
    }

    @Test func rejectsACredentialKeyThatIsNotThePubAreaKey() throws {
        let vector = try Self.vector()
        let other = try PrivateKey.generate(.es256).coseKey
        let data = try Support.replacingCredentialKey(of: vector.authenticatorData, with: other)
        #expect(throws: Self.invalid) { try Self.verify(vector.statement, authenticatorData: data) }
        let rsa = try PrivateKey.generate(.rs256).coseKey
        let rsaData = try Support.replacingCredentialKey(of: vector.authenticatorData, with: rsa)
        #expect(throws: Self.invalid) { try Self.verify(vector.statement, authenticatorData: rsaData) }
    }

    @Test func rejectsEveryTruncatedPubAreaAndTrailingBytes() throws {
        let pubArea = try Self.pubArea()
        for length in 0..<pubArea.count {
            let statement = try Self.replacing("pubArea", with: .byteString(Array(pubArea.prefix(length))))
            #expect(throws: Self.invalid) { try Self.verify(statement) }
        }
        #expect(throws: Self.invalid) {
            try Self.verify(try Self.replacing("pubArea", with: .byteString(pubArea + [0])))
        }
    }

    @Test func rejectsPubAreaTypesAndNameAlgorithmsItCannotUse() throws {
        var keyedHash = try Self.pubArea()
        keyedHash[1] = 0x08
        #expect(throws: Self.invalid) { try TPMTPublic(bytes: keyedHash) }
        var nullNameAlg = try Self.pubArea()
        nullNameAlg[3] = 0x10
        #expect(throws: Self.invalid) { try TPMTPublic(bytes: nullNameAlg) }
        #expect(throws: Self.invalid) { try Self.verify(try Self.replacing("pubArea", with: .byteString(keyedHash))) }
    }

    @Test func parsesTheVectorPubArea() throws {
        let pubArea = try TPMTPublic(bytes: try Self.pubArea())
        #expect(pubArea.type == TPMAlgorithmID.ecc)
        #expect(pubArea.nameAlg == TPMAlgorithmID.sha256)
        #expect(pubArea.authPolicy.isEmpty)
        #expect(pubArea.name == Self.name(of: try Self.pubArea()))
        guard case .ecc(let curveID, let x, let y) = pubArea.key else {
            Issue.record("the vector's pubArea is not an ECC key")
            return
        }
        let credentialKey = try #require(
            try Self.vector().authenticatorData.attestedCredentialData?.credentialPublicKey)
        #expect(curveID == TPMAlgorithmID.eccNISTP256)
        #expect(x == credentialKey.xCoordinate)
        #expect(y == credentialKey.yCoordinate)
    }

    /// An ECC pubArea with the given symmetric, scheme and kdf members around the vector's point.
    static func eccPubArea(symmetric: [UInt8], scheme: [UInt8], kdf: [UInt8]) throws -> [UInt8] {
        let vector = try Self.pubArea()
        return Array(vector[0..<10]) + symmetric + scheme + [0x00, 0x03] + kdf + Array(vector[18...])
    }

    @Test func parsesTheDetailsOfSymmetricSchemeAndKDFMembers() throws {
        let layouts: [([UInt8], [UInt8], [UInt8])] = [
            ([0x00, 0x06, 0x00, 0x80, 0x00, 0x43], [0x00, 0x10], [0x00, 0x10]),  // AES-128 CFB
            ([0x00, 0x10], [0x00, 0x18, 0x00, 0x0B], [0x00, 0x10]),  // ECDSA SHA-256
            ([0x00, 0x10], [0x00, 0x1A, 0x00, 0x0B, 0x00, 0x01], [0x00, 0x10]),  // ECDAA SHA-256, count 1
            ([0x00, 0x10], [0x00, 0x10], [0x00, 0x07, 0x00, 0x0B]),  // MGF1 SHA-256
        ]
        let vectorKey = try TPMTPublic(bytes: try Self.pubArea()).key
        for (symmetric, scheme, kdf) in layouts {
            let parsed = try TPMTPublic(bytes: try Self.eccPubArea(symmetric: symmetric, scheme: scheme, kdf: kdf))
            #expect(parsed.key == vectorKey)
        }
    }

    @Test func rejectsUnknownSymmetricSchemeAndKDFAlgorithms() throws {
        let layouts: [([UInt8], [UInt8], [UInt8])] = [
            ([0x00, 0x99], [0x00, 0x10], [0x00, 0x10]),
            ([0x00, 0x10], [0x00, 0x14, 0x00, 0x0B], [0x00, 0x10]),  // RSASSA is not an ECC scheme
            ([0x00, 0x10], [0x00, 0x10], [0x00, 0x99]),
        ]
        for (symmetric, scheme, kdf) in layouts {
            let bytes = try Self.eccPubArea(symmetric: symmetric, scheme: scheme, kdf: kdf)
            #expect(throws: Self.invalid) { try TPMTPublic(bytes: bytes) }
        }
    }

    /// An RSA pubArea for `modulus` with `exponent`.
    static func rsaPubArea(modulus: [UInt8], exponent: UInt32, keyBits: UInt16? = nil) -> [UInt8] {
        [0x00, 0x01, 0x00, 0x0B, 0x00, 0x06, 0x04, 0x72] + Support.sized([]) + [0x00, 0x10, 0x00, 0x10]
            + Support.bigEndian(keyBits ?? UInt16(modulus.count * 8)) + Support.bigEndian(exponent)
            + Support.sized(modulus)
    }

    @Test func comparesRSAKeysWithTheDefaultExponent() throws {
        let credentialKey = try PrivateKey.generate(.rs256).coseKey
        let modulus = try #require(credentialKey.modulus)
        #expect(credentialKey.exponent == [0x01, 0x00, 0x01])
        for exponent: UInt32 in [0, 65537] {
            let pubArea = try TPMTPublic(bytes: Self.rsaPubArea(modulus: modulus, exponent: exponent))
            try TPMAttestation.checkKey(pubArea.key, equals: credentialKey)
        }
        let wrongExponent = try TPMTPublic(bytes: Self.rsaPubArea(modulus: modulus, exponent: 3))
        #expect(throws: Self.invalid) { try TPMAttestation.checkKey(wrongExponent.key, equals: credentialKey) }
        var otherModulus = modulus
        otherModulus[10] ^= 0x01
        let wrongModulus = try TPMTPublic(bytes: Self.rsaPubArea(modulus: otherModulus, exponent: 0))
        #expect(throws: Self.invalid) { try TPMAttestation.checkKey(wrongModulus.key, equals: credentialKey) }
        let ecKey = try PrivateKey.generate(.es256).coseKey
        let rsaPubArea = try TPMTPublic(bytes: Self.rsaPubArea(modulus: modulus, exponent: 0))
        #expect(throws: Self.invalid) { try TPMAttestation.checkKey(rsaPubArea.key, equals: ecKey) }
        let eccPubArea = try TPMTPublic(bytes: try Self.pubArea())
        #expect(throws: Self.invalid) { try TPMAttestation.checkKey(eccPubArea.key, equals: credentialKey) }
    }

    @Test func rejectsAnRSAPubAreaWhoseKeyBitsDisagreeWithItsModulus() throws {
        let modulus = try #require(try PrivateKey.generate(.rs256).coseKey.modulus)
        #expect(throws: Self.invalid) {
            try TPMTPublic(bytes: Self.rsaPubArea(modulus: modulus, exponent: 0, keyBits: 1024))
        }
    }

    // MARK: - certInfo

    @Test func rejectsAWrongMagicOrType() throws {
        let extraData = try Self.extraData()
        let name = Self.name(of: try Self.pubArea())
        let wrongMagic = Self.certInfo(magic: 0xFF54_4348, extraData: extraData, name: name)
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(wrongMagic)) }
        let quote = Self.certInfo(type: 0x8018, extraData: extraData, name: name)
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(quote)) }
    }

    @Test func rejectsExtraDataThatDoesNotBindThisCeremony() throws {
        let name = Self.name(of: try Self.pubArea())
        let sha1 = Self.certInfo(extraData: try Self.extraData(.sha1), name: name)
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(sha1)) }
        let otherCeremony = Self.certInfo(extraData: HashAlgorithm.sha256.hash([1, 2, 3]), name: name)
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(otherCeremony)) }
    }

    @Test func rejectsANameThatIsNotThePubAreaName() throws {
        let pubArea = try Self.pubArea()
        let extraData = try Self.extraData()
        let sha1Name = Self.certInfo(extraData: extraData, name: [0x00, 0x04] + HashAlgorithm.sha1.hash(pubArea))
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(sha1Name)) }
        let otherKey = Self.certInfo(extraData: extraData, name: Self.name(of: pubArea + [0]))
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(otherKey)) }
        let hashOnly = Self.certInfo(extraData: extraData, name: HashAlgorithm.sha256.hash(pubArea))
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(hashOnly)) }
    }

    @Test func rejectsTruncatedAndTrailingCertInfo() throws {
        let certInfo = Self.certInfo(extraData: try Self.extraData(), name: Self.name(of: try Self.pubArea()))
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(certInfo + [0])) }
        for length in 0..<certInfo.count {
            #expect(throws: Self.invalid) { try TPMSAttest(bytes: Array(certInfo.prefix(length))) }
        }
        #expect(throws: Self.invalid) { try Self.verify(try Self.resigned(Array(certInfo.dropLast()))) }
    }

    @Test func parsesTheVectorCertInfo() throws {
        let bytes = try #require(try Self.vector().statement[textKey: "certInfo"]?.byteStringValue)
        let certInfo = try TPMSAttest(bytes: bytes)
        let extraData = try Self.extraData()
        let pubArea = try Self.pubArea()
        #expect(certInfo.extraData == extraData)
        #expect(certInfo.attestedName == Self.name(of: pubArea))
        #expect(certInfo.attestedQualifiedName.isEmpty)
        #expect(certInfo.resetCount == 0x1111_1111)
        #expect(certInfo.restartCount == 0x2222_2222)
    }

    @Test(arguments: ["pubArea", "certInfo"])
    func failsForEveryChangedByte(_ member: String) throws {
        let (statement, authenticatorData) = try Self.vector()
        let original = try #require(statement[textKey: member]?.byteStringValue)
        let format = TPMAttestation(trustAnchors: [try Self.w3cRoot()])
        var outcomes = MutationOutcomes()
        for index in original.indices {
            var changed = original
            changed[index] ^= 0x01
            let mutated = Support.replacing(statement, member, with: .byteString(changed))
            let input = try Support.input(
                .map(mutated), authenticatorData: authenticatorData, clientDataJSON: Self.clientDataJSON)
            outcomes.record("\(member)[\(index)]") { _ = try format.verify(input) }
        }
        // pubArea is hashed into certInfo's name and compared with the credential key: any change is a
        // statement error. certInfo is parsed and compared (magic, type, extraData, name) before its
        // signature is checked; the bytes only the signature protects fail the signature.
        switch member {
        case "pubArea": #expect(outcomes.problems(rejectedWith: [.invalidAttestationStatement]) == [])
        default:
            #expect(outcomes.problems(rejectedWith: [.invalidAttestationStatement, .invalidSignature]) == [])
            // TPMS_ATTEST: magic (4), type (2), qualifiedSigner (TPM2B), extraData (TPM2B), then clockInfo
            // (17) and firmwareVersion (8), which nothing but the signature checks.
            func size(at offset: Int) -> Int { Int(original[offset]) << 8 | Int(original[offset + 1]) }
            let extraData = 6 + 2 + size(at: 6)
            let clockInfo = extraData + 2 + size(at: extraData)
            for index in clockInfo..<(clockInfo + 25) {
                #expect(outcomes.codes["certInfo[\(index)]"] == .invalidSignature, "certInfo[\(index)]")
            }
        }
    }

    // MARK: - Signature

    @Test func rejectsATamperedSignature() throws {
        var signature = try #require(try Self.vector().statement[textKey: "sig"]?.byteStringValue)
        signature[signature.count - 1] ^= 0x01
        #expect(throws: Self.invalidSignature) {
            try Self.verify(try Self.replacing("sig", with: .byteString(signature)))
        }
    }

    @Test func rejectsASignatureByAnotherKey() throws {
        let certInfo = try #require(try Self.vector().statement[textKey: "certInfo"]?.byteStringValue)
        let signature = try PrivateKey.generate(.es256).sign(certInfo)
        #expect(throws: Self.invalidSignature) {
            try Self.verify(try Self.replacing("sig", with: .byteString(signature)))
        }
    }

    @Test func rejectsACertInfoChangedAfterSigning() throws {
        var certInfo = try #require(try Self.vector().statement[textKey: "certInfo"]?.byteStringValue)
        // Offsets 59..<67 hold firmwareVersion (after magic, type, an empty qualifiedSigner, a 32-byte
        // extraData and clockInfo): ignored by the checks, but signed.
        certInfo[60] ^= 0x01
        let statement = try Self.replacing("certInfo", with: .byteString(certInfo))
        #expect(throws: Self.invalidSignature) { try Self.verify(statement) }
    }

    // MARK: - AIK certificate requirements (§8.3.1)

    @Test func acceptsAnAIKCertificateMeetingEveryRule() throws {
        let result = try Self.verify(try Self.withAIK(Vectors.aikValid), anchors: [try Self.testCA()])
        #expect(result.type == .attCA)
        #expect(result.trustPath == [try Support.certificate(Vectors.aikValid)])
        #expect(result.tpmManufacturer?.identifier == "id:4E544300")
        #expect(result.tpmManufacturer?.vendorName == "Nuvoton Technology")
        #expect(result.tpmManufacturer?.vendorID == [0x4E, 0x54, 0x43, 0x00])
        #expect(throws: Self.untrusted) { try Self.verify(try Self.withAIK(Vectors.aikValid)) }
    }

    @Test func reportsAnUnregisteredManufacturerWithoutFailing() throws {
        let result = try Self.verify(
            try Self.withAIK(Vectors.aikUnregisteredManufacturer), anchors: [try Self.testCA()])
        let manufacturer = try #require(result.tpmManufacturer)
        #expect(manufacturer.isRegistered == false)
        #expect(manufacturer.vendorID == [0xFF, 0xFF, 0xF1, 0xD0])
        #expect(manufacturer.description == "unregistered TPM manufacturer id:FFFFF1D0")
    }

    @Test(
        arguments: [
            (Vectors.aikVersion1, "version 3"),
            (Vectors.aikWithSubject, "subject must be empty"),
            (Vectors.aikWithoutSubjectAlternativeName, "no subject alternative name"),
            (Vectors.aikWithNonCriticalSubjectAlternativeName, "must be critical"),
            (Vectors.aikWithoutTPMModel, "TPM model"),
            (Vectors.aikWithoutExtendedKeyUsage, "tcg-kp-AIKCertificate"),
            (Vectors.aikWithServerAuthOnly, "tcg-kp-AIKCertificate"),
            (Vectors.aikCertificateAuthority, "cA is true"),
            (Vectors.aikWrongAAGUID, "AAGUID"),
        ]
    )
    func rejectsAnAIKCertificateBreakingARule(_ certificate: String, _ rule: String) throws {
        do {
            _ = try Self.verify(try Self.withAIK(certificate), anchors: [try Self.testCA()])
            Issue.record("an AIK certificate breaking \"\(rule)\" was accepted")
        } catch let error as WebAuthnError {
            #expect(error.code == .invalidAttestationStatement)
            #expect(error.message.contains(rule), "\(error.message)")
        }
    }

    @Test func readsManufacturerIdentifiers() {
        #expect(TPMManufacturer(identifier: "id:53544D20").vendorName == "STMicroelectronics")
        #expect(TPMManufacturer(identifier: "id:494e5443").vendorName == "Intel")
        #expect(TPMManufacturer(identifier: "id:494E5443").description == "Intel (id:494E5443)")
        for malformed in ["", "id:", "id:4E5443", "id:4E54430000", "ID:4E544300", "id:4E54430G", "4E544300"] {
            let manufacturer = TPMManufacturer(identifier: malformed)
            #expect(manufacturer.vendorID == nil, "\(malformed)")
            #expect(manufacturer.isRegistered == false)
        }
    }

    // MARK: - Real devices (RS1)

    /// The statement of a real-device recording and the input to verify `statement` in its ceremony.
    static func realDevice(
        _ name: String,
        statement replacement: ((CBORMap) -> CBORMap)? = nil
    ) throws -> (statement: CBORMap, input: AttestationStatementInput) {
        let recorded = try Support.registration("real-devices/\(name).registration.json")
        let decoded = try Support.decode(recorded.attestationObject)
        let statement = replacement?(decoded.statement) ?? decoded.statement
        let input = try Support.input(
            .map(statement),
            authenticatorData: decoded.authenticatorData,
            clientDataJSON: recorded.clientDataJSON,
            at: Support.realDeviceInstant
        )
        return (decoded.statement, input)
    }

    @Test(arguments: [("WindowsHelloTpm", "Nuvoton Technology"), ("ThinkpadTpm", "STMicroelectronics")])
    func verifiesRealRS1StatementsWithTheBuiltInRoot(_ name: String, _ vendor: String) throws {
        let device = try Self.realDevice(name)
        #expect(device.statement[textKey: "alg"] == CBORValue(integer: -65535))
        let format = TPMAttestation(trustAnchors: AttestationTrustAnchors.builtIn.anchors(forFormat: "tpm"))
        let result = try format.verify(device.input)
        #expect(result.type == .attCA)
        #expect(result.trustPath.count == 2)
        #expect(result.tpmManufacturer?.vendorName == vendor)
        #expect(throws: Self.untrusted) { try TPMAttestation(trustAnchors: []).verify(device.input) }
    }

    @Test func rejectsARealRS1StatementRelabelledAsRS256() throws {
        let relabelled = try Self.realDevice("WindowsHelloTpm") {
            Support.replacing($0, "alg", with: CBORValue(integer: -257))
        }
        let format = TPMAttestation(trustAnchors: AttestationTrustAnchors.builtIn.anchors(forFormat: "tpm"))
        do {
            _ = try format.verify(relabelled.input)
            Issue.record("an RS1 statement relabelled RS256 was accepted")
        } catch {
            #expect(error.code == .invalidAttestationStatement)
            #expect(error.message.contains("extraData"))
        }
    }
}
