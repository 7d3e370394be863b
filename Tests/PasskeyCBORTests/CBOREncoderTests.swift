import PasskeyCBOR
import Testing

@Suite struct CBOREncoderTests {
    @Test(arguments: CBORDecoderTests.appendixAExamples.indices)
    func encodesAppendixAExampleExactly(_ index: Int) {
        let example = CBORDecoderTests.appendixAExamples[index]
        #expect(CBOREncoder.encode(example.value) == hexBytes(example.hex))
    }

    @Test func usesTheShortestHeadAtEveryBoundary() {
        let expectations: [(UInt64, String)] = [
            (23, "17"), (24, "1818"), (255, "18ff"), (256, "190100"), (65535, "19ffff"), (65536, "1a00010000"),
            (0xFFFF_FFFF, "1affffffff"), (0x1_0000_0000, "1b0000000100000000"), (UInt64.max, "1bffffffffffffffff"),
        ]
        for (argument, hex) in expectations {
            #expect(CBOREncoder.encode(.unsignedInteger(argument)) == hexBytes(hex))
        }
        #expect(CBOREncoder.encode(CBORValue(integer: -1000)) == hexBytes("3903e7"))
        #expect(CBOREncoder.encode(CBORValue(integer: -257)) == hexBytes("390100"))
        #expect(CBOREncoder.encode(CBORValue(integer: Int64.min)) == hexBytes("3b7fffffffffffffff"))
        #expect(CBOREncoder.encode(.byteString(Array(repeating: 7, count: 24))).prefix(2) == [0x58, 24])
        #expect(CBOREncoder.encode(.textString(String(repeating: "a", count: 256))).prefix(3) == [0x79, 1, 0])
    }

    @Test func sortsCOSEKeyLabelsCanonically() {
        let x = [UInt8](repeating: 0x11, count: 32)
        let y = [UInt8](repeating: 0x22, count: 32)
        let key = CBORValue.map(
            CBORMap(entries: [
                .init(key: CBORValue(integer: -3), value: .byteString(y)),
                .init(key: CBORValue(integer: -2), value: .byteString(x)),
                .init(key: CBORValue(integer: 1), value: CBORValue(integer: 2)),
                .init(key: CBORValue(integer: -1), value: CBORValue(integer: 1)),
                .init(key: CBORValue(integer: 3), value: CBORValue(integer: -7)),
            ])
        )
        let expected = hexBytes("a5 01 02 03 26 20 01 21 5820") + x + hexBytes("22 5820") + y
        #expect(CBOREncoder.encode(key) == expected)
    }

    @Test func sortsAttestationObjectKeysCanonically() throws {
        let attestationObject = CBORValue.map(
            CBORMap(entries: [
                .init(key: .textString("authData"), value: .byteString([1, 2])),
                .init(key: .textString("attStmt"), value: .map(CBORMap(entries: []))),
                .init(key: .textString("fmt"), value: .textString("none")),
            ])
        )
        let encoded = CBOREncoder.encode(attestationObject)
        #expect(encoded == hexBytes("a3 63 666d74 64 6e6f6e65 67 61747453746d74 a0 68 6175746844617461 42 0102"))
        let decoded = try CBORDecoder().decode(encoded)
        #expect(decoded.mapValue?.entries.map(\.key.textStringValue) == ["fmt", "attStmt", "authData"])
    }

    @Test func sortsMixedKeysByMajorTypeThenLengthThenBytes() throws {
        let keys: [CBORValue] = [
            .textString("b"), .textString("aa"), .textString("a"), CBORValue(integer: -25), CBORValue(integer: -1),
            .unsignedInteger(1000), .unsignedInteger(24), .unsignedInteger(23), .unsignedInteger(0),
        ]
        let map = CBORValue.map(CBORMap(entries: keys.map { CBORMap.Entry(key: $0, value: .null) }))
        let decoded = try CBORDecoder().decode(CBOREncoder.encode(map))
        #expect(
            decoded.mapValue?.entries.map(\.key) == [
                .unsignedInteger(0), .unsignedInteger(23), .unsignedInteger(24), .unsignedInteger(1000),
                CBORValue(integer: -1), CBORValue(integer: -25), .textString("a"), .textString("b"), .textString("aa"),
            ]
        )
    }

    @Test func sortsKeysOfNestedMaps() {
        let inner = CBORValue.map(
            CBORMap(entries: [
                .init(key: .unsignedInteger(2), value: .boolean(true)),
                .init(key: .unsignedInteger(1), value: .boolean(false)),
            ])
        )
        #expect(CBOREncoder.encode(.array([inner, .null])) == hexBytes("82 a2 01 f4 02 f5 f6"))
    }

    @Test func lenientInputReencodesToCanonicalForm() throws {
        let nonCanonical = hexBytes("a2 18 03 58 01 aa 01 19 0005")
        let value = try CBORDecoder(mode: .lenient).decode(nonCanonical)
        #expect(CBOREncoder.encode(value) == hexBytes("a2 01 05 03 41 aa"))
    }

    @Test func roundTripsThroughTheStrictDecoder() throws {
        let value = CBORValue.array([
            .textString("\u{1F511} passkey"), .byteString(Array(0...255)), CBORValue(integer: Int64.min),
            .negativeInteger(UInt64.max), .boolean(true), .null,
            .map(CBORMap(entries: [.init(key: .textString("x"), value: .array([]))])),
        ])
        let encoded = CBOREncoder.encode(value)
        #expect(try CBORDecoder().decode(encoded) == value)
        #expect(CBOREncoder.encode(try CBORDecoder().decode(encoded)) == encoded)
    }
}
