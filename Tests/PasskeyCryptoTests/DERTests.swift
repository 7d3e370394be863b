import PasskeyCrypto
import Testing

@Suite struct DERTests {
    private static func code(of body: () throws -> Void) -> CryptoError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CryptoError)?.code
        }
    }

    @Test func theFIDOAAGUIDExtensionValueReadsAsAnOctetString() throws {
        let aaguid = hexBytes("876ca4f52071c3e9b25509ef2cdf7ed6")
        let value = try DER.parse(([0x04, 0x10] + aaguid)[...], expecting: DER.octetStringTag)
        #expect(Array(value) == aaguid)
    }

    @Test func parseReturnsTheRestAndWorksOnSlicesNotStartingAtZero() throws {
        let bytes: [UInt8] = [0xff, 0x02, 0x01, 0x05, 0x04, 0x00]
        let element = try DER.parse(bytes[1...])
        #expect(element.tag == 0x02)
        #expect(Array(element.value) == [0x05])
        #expect(Array(element.rest) == [0x04, 0x00])
    }

    @Test func longFormLengthsAreAccepted() throws {
        let content = [UInt8](repeating: 0xab, count: 300)
        let value = try DER.parse(([0x04, 0x82, 0x01, 0x2c] + content)[...], expecting: DER.octetStringTag)
        #expect(value.count == 300)
    }

    @Test(arguments: [
        [UInt8](),  // empty
        [0x04],  // no length
        [0x04, 0x80, 0x00, 0x00],  // indefinite length
        [0x04, 0x81, 0x05, 1, 2, 3, 4, 5],  // non-minimal long form
        [0x04, 0x82, 0x00, 0x81] + [UInt8](repeating: 0, count: 0x81),  // leading zero length octet
        [0x04, 0x03, 0x01],  // length beyond input
        [0x04, 0x85, 1, 0, 0, 0, 0],  // five length octets
        [0x1f, 0x01, 0x00],  // high tag number form
        [0x04, 0x82, 0x01],  // truncated length octets
    ])
    func malformedElementsAreRejected(bytes: [UInt8]) {
        #expect(Self.code { _ = try DER.parse(bytes[...]) } == .malformedDER)
    }

    @Test func expectingATagRejectsOtherTagsAndTrailingBytes() {
        #expect(
            Self.code { _ = try DER.parse([0x04, 0x00, 0x00][...], expecting: DER.octetStringTag) } == .malformedDER)
        #expect(
            Self.code { _ = try DER.parse([0x02, 0x01, 0x00][...], expecting: DER.octetStringTag) } == .malformedDER)
    }

    @Test func childrenOfASequenceAreReadInOrder() throws {
        let apple = hexBytes("3024a1220420") + [UInt8](repeating: 7, count: 32)
        let children = try DER.children(of: apple[...])
        #expect(children.count == 1)
        #expect(children.first?.tag == 0xa1)
        let inner = try DER.parse(children.first?.value ?? [][...], expecting: DER.octetStringTag)
        #expect(Array(inner) == [UInt8](repeating: 7, count: 32))
        #expect(Self.code { _ = try DER.children(of: hexBytes("3003020200")[...]) } == .malformedDER)
        #expect(try DER.children(of: hexBytes("3003020100")[...]).map(\.tag) == [DER.integerTag])
        #expect(Self.code { _ = try DER.children(of: hexBytes("0400")[...]) } == .malformedDER)
    }
}
