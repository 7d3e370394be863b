import Foundation
import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import Testing

/// Builds attestation statement inputs for the format tests.
enum AndroidAttestationTestSupport {
    static let instant = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z

    static func certificate(_ der: [UInt8]) throws -> Certificate {
        try Certificate(derEncoded: der)
    }

    static func certificates(pem: String) throws -> [Certificate] {
        try Certificate.certificates(fromPEM: pem)
    }

    static func privateKey(_ scalar: [UInt8]) throws -> PrivateKey {
        try PrivateKey(ecPrivateScalar: scalar, curve: .p256)
    }

    /// Authenticator data for example.org with UP, UV and AT, counter 0 and `credentialKey`.
    static func authenticatorData(credentialKey: COSEKey) throws -> AuthenticatorData {
        let credentialID = HashAlgorithm.sha256.hash(Array("credential".utf8))
        let bytes =
            HashAlgorithm.sha256.hash(Array("example.org".utf8)) + [0x45, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
            + [0, UInt8(credentialID.count)] + credentialID + credentialKey.encoded
        return try AuthenticatorData(bytes: bytes)
    }

    static func input(
        _ statement: [(String, CBORValue)],
        authenticatorData: AuthenticatorData,
        clientDataHash: [UInt8],
        at instant: Date = instant
    ) throws -> AttestationStatementInput {
        let attested = try #require(authenticatorData.attestedCredentialData)
        return AttestationStatementInput(
            statement: CBORMap(entries: statement.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) }),
            authenticatorData: authenticatorData,
            attestedCredentialData: attested,
            clientDataHash: clientDataHash,
            verificationInstant: instant
        )
    }

    /// Expects `body` to throw a ``WebAuthnError`` with `code` whose message mentions `fragment`,
    /// so that a rule's test cannot pass on another rule's failure with the same code.
    static func expect(
        _ code: WebAuthnError.Code,
        mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let error = #expect(throws: WebAuthnError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == code, "\(error.map { "\($0)" } ?? "no error")", sourceLocation: sourceLocation)
        #expect(
            error?.message.contains(fragment) == true,
            "\(error?.message ?? "no message") does not mention \(fragment)",
            sourceLocation: sourceLocation
        )
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// The `android-key` format (WebAuthn Level 3 §8.4) and the KeyDescription extension.
@Suite struct AndroidKeyAttestationTests {
    typealias Vectors = AndroidKeyTestVectors

    let credentialKey: PrivateKey
    let authenticatorData: AuthenticatorData
    let root: [Certificate]

    init() throws {
        credentialKey = try AndroidAttestationTestSupport.privateKey(Vectors.credentialScalar)
        authenticatorData = try AndroidAttestationTestSupport.authenticatorData(credentialKey: credentialKey.coseKey)
        root = try AndroidAttestationTestSupport.certificates(pem: Vectors.rootPEM)
    }

    /// A statement `{alg, sig, x5c: [leaf]}` signed over `authenticatorData || clientDataHash`.
    func statement(
        leaf: [UInt8],
        signer: PrivateKey? = nil,
        algorithm: Int64 = -7,
        signedData: [UInt8]? = nil
    ) throws -> [(String, CBORValue)] {
        let message = signedData ?? (authenticatorData.rawBytes + Vectors.clientDataHash)
        let signature = try (signer ?? credentialKey).sign(message)
        return [
            ("alg", CBORValue(integer: algorithm)), ("sig", .byteString(signature)),
            ("x5c", .array([.byteString(leaf)])),
        ]
    }

    func verify(
        _ statement: [(String, CBORValue)],
        anchors: [Certificate]? = nil,
        policy: AndroidKeyAttestation.AuthorizationPolicy = .default,
        at instant: Date = AndroidAttestationTestSupport.instant
    ) throws -> AttestationResult {
        let format = AndroidKeyAttestation(trustAnchors: anchors ?? root, policy: policy)
        return try format.verify(
            AndroidAttestationTestSupport.input(
                statement,
                authenticatorData: authenticatorData,
                clientDataHash: Vectors.clientDataHash,
                at: instant
            )
        )
    }

