import PasskeyCBOR
import PasskeyCrypto
import PasskeyVerifier
import PasskeyVerifierTesting
import Testing

@Suite struct AuthenticatorDataTests {
    static let noneES256 = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256RegistrationAuthenticatorData)
    static let packedES256 = ModelTestVectors.bytes(hex: ModelTestVectors.packedES256RegistrationAuthenticatorData)
    static let yubikeyBio = ModelTestVectors.bytes(hex: ModelTestVectors.yubikeyBioRegistrationAuthenticatorData)
    static let assertion = ModelTestVectors.bytes(hex: ModelTestVectors.noneES256AuthenticationAuthenticatorData)

    static let malformed = WebAuthnError(.malformedAuthenticatorData, "")
    static let malformedCBOR = WebAuthnError(.malformedCBOR, "")

    /// `bytes` with the flags byte replaced.
    static func withFlags(_ bytes: [UInt8], _ transform: (UInt8) -> UInt8) -> [UInt8] {
        var bytes = bytes
        bytes[32] = transform(bytes[32])
        return bytes
    }

    /// The W3C long-credential-id registration's authenticator data, whose credential ID is 1023 bytes.
    static func longCredentialIDAuthenticatorData() throws -> [UInt8] {
        let attestationObject = ModelTestVectors.bytes(hex: ModelTestVectors.longCredentialIDAttestationObject)
        return try AttestationObject(bytes: attestationObject).authenticatorData.rawBytes
    }

    @Test func parsesTheW3CNoneES256RegistrationAuthenticatorData() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.noneES256)
        #expect(authenticatorData.rawBytes == Self.noneES256)
        #expect(authenticatorData.relyingPartyIDHash == ModelTestVectors.bytes(hex: ModelTestVectors.exampleOrgHash))
        #expect(authenticatorData.flags.rawValue == 0x59)
        #expect(authenticatorData.flags == [.userPresent, .backupEligible, .backupState, .attestedCredentialData])
        #expect(!authenticatorData.flags.contains(.userVerified))
        #expect(authenticatorData.signCount == 0)
        #expect(authenticatorData.extensions == nil)
        let attested = try #require(authenticatorData.attestedCredentialData)
        #expect(attested.aaguid.uuidString == "8446ccb9-ab1d-b374-750b-2367ff6f3a1f")
        #expect(attested.credentialID == ModelTestVectors.bytes(hex: ModelTestVectors.noneES256CredentialID))
        #expect(attested.credentialPublicKey.algorithm == .es256)
        #expect(
            attested.credentialPublicKey.encoded
                == ModelTestVectors.bytes(hex: ModelTestVectors.noneES256CredentialPublicKey)
        )
    }

    @Test func parsesTheW3CPackedES256RegistrationAuthenticatorData() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.packedES256)
        #expect(authenticatorData.flags.rawValue == 0x4D)
        #expect(authenticatorData.flags.contains(.userVerified))
        #expect(!authenticatorData.flags.contains(.backupState))
        let attested = try #require(authenticatorData.attestedCredentialData)
        #expect(attested.aaguid.uuidString == "876ca4f5-2071-c3e9-b255-09ef2cdf7ed6")
        #expect(Base64URL.encode(attested.credentialID) == "yab1s0YtAoc_6gxWhiI0-Z8IFygITlEbt3YCAaiQVKU")
        #expect(attested.credentialPublicKey.algorithm == .es256)
        #expect(attested.credentialPublicKey.curve == .p256)
    }

    @Test func parsesAnAssertionAuthenticatorData() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.assertion)
        #expect(authenticatorData.flags.rawValue == 0x19)
        #expect(authenticatorData.attestedCredentialData == nil)
        #expect(authenticatorData.extensions == nil)
        #expect(authenticatorData.rawBytes.count == 37)
    }

    @Test func readsTheSignCountBigEndian() throws {
        var bytes = Self.assertion
        bytes[33] = 0xFE
        bytes[34] = 0xDC
        bytes[35] = 0xBA
        bytes[36] = 0x98
        #expect(try AuthenticatorData(bytes: bytes).signCount == 0xFEDC_BA98)
    }

    @Test func parsesARealYubiKeyBioRegistrationWithExtensions() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.yubikeyBio)
        #expect(authenticatorData.flags.rawValue == 0xC5)
        #expect(authenticatorData.flags == [.userPresent, .userVerified, .attestedCredentialData, .extensionData])
        #expect(authenticatorData.signCount == 4)
        let attested = try #require(authenticatorData.attestedCredentialData)
        #expect(attested.aaguid.uuidString == "d8522d9f-575b-4866-88a9-ba99fa02f35b")
        #expect(attested.credentialID.count == 48)
        #expect(attested.credentialPublicKey.algorithm == .edDSA)
        let extensions = try #require(authenticatorData.extensions)
        #expect(extensions.count == 1)
        #expect(extensions[textKey: "credProtect"] == .unsignedInteger(2))
    }

    @Test func acceptsTheLongestCredentialID() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.longCredentialIDAuthenticatorData())
        let attested = try #require(authenticatorData.attestedCredentialData)
        #expect(attested.credentialID.count == 1023)
        #expect(attested.aaguid.uuidString == "8f3360c2-cd1b-0ac1-4ffe-0795c5d2638e")
    }

    @Test func rejectsACredentialIDOf1024Bytes() throws {
        var bytes = try Self.longCredentialIDAuthenticatorData()
        #expect(bytes[53] == 0x03 && bytes[54] == 0xFF)
        bytes[53] = 0x04
        bytes[54] = 0x00
        bytes.insert(0x5A, at: 55)
        #expect(throws: WebAuthnError(.credentialIdTooLong, "")) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsTheLargestCredentialIDLengthEvenWhenTruncated() {
        var bytes = Self.noneES256
        bytes[53] = 0xFF
        bytes[54] = 0xFF
        #expect(throws: WebAuthnError(.credentialIdTooLong, "")) { try AuthenticatorData(bytes: bytes) }
    }

    @Test(arguments: [noneES256, packedES256, yubikeyBio, assertion])
    func rejectsEveryTruncationWithAWebAuthnError(bytes: [UInt8]) {
        for length in 0..<bytes.count {
            do {
                _ = try AuthenticatorData(bytes: Array(bytes.prefix(length)))
                Issue.record("authenticator data truncated to \(length) bytes was accepted")
            } catch {
                if length < 37 {
                    #expect(error.code == .malformedAuthenticatorData)
                    #expect(error.message == "authenticator data is \(length) bytes; at least 37 are required")
                } else {
                    #expect([.malformedAuthenticatorData, .malformedCBOR].contains(error.code))
                }
            }
        }
    }

    @Test(arguments: [noneES256, yubikeyBio, assertion])
    func rejectsATrailingByte(bytes: [UInt8]) {
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: bytes + [0x00]) }
    }

    @Test func rejectsTheATFlagWithoutAttestedCredentialData() {
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x40 }
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsAttestedCredentialDataWithoutTheATFlag() {
        let bytes = Self.withFlags(Self.noneES256) { $0 & ~0x40 }
        do {
            _ = try AuthenticatorData(bytes: bytes)
            Issue.record("attested credential data without AT was accepted")
        } catch {
            #expect(error.code == .malformedAuthenticatorData)
            #expect(error.message == "127 bytes follow the sign counter but the AT and ED flags are clear")
        }
    }

    @Test func rejectsTheATFlagWithAMissingPublicKey() {
        let bytes = Array(Self.noneES256.prefix(37 + 18 + 32))
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsTheEDFlagWithoutExtensions() {
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: Self.withFlags(Self.assertion) { $0 | 0x80 }) }
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: Self.withFlags(Self.noneES256) { $0 | 0x80 }) }
    }

    @Test func rejectsExtensionsWithoutTheEDFlag() {
        #expect(throws: Self.malformed) {
            try AuthenticatorData(bytes: Self.withFlags(Self.yubikeyBio) { $0 & ~0x80 })
        }
        let credProtect: [UInt8] = [0xA1, 0x6B] + Array("credProtect".utf8) + [0x02]
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: Self.assertion + credProtect) }
    }

    @Test func parsesExtensionsInAnAssertion() throws {
        let credProtect: [UInt8] = [0xA1, 0x6B] + Array("credProtect".utf8) + [0x02]
        let authenticatorData = try AuthenticatorData(bytes: Self.withFlags(Self.assertion) { $0 | 0x80 } + credProtect)
        #expect(authenticatorData.extensions?[textKey: "credProtect"] == .unsignedInteger(2))
    }

    @Test(arguments: [[0x02], [0x80], [0x61, 0x61], [0xA1, 0x01, 0x02]] as [[UInt8]])
    func rejectsExtensionsThatAreNotAMapWithTextKeys(extensions: [UInt8]) {
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x80 } + extensions
        #expect(throws: Self.malformed) { try AuthenticatorData(bytes: bytes) }
    }

    @Test(
        arguments: [
            [0xA1, 0x61], [0xA1, 0x61, 0x61], [0xBF, 0xFF], [0xA1, 0x61, 0x61, 0xF9, 0x00, 0x00],
            [0xA1, 0x61, 0x61, 0xC1, 0x00], [0xA2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02],
        ] as [[UInt8]])
    func rejectsExtensionsThatAreNotValidCBOR(extensions: [UInt8]) {
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x80 } + extensions
        #expect(throws: Self.malformedCBOR) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsUnsortedExtensionKeysOnlyInStrictMode() throws {
        let unsorted: [UInt8] = [0xA2, 0x62, 0x7A, 0x7A, 0x01, 0x61, 0x61, 0x02]
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x80 } + unsorted
        #expect(throws: Self.malformedCBOR) { try AuthenticatorData(bytes: bytes) }
        let lenient = try AuthenticatorData(bytes: bytes, cborMode: .lenient)
        #expect(lenient.extensions?.count == 2)
    }

    @Test func namesAnExtensionKeyThatIsNotText() {
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x80 } + [0xA1, 0x26, 0x02]
        do {
            _ = try AuthenticatorData(bytes: bytes)
            Issue.record("an integer extension key was accepted")
        } catch {
            #expect(error.code == .malformedAuthenticatorData)
            #expect(error.message.contains("the key -7"))
        }
    }

    @Test func namesTheCBORProblem() {
        let bytes = Self.withFlags(Self.assertion) { $0 | 0x80 } + [0xA1, 0x61]
        do {
            _ = try AuthenticatorData(bytes: bytes)
            Issue.record("truncated extensions were accepted")
        } catch {
            #expect(error.code == .malformedCBOR)
            #expect(error.message.contains("extensions"))
            #expect(error.message.contains("authenticator data"))
        }
    }

    @Test func toleratesTheReservedFlagBits() throws {
        let authenticatorData = try AuthenticatorData(bytes: Self.withFlags(Self.assertion) { $0 | 0x22 })
        #expect(authenticatorData.flags.contains(.reserved))
        #expect(authenticatorData.flags.rawValue == 0x3B)
    }

    /// Offset of the COSE key in the W3C none-es256 authenticator data: 37 + 16 + 2 + 32.
    static let keyOffset = 87

    @Test func rejectsAnUnknownCOSEAlgorithm() {
        var bytes = Self.noneES256
        #expect(bytes[Self.keyOffset + 3] == 0x03 && bytes[Self.keyOffset + 4] == 0x26)
        bytes[Self.keyOffset + 4] = 0x20
        #expect(throws: WebAuthnError(.unsupportedAlgorithm, "")) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsAPointNotOnTheCurve() {
        var bytes = Self.noneES256
        bytes[Self.keyOffset + 10] ^= 0x01
        #expect(throws: WebAuthnError(.invalidPublicKey, "")) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsACOSEKeyThatIsNotAMap() {
        var bytes = Array(Self.noneES256.prefix(Self.keyOffset))
        bytes.append(0x01)
        #expect(throws: WebAuthnError(.invalidPublicKey, "")) { try AuthenticatorData(bytes: bytes) }
    }

    @Test func rejectsANestedCOSEKey() {
        var bytes = Array(Self.noneES256.prefix(Self.keyOffset))
        bytes += [0xA1, 0x01, 0xA0]
        #expect(throws: Self.malformedCBOR) { try AuthenticatorData(bytes: bytes) }
    }

    /// Every single-byte corruption of two registrations' authenticator data, by region: bytes the parser
    /// only copies (rpIdHash, counter, AAGUID, credential ID) parse and read back as corrupted; the flags,
    /// the credential ID length and the CBOR (key, extensions) either still parse or fail with a parsing
    /// code of their own region — never another code, never a crash.
    @Test func singleByteCorruptionsFailWithTheirRegionsCodes() throws {
        let values: [UInt8] = [0x00, 0x17, 0x18, 0x19, 0x1F, 0x40, 0x5F, 0x7F, 0x80, 0xBF, 0xFF]
        for (name, bytes) in [("none-es256", Self.noneES256), ("yubikey-bio", Self.yubikeyBio)] {
            let credentialIDLength = Int(bytes[53]) << 8 | Int(bytes[54])
            let keyStart = 55 + credentialIDLength
            var flags = MutationOutcomes()
            var lengths = MutationOutcomes()
            var cbor = MutationOutcomes()
            for index in bytes.indices {
                for value in values where bytes[index] != value {
                    var corrupted = bytes
                    corrupted[index] = value
                    let label = "\(name)[\(index)] = \(value)"
                    switch index {
                    case 32: flags.record(label) { _ = try AuthenticatorData(bytes: corrupted) }
                    case 53, 54: lengths.record(label) { _ = try AuthenticatorData(bytes: corrupted) }
                    case keyStart...: cbor.record(label) { _ = try AuthenticatorData(bytes: corrupted) }
                    default:
                        let parsed = try AuthenticatorData(bytes: corrupted)
                        #expect(parsed.rawBytes == corrupted, "\(label)")
                        #expect(
                            parsed.relyingPartyIDHash + [parsed.flags.rawValue] == Array(corrupted.prefix(33)),
                            "\(label)")
                    }
                }
            }
            #expect(
                flags.problems(
                    allowingSuccess: true, rejectedWith: [.malformedAuthenticatorData, .malformedCBOR]) == [])
            #expect(
                lengths.problems(
                    allowingSuccess: false,
                    rejectedWith: [
                        .malformedAuthenticatorData, .credentialIdTooLong, .malformedCBOR, .invalidPublicKey,
                        .unsupportedAlgorithm,
                    ]
                ) == [])
            #expect(
                cbor.problems(
                    allowingSuccess: true,
                    rejectedWith: [
                        .malformedCBOR, .malformedAuthenticatorData, .invalidPublicKey, .unsupportedAlgorithm,
                    ]
                ) == [])
        }
    }
}
