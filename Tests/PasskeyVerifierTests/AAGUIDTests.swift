import PasskeyVerifier
import Testing

@Suite struct AAGUIDTests {
    @Test func formatsTheUUIDInLowercase() throws {
        let bytes: [UInt8] = [
            0xAD, 0xCE, 0x00, 0x02, 0x35, 0xBC, 0xC6, 0x0A, 0x64, 0x8B, 0x0B, 0x25, 0xF1, 0xF0, 0x55, 0x03,
        ]
        let aaguid = try #require(AAGUID(bytes: bytes))
        #expect(aaguid.uuidString == "adce0002-35bc-c60a-648b-0b25f1f05503")
        #expect(aaguid.description == aaguid.uuidString)
        #expect(aaguid.bytes == bytes)
        #expect(!aaguid.isZero)
    }

    @Test func parsesTheUUIDTextInEitherCase() throws {
        let aaguid = try #require(AAGUID(uuidString: "adce0002-35bc-c60a-648b-0b25f1f05503"))
        #expect(aaguid.bytes.first == 0xAD)
        #expect(aaguid.bytes.last == 0x03)
        #expect(AAGUID(uuidString: "ADCE0002-35BC-C60A-648B-0B25F1F05503") == aaguid)
        #expect(AAGUID(uuidString: aaguid.uuidString) == aaguid)
    }

    @Test(arguments: [
        "", "adce000235bcc60a648b0b25f1f05503", "adce0002-35bc-c60a-648b-0b25f1f0550",
        "adce0002-35bc-c60a-648b-0b25f1f055033",
        "adce0002_35bc-c60a-648b-0b25f1f05503", "adce0002-35bc-c60a-648b-0b25f1f0550g",
        "{adce0002-35bc-c60a-648b-0b25f1f0550}",
    ])
    func rejectsTextThatIsNotAUUID(text: String) {
        #expect(AAGUID(uuidString: text) == nil)
    }

    @Test func rejectsAnythingButSixteenBytes() {
        #expect(AAGUID(bytes: []) == nil)
        #expect(AAGUID(bytes: [UInt8](repeating: 1, count: 15)) == nil)
        #expect(AAGUID(bytes: [UInt8](repeating: 1, count: 17)) == nil)
    }

    @Test func hasAZeroValue() {
        #expect(AAGUID.zero.uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(AAGUID.zero.isZero)
        #expect(AAGUID(bytes: [UInt8](repeating: 0, count: 16)) == AAGUID.zero)
    }

    @Test func flagsHaveTheSpecBitValues() {
        #expect(AuthenticatorFlags.userPresent.rawValue == 0x01)
        #expect(AuthenticatorFlags.userVerified.rawValue == 0x04)
        #expect(AuthenticatorFlags.backupEligible.rawValue == 0x08)
        #expect(AuthenticatorFlags.backupState.rawValue == 0x10)
        #expect(AuthenticatorFlags.attestedCredentialData.rawValue == 0x40)
        #expect(AuthenticatorFlags.extensionData.rawValue == 0x80)
        #expect(AuthenticatorFlags.reserved.rawValue == 0x22)
    }
}