    // MARK: - Accepted

    @Test func authorizedKeyVerifiesAsBasicWithItsChain() throws {
        let result = try verify(statement(leaf: Vectors.authorizedLeaf))
        #expect(result.type == .basic)
        #expect(result.trustPath == [try AndroidAttestationTestSupport.certificate(Vectors.authorizedLeaf)])
    }

    @Test func authorizedKeyPassesTheStrictTEEPolicy() throws {
        let result = try verify(statement(leaf: Vectors.authorizedLeaf), policy: .teeEnforcedStrict)
        #expect(result.type == .basic)
    }

    @Test func softwareEnforcedOriginAndPurposePassTheDefaultUnion() throws {
        let result = try verify(statement(leaf: Vectors.softwareEnforcedOnlyLeaf))
        #expect(result.type == .basic)
        let teeOnly = AndroidKeyAttestation.AuthorizationPolicy(teeEnforcedOnly: true)
        #expect(try verify(statement(leaf: Vectors.softwareEnforcedOnlyLeaf), policy: teeOnly).type == .basic)
    }

    @Test func w3cVectorWithEmptyListsVerifiesByDefault() throws {
        let input = try Self.w3cInput()
        let format = AndroidKeyAttestation(
            trustAnchors: try AndroidAttestationTestSupport.certificates(pem: AndroidKeyW3CVector.rootPEM))
        let result = try format.verify(input)
        #expect(result.type == .basic)
        #expect(result.trustPath.count == 1)
    }

    @Test func registrationVerifierVerifiesTheW3CVectorWithItsRoot() throws {
        let verifier = RegistrationVerifier(
            trustAnchors: AttestationTrustAnchors.builtIn.addingForEveryFormat(
                try AndroidAttestationTestSupport.certificates(pem: AndroidKeyW3CVector.rootPEM)
            )
        )
        let response = RegistrationResponse(
            credentialID: try #require(Base64URL.decode("CkcpUZeItu2KLXcrSU4YYkTYx5jAUpYNvIwQyRUXZ5U")),
            clientDataJSON: try #require(Base64URL.decode(AndroidKeyW3CVector.clientDataJSON)),
            attestationObject: try #require(Base64URL.decode(AndroidKeyW3CVector.attestationObject))
        )
        let expectations = RegistrationExpectations(
            relyingPartyID: "example.org",
            origins: ["https://example.org"],
            challenge: try #require(Base64URL.decode("PeHwtzZdzN4_8MvyXib_p7r_h-8QbID8hl3EAtmWAFA")),
            verificationInstant: AndroidAttestationTestSupport.instant
        )
        let verified = try verifier.verify(response, expecting: expectations)
        #expect(verified.format == "android-key")
        #expect(verified.attestationType == .basic)
    }

    // MARK: - Rejected: authorization lists

    @Test func allApplicationsIsRejected() throws {
        let statement = try statement(leaf: Vectors.allApplicationsLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "allApplications [600]") {
            _ = try verify(statement)
        }
    }

    @Test func importedOriginIsRejected() throws {
        let statement = try statement(leaf: Vectors.importedOriginLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "origin is 2") {
            _ = try verify(statement)
        }
    }

    @Test func purposeWithoutSignIsRejected() throws {
        let statement = try statement(leaf: Vectors.verifyPurposeLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "KM_PURPOSE_SIGN") {
            _ = try verify(statement)
        }
    }

    @Test func strictPolicyRejectsOriginAndPurposeOutsideTheTEE() throws {
        let statement = try statement(leaf: Vectors.softwareEnforcedOnlyLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "teeEnforced list has no origin")
        {
            _ = try verify(statement, policy: .teeEnforcedStrict)
        }
    }

