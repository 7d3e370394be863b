import PasskeyCBOR
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct AttestationObjectTests {
    static let noneES256 = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256AttestationObject)
    static let packedES256 = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256AttestationObject)
    static let authenticatorData = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256RegistrationAuthenticatorData)

    static let malformedInput = WebAuthnError(.malformedInput, "")
    static let malformedCBOR = WebAuthnError(.malformedCBOR, "")

    /// A canonical attestation object with the given entries.
    static func encode(_ entries: [(String, CBORValue)]) -> [UInt8] {
        CBOREncoder.encode(.map(CBORMap(entries: entries.map { CBORMap.Entry(key: .textString($0.0), value: $0.1) })))
    }

    @Test func parsesTheW3CNoneAttestationObject() throws {
        let attestationObject = try AttestationObject(bytes: Self.noneES256)
        #expect(attestationObject.format == "none")
        #expect(attestationObject.attestationStatement.count == 0)
        #expect(attestationObject.authenticatorData.rawBytes == Self.authenticatorData)
        #expect(attestationObject.authenticatorData.attestedCredentialData?.credentialPublicKey.algorithm == .es256)
    }

    @Test func parsesTheW3CPackedAttestationObject() throws {
        let attestationObject = try AttestationObject(bytes: Self.packedES256)
        #expect(attestationObject.format == "packed")
        #expect(attestationObject.attestationStatement[textKey: "alg"] == CBORValue(integer: -7))
        #expect(attestationObject.attestationStatement[textKey: "sig"]?.byteStringValue != nil)
        #expect(attestationObject.attestationStatement[textKey: "x5c"]?.arrayValue?.count == 1)
        #expect(
            attestationObject.authenticatorData.rawBytes
                == ModelTestVectors.bytes(hex: ModelTestVectors.packedES256RegistrationAuthenticatorData)
        )
    }

    @Test func parsesARealYubiKeyBioAttestationObject() throws {
        let bytes = try #require(Base64URL.decode(ModelTestVectors.yubikeyBioAttestationObjectBase64URL))
        let attestationObject = try AttestationObject(bytes: bytes)
        #expect(attestationObject.format == "packed")
        #expect(attestationObject.authenticatorData.extensions?[textKey: "credProtect"] == .unsignedInteger(2))
    }

    @Test func rejectsTrailingBytesAsCBOR() {
        #expect(throws: Self.malformedCBOR) { try AttestationObject(bytes: Self.noneES256 + [0x00]) }
    }

    @Test func rejectsEveryTruncationWithAWebAuthnError() {
        var outcomes = MutationOutcomes()
        for length in 0..<Self.packedES256.count {
            outcomes.record("prefix \(length)") {
                _ = try AttestationObject(bytes: Array(Self.packedES256.prefix(length)))
            }
        }
        #expect(outcomes.problems(rejectedWith: [.malformedCBOR]) == [])
        #expect(throws: Self.malformedCBOR) { try AttestationObject(bytes: []) }
    }

    @Test(arguments: [[0x80], [0x01], [0x40], [0xF6]] as [[UInt8]])
    func rejectsATopLevelThatIsNotAMap(bytes: [UInt8]) {
        #expect(throws: Self.malformedInput) { try AttestationObject(bytes: bytes) }
    }

    @Test func rejectsMissingAndMistypedMembers() {
        let authData = CBORValue.byteString(Self.authenticatorData)
        let cases: [[(String, CBORValue)]] = [
            [("attStmt", .map(CBORMap(entries: []))), ("authData", authData)],
            [("fmt", .textString("none")), ("authData", authData)],
            [("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: [])))],
            [("fmt", .byteString([0x6E])), ("attStmt", .map(CBORMap(entries: []))), ("authData", authData)],
            [("fmt", .textString("none")), ("attStmt", .array([])), ("authData", authData)],
            [("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: []))), ("authData", .textString("x"))],
            [
                ("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: []))), ("authData", authData),
                ("epAtt", .boolean(true)),
            ],
        ]
        for entries in cases {
            #expect(throws: Self.malformedInput) { try AttestationObject(bytes: Self.encode(entries)) }
        }
    }

    @Test func namesAnUnexpectedKey() {
        let bytes = Self.encode([
            ("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: []))),
            ("authData", .byteString(Self.authenticatorData)), ("largeBlobKey", .byteString([1])),
        ])
        do {
            _ = try AttestationObject(bytes: bytes)
            Issue.record("an attestation object with largeBlobKey was accepted")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.message.contains(#"unexpected key "largeBlobKey""#))
        }
    }

    @Test func rejectsAnIntegerKey() {
        let bytes = CBOREncoder.encode(
            .map(CBORMap(entries: [CBORMap.Entry(key: .unsignedInteger(1), value: .textString("none"))]))
        )
        #expect(throws: Self.malformedInput) { try AttestationObject(bytes: bytes) }
    }

    @Test func keepsACompoundStatementArrayAndRequiresItsShape() throws {
        let statements: [CBORValue] = [.map(CBORMap(entries: [])), .map(CBORMap(entries: []))]
        let bytes = Self.encode([
            ("fmt", .textString("compound")), ("attStmt", .array(statements)),
            ("authData", .byteString(Self.authenticatorData)),
        ])
        let attestationObject = try AttestationObject(bytes: bytes)
        #expect(attestationObject.attestationStatementValue == .array(statements))
        #expect(attestationObject.attestationStatement.count == 0)
        let mapForCompound = Self.encode([
            ("fmt", .textString("compound")), ("attStmt", .map(CBORMap(entries: []))),
            ("authData", .byteString(Self.authenticatorData)),
        ])
        #expect(throws: Self.malformedInput) { try AttestationObject(bytes: mapForCompound) }
    }

    @Test func passesAuthenticatorDataErrorsThrough() {
        let bytes = Self.encode([
            ("fmt", .textString("none")), ("attStmt", .map(CBORMap(entries: []))),
            ("authData", .byteString(Array(Self.authenticatorData.prefix(36)))),
        ])
        #expect(throws: WebAuthnError(.malformedAuthenticatorData, "")) { try AttestationObject(bytes: bytes) }
    }

    @Test func acceptsUnsortedTopLevelKeysOnlyInLenientMode() throws {
        // fmt, authData, attStmt: the order of some FIDO conformance-tool output.
        var bytes: [UInt8] = [0xA3, 0x63] + Array("fmt".utf8) + [0x64] + Array("none".utf8)
        bytes += [0x68] + Array("authData".utf8) + [0x58, UInt8(Self.authenticatorData.count)] + Self.authenticatorData
        bytes += [0x67] + Array("attStmt".utf8) + [0xA0]
        #expect(throws: Self.malformedCBOR) { try AttestationObject(bytes: bytes) }
        let lenient = try AttestationObject(bytes: bytes, cborMode: .lenient)
        #expect(lenient.format == "none")
        #expect(lenient.authenticatorData.rawBytes == Self.authenticatorData)
    }
}