    @Test func requiringOriginAndPurposeRejectsTheW3CVectorsEmptyLists() throws {
        let format = AndroidKeyAttestation(
            trustAnchors: try AndroidAttestationTestSupport.certificates(pem: AndroidKeyW3CVector.rootPEM),
            policy: AndroidKeyAttestation.AuthorizationPolicy(requireOriginAndPurpose: true)
        )
        let input = try Self.w3cInput()
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "has no origin [702]") {
            _ = try format.verify(input)
        }
    }

    // MARK: - Rejected: extension, key, signature, statement, chain

    @Test func challengeOtherThanClientDataHashIsRejected() throws {
        let statement = try statement(leaf: Vectors.wrongChallengeLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "attestationChallenge") {
            _ = try verify(statement)
        }
    }

    @Test func malformedKeyDescriptionsAreRejected() throws {
        for (leaf, fragment) in [
            (Vectors.sevenFieldsLeaf, "8 are defined"), (Vectors.duplicateTagLeaf, "more than once"),
        ] {
            let statement = try statement(leaf: leaf)
            AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: fragment) {
                _ = try verify(statement)
            }
        }
    }

    @Test func missingKeyDescriptionIsRejected() throws {
        let statement = try statement(leaf: Vectors.noExtensionLeaf)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "no KeyDescription extension") {
            _ = try verify(statement)
        }
    }

    @Test func certificateKeyOtherThanTheCredentialKeyIsRejected() throws {
        let other = try AndroidAttestationTestSupport.privateKey(Vectors.otherScalar)
        let statement = try statement(leaf: Vectors.otherKeyLeaf, signer: other)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "not the credential public key")
        {
            _ = try verify(statement)
        }
    }

    @Test func signatureOverOtherDataIsInvalid() throws {
        #expect(throws: WebAuthnError(.invalidSignature, "")) {
            try verify(statement(leaf: Vectors.authorizedLeaf, signedData: Vectors.clientDataHash))
        }
    }

    @Test func algorithmThatDoesNotFitTheKeyIsRejected() throws {
        let statement = try statement(leaf: Vectors.authorizedLeaf, algorithm: -257)
        AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "does not fit") {
            _ = try verify(statement)
        }
    }

    @Test func unknownAlgorithmIsUnsupported() throws {
        #expect(throws: WebAuthnError(.unsupportedAlgorithm, "")) {
            try verify(statement(leaf: Vectors.authorizedLeaf, algorithm: -999))
        }
    }

    @Test func statementSyntaxIsEnforced() throws {
        let valid = try statement(leaf: Vectors.authorizedLeaf)
        let broken: [[(String, CBORValue)]] = [
            valid.filter { $0.0 != "x5c" },
            valid.filter { $0.0 != "sig" },
            valid.filter { $0.0 != "alg" },
            valid + [("ver", .textString("1"))],
            valid.map { $0.0 == "x5c" ? ("x5c", .array([])) : $0 },
            valid.map { $0.0 == "x5c" ? ("x5c", .array([.byteString([0x30, 0x00])])) : $0 },
            valid.map { $0.0 == "sig" ? ("sig", .textString("sig")) : $0 },
        ]
        for statement in broken {
            #expect(throws: WebAuthnError(.invalidAttestationStatement, "")) {
                try verify(statement)
            }
        }
    }

    @Test func chainToNoAnchorIsUntrusted() throws {
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verify(statement(leaf: Vectors.authorizedLeaf), anchors: [])
        }
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verify(statement(leaf: Vectors.authorizedLeaf), anchors: GoogleHardwareAttestationRoots.certificates)
        }
    }

    @Test func chainOutsideItsValidityIsUntrusted() throws {
        #expect(throws: WebAuthnError(.untrustedAttestation, "")) {
            try verify(statement(leaf: Vectors.authorizedLeaf), at: Date(timeIntervalSince1970: 2_600_000_000))
        }
    }

    // MARK: - KeyDescription

    @Test func keyDescriptionReadsHighTagNumberFields() throws {
        let description = try AndroidKeyDescription(derEncoded: Vectors.authorizedKeyDescription)
        #expect(description.attestationVersion == 200)
        #expect(description.attestationSecurityLevel == .trustedEnvironment)
        #expect(description.keymasterVersion == 200)
        #expect(description.keymasterSecurityLevel == .trustedEnvironment)
        #expect(description.attestationChallenge == Vectors.clientDataHash)
        #expect(description.uniqueID.isEmpty)
        #expect(description.softwareEnforced.tagNumbers == [701, 709])
        #expect(description.teeEnforced.tagNumbers == [1, 2, 3, 10, 503, 702, 704, 705, 706])
        #expect(description.teeEnforced.purposes == [2, 3])
        #expect(description.teeEnforced.origin == 0)
        #expect(description.teeEnforced.allApplications == false)
        #expect(description.softwareEnforced.purposes == nil)
        #expect(description.softwareEnforced.origin == nil)
    }

    @Test func keyDescriptionReadsAllApplications() throws {
        let description = try AndroidKeyDescription(derEncoded: Vectors.allApplicationsKeyDescription)
        #expect(description.softwareEnforced.allApplications)
        #expect(description.softwareEnforced.tagNumbers == [701, 600, 709])
    }

    @Test func w3cKeyDescriptionHasEmptyLists() throws {
        let object = try AttestationObject(bytes: try #require(Base64URL.decode(AndroidKeyW3CVector.attestationObject)))
        let x5c = try #require(object.attestationStatement[textKey: "x5c"]?.arrayValue?.first?.byteStringValue)
        let leaf = try Certificate(derEncoded: x5c)
        let value = try #require(leaf.extension(oid: AndroidKeyDescription.oid)).value
        let description = try AndroidKeyDescription(derEncoded: value)
        #expect(description.attestationVersion == 300)
        #expect(description.attestationSecurityLevel == .software)
        #expect(description.softwareEnforced.isEmpty)
        #expect(description.teeEnforced.isEmpty)
    }

    @Test func malformedKeyDescriptionValuesAreRejected() throws {
        let valid = Vectors.authorizedKeyDescription
        let primitiveField: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x00]
        let wrongSecurityLevelTag = [0x30, 0x0E, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01] + Array(valid.suffix(6))
        let deep: [UInt8] = [0x30]
        var nested: [UInt8] = []
        for _ in 0..<60 {
            nested = [0x30, UInt8(nested.count)] + nested
            if nested.count > 120 { break }
        }
        let values: [[UInt8]] = [
            [],
            Array(valid.dropLast()),
            valid + [0x00],
            Vectors.sevenFieldsKeyDescription,
            Vectors.duplicateTagKeyDescription,
            primitiveField,
            wrongSecurityLevelTag,
            deep,
            nested,
            [0x04, 0x00],
        ]
        for value in values {
            #expect(throws: WebAuthnError(.invalidAttestationStatement, "")) {
                try AndroidKeyDescription(derEncoded: value)
            }
        }
    }

    @Test func authorizationListFieldsMustBeExplicitTags() throws {
        // KeyDescription whose softwareEnforced holds a bare INTEGER instead of an [n] EXPLICIT field.
        let list: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x05]
        let description =
            [0x02, 0x01, 0x01, 0x0A, 0x01, 0x00, 0x02, 0x01, 0x01, 0x0A, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00] + list
            + [0x30, 0x00]
        #expect(throws: WebAuthnError(.invalidAttestationStatement, "")) {
            try AndroidKeyDescription(derEncoded: [0x30, UInt8(description.count)] + description)
        }
        let emptyLists =
            [0x02, 0x01, 0x01, 0x0A, 0x01, 0x00, 0x02, 0x01, 0x01, 0x0A, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00]
            + [0x30, 0x00, 0x30, 0x00] as [UInt8]
        let parsed = try AndroidKeyDescription(derEncoded: [0x30, UInt8(emptyLists.count)] + emptyLists)
        #expect(parsed.teeEnforced.isEmpty)
    }

    /// A DER length.
    static func derLength(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var remaining = count
        while remaining > 0 {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// A KeyDescription whose softwareEnforced list holds `fieldCount` distinct `[1000 + n] EXPLICIT NULL`
    /// fields (high-tag-number form, outside the fields the parser decodes) and whose teeEnforced list is empty.
    static func keyDescription(softwareEnforcedFieldCount fieldCount: Int) -> [UInt8] {
        var list: [UInt8] = []
        for index in 0..<fieldCount {
            let tag = 1000 + index
            list += [0xBF, 0x80 | UInt8(tag >> 7), UInt8(tag & 0x7F), 0x02, 0x05, 0x00]
        }
        let body: [UInt8] =
            [0x02, 0x01, 0x03, 0x0A, 0x01, 0x00, 0x02, 0x01, 0x03, 0x0A, 0x01, 0x00, 0x04, 0x00, 0x04, 0x00]
            + [0x30] + derLength(list.count) + list + [0x30, 0x00]
        return [0x30] + derLength(body.count) + body
    }

    @Test func anAuthorizationListOfTheMaximumSizeParses() throws {
        let maximum = AndroidKeyDescription.AuthorizationList.maximumFieldCount
        #expect(maximum == 128)
        let value = Self.keyDescription(softwareEnforcedFieldCount: maximum)
        let description = try AndroidKeyDescription(derEncoded: value)
        #expect(description.softwareEnforced.tagNumbers.count == maximum)
        #expect(description.softwareEnforced.tagNumbers.first == 1000)
        #expect(description.softwareEnforced.tagNumbers.last == UInt(1000 + maximum - 1))
        #expect(description.teeEnforced.isEmpty)
    }

    @Test func anAuthorizationListAboveTheMaximumSizeIsRejected() throws {
        let maximum = AndroidKeyDescription.AuthorizationList.maximumFieldCount
        for count in [maximum + 1, 10_000] {
            AndroidAttestationTestSupport.expect(.invalidAttestationStatement, mentioning: "more than 128 fields") {
                _ = try AndroidKeyDescription(derEncoded: Self.keyDescription(softwareEnforcedFieldCount: count))
            }
        }
    }

    // MARK: - Built-in roots

    @Test func builtInAnchorsCarryTheGoogleRoots() throws {
        let anchors = AttestationTrustAnchors.builtIn.anchors(forFormat: "android-key")
        let fingerprints = anchors.map { AndroidAttestationTestSupport.hex(HashAlgorithm.sha256.hash($0.derEncoded)) }
        #expect(
            fingerprints == [
                "c1984a3ef45c1e2a918551de10603c86f7051b2249c4891cae3230eabd0c97d5",
                "1ef1a04b8ba58ab94589ac498c8982a783f24ea7307e0159a0c3a73b377d87cc",
                "ab6641178a36e179aa0c1cdddf9a16eb45fa20943e2b8cd7c7c05c26cf8b487a",
                "cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc",
                "6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0",
            ]
        )
        #expect(RegistrationVerifier().supportedFormats.contains("android-key"))
    }

    static func w3cInput() throws -> AttestationStatementInput {
        let object = try AttestationObject(bytes: try #require(Base64URL.decode(AndroidKeyW3CVector.attestationObject)))
        let clientData = try #require(Base64URL.decode(AndroidKeyW3CVector.clientDataJSON))
        return AttestationStatementInput(
            statement: object.attestationStatement,
            authenticatorData: object.authenticatorData,
            attestedCredentialData: try #require(object.authenticatorData.attestedCredentialData),
            clientDataHash: HashAlgorithm.sha256.hash(clientData),
            verificationInstant: AndroidAttestationTestSupport.instant
        )
    }
}

/// Real Android Keystore attestations: the KeyDescription parser on device output and the
/// built-in Google roots on real chains.
@Suite struct AndroidKeyRealDeviceTests {
    typealias Samples = AndroidKeyRealDeviceSamples

    static func certificate(_ base64: String) throws -> Certificate {
        try Certificate(derEncoded: try #require(Base64URL.decode(base64)))
    }

    static func keyDescription(_ leaf: Certificate) throws -> AndroidKeyDescription {
        try AndroidKeyDescription(derEncoded: try #require(leaf.extension(oid: AndroidKeyDescription.oid)).value)
    }

    @Test func nokiaX10KeymasterDescriptionParses() throws {
        let description = try Self.keyDescription(try Self.certificate(Samples.nokiaX10Leaf))
        #expect(description.attestationVersion == 3)
        #expect(description.attestationSecurityLevel == .trustedEnvironment)
        #expect(description.keymasterVersion == 4)
        #expect(description.keymasterSecurityLevel == .trustedEnvironment)
        #expect(Base64URL.encodeStandard(description.attestationChallenge) == "HcAotmy6ZBX8cnh5mvMc2w==")
        #expect(description.softwareEnforced.tagNumbers == [701, 709])
        #expect(description.teeEnforced.tagNumbers == [1, 2, 3, 5, 10, 503, 702, 704, 705, 706, 718, 719])
        #expect(description.teeEnforced.purposes == [2, 3])
        #expect(description.teeEnforced.origin == 0)
        #expect(!description.softwareEnforced.allApplications && !description.teeEnforced.allApplications)
    }

    @Test func pixel6KeyMintDescriptionParses() throws {
        let description = try Self.keyDescription(try Self.certificate(Samples.pixel6Leaf))
        #expect(description.attestationVersion == 200)
        #expect(description.keymasterVersion == 200)
        #expect(description.attestationSecurityLevel == .trustedEnvironment)
        #expect(Base64URL.encodeStandard(description.attestationChallenge) == "9w11c/H1kgfx+2Lqrqscug==")
        #expect(description.teeEnforced.purposes == [2, 3])
        #expect(description.teeEnforced.origin == 0)
    }

    @Test func realChainsReachTheBuiltInGoogleRoots() throws {
        let verifier = CertificateChainVerifier(
            trustAnchors: AttestationTrustAnchors.builtIn.anchors(forFormat: "android-key")
        )
        try verifier.verify(
            leaf: try Self.certificate(Samples.nokiaX10Leaf),
            intermediates: [
                try Self.certificate(Samples.nokiaX10Intermediate), try Self.certificate(Samples.nokiaX10Intermediate2),
            ],
            at: Date(timeIntervalSince1970: 1_681_477_962)  // 2023-04-14T13:12:42Z
        )
        let pixelIntermediates = try [Samples.pixel6TEE, Samples.pixel6DroidCA3, Samples.pixel6DroidCA2].map {
            try Self.certificate($0)
        }
        let pixelLeaf = try Self.certificate(Samples.pixel6Leaf)
        try verifier.verify(
            leaf: pixelLeaf,
            intermediates: pixelIntermediates,
            at: Date(timeIntervalSince1970: 1_681_482_702)  // 2023-04-14T14:31:42Z
        )
        #expect(throws: CryptoError(.certificateExpiredOrNotYetValid, "")) {
            try verifier.verify(
                leaf: pixelLeaf,
                intermediates: pixelIntermediates,
                at: Date(timeIntervalSince1970: 1_683_000_000)  // 2023-05-02, after the RKP intermediates expired
            )
        }
    }
}

/// Truncated and bit-flipped KeyDescriptions: every truncation is rejected, and no mutation traps.
@Suite struct AndroidKeyDescriptionMutationTests {
    @Test func everyTruncationIsRejected() {
        let value = AndroidKeyTestVectors.authorizedKeyDescription
        for length in 0..<value.count {
            #expect(throws: WebAuthnError(.invalidAttestationStatement, "")) {
                try AndroidKeyDescription(derEncoded: Array(value.prefix(length)))
            }
        }
    }

    @Test func flippedBitsParseOrFailWithTheStatementCode() {
        let value = AndroidKeyTestVectors.authorizedKeyDescription
        var rejected = 0
        for index in value.indices {
            for bit in [0x01, 0x80] as [UInt8] {
                var mutated = value
                mutated[index] ^= bit
                do {
                    _ = try AndroidKeyDescription(derEncoded: mutated)
                } catch {
                    #expect(error.code == .invalidAttestationStatement)
                    rejected += 1
                }
            }
        }
        #expect(rejected > value.count / 2)
    }
}
