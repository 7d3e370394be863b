import PasskeyCBOR
import Testing

@Suite struct CBORDecoderTests {
    let decoder = CBORDecoder()
    let lenientDecoder = CBORDecoder(mode: .lenient)

    // MARK: RFC 8949 Appendix A examples in the WebAuthn subset

    static let appendixAExamples: [(hex: String, value: CBORValue)] = [
        ("00", .unsignedInteger(0)),
        ("01", .unsignedInteger(1)),
        ("0a", .unsignedInteger(10)),
        ("17", .unsignedInteger(23)),
        ("1818", .unsignedInteger(24)),
        ("1819", .unsignedInteger(25)),
        ("1864", .unsignedInteger(100)),
        ("18ff", .unsignedInteger(255)),
        ("190100", .unsignedInteger(256)),
        ("1903e8", .unsignedInteger(1000)),
        ("1a000f4240", .unsignedInteger(1_000_000)),
        ("1b000000e8d4a51000", .unsignedInteger(1_000_000_000_000)),
        ("1bffffffffffffffff", .unsignedInteger(UInt64.max)),
        ("3bffffffffffffffff", .negativeInteger(UInt64.max)),
        ("20", .negativeInteger(0)),
        ("29", .negativeInteger(9)),
        ("3863", .negativeInteger(99)),
        ("3903e7", .negativeInteger(999)),
        ("f4", .boolean(false)),
        ("f5", .boolean(true)),
        ("f6", .null),
        ("40", .byteString([])),
        ("4401020304", .byteString([1, 2, 3, 4])),
        ("60", .textString("")),
        ("6161", .textString("a")),
        ("6449455446", .textString("IETF")),
        ("62225c", .textString("\"\\")),
        ("62c3bc", .textString("\u{00fc}")),
        ("63e6b0b4", .textString("\u{6c34}")),
        ("64f0908591", .textString("\u{10151}")),
        ("80", .array([])),
        ("83010203", .array([.unsignedInteger(1), .unsignedInteger(2), .unsignedInteger(3)])),
        (
            "8301820203820405",
            .array([
                .unsignedInteger(1), .array([.unsignedInteger(2), .unsignedInteger(3)]),
                .array([.unsignedInteger(4), .unsignedInteger(5)]),
            ])
        ),
        (
            "98190102030405060708090a0b0c0d0e0f101112131415161718181819",
            .array((1...25).map { CBORValue.unsignedInteger($0) })
        ),
        ("a0", .map(CBORMap(entries: []))),
        (
            "a201020304",
            .map(
                CBORMap(entries: [
                    .init(key: .unsignedInteger(1), value: .unsignedInteger(2)),
                    .init(key: .unsignedInteger(3), value: .unsignedInteger(4)),
                ])
            )
        ),
        (
            "a26161016162820203",
            .map(
                CBORMap(entries: [
                    .init(key: .textString("a"), value: .unsignedInteger(1)),
                    .init(key: .textString("b"), value: .array([.unsignedInteger(2), .unsignedInteger(3)])),
                ])
            )
        ),
        (
            "826161a161626163",
            .array([
                .textString("a"),
                .map(CBORMap(entries: [.init(key: .textString("b"), value: .textString("c"))])),
            ])
        ),
        (
            "a56161614161626142616361436164614461656145",
            .map(
                CBORMap(
                    entries: ["a", "b", "c", "d", "e"].map {
                        CBORMap.Entry(key: .textString($0), value: .textString($0.uppercased()))
                    }
                )
            )
        ),
    ]

    @Test(arguments: appendixAExamples.indices)
    func decodesAppendixAExample(_ index: Int) throws {
        let example = Self.appendixAExamples[index]
        #expect(try decoder.decode(hexBytes(example.hex)) == example.value)
        #expect(try lenientDecoder.decode(hexBytes(example.hex)) == example.value)
    }

    @Test func integerValueCoversInt64AndRejectsTheRest() throws {
        #expect(try decoder.decode(hexBytes("3903e7")).integerValue == -1000)
        #expect(try decoder.decode(hexBytes("1a000f4240")).integerValue == 1_000_000)
        #expect(try decoder.decode(hexBytes("3b7fffffffffffffff")).integerValue == Int64.min)
        #expect(try decoder.decode(hexBytes("3bffffffffffffffff")).integerValue == nil)
        #expect(try decoder.decode(hexBytes("1bffffffffffffffff")).integerValue == nil)
    }

    @Test func decodesCOSEKeyLabelsAndAlgorithms() throws {
        let key = try decoder.decode(hexBytes("a4 01 02 03 26 20 01 21 43 010203"))
        let map = try #require(key.mapValue)
        #expect(map[integerKey: 1]?.integerValue == 2)
        #expect(map[integerKey: 3]?.integerValue == -7)
        #expect(map[integerKey: -1]?.integerValue == 1)
        #expect(map[integerKey: -2]?.byteStringValue == [1, 2, 3])
        #expect(try decoder.decode(hexBytes("390100")).integerValue == -257)
        #expect(try decoder.decode(hexBytes("39fffe")).integerValue == -65535)
    }

    // MARK: Prefix decoding

    @Test func decodePrefixReportsBytesConsumedAndIgnoresTrailingData() throws {
        let result = try decoder.decodePrefix(hexBytes("a1 01 02 ff ff 00"))
        #expect(result.bytesConsumed == 3)
        #expect(result.value.mapValue?[integerKey: 1] == .unsignedInteger(2))
    }

    @Test func decodePrefixOfExactItemConsumesEverything() throws {
        let bytes = hexBytes("83 01 42 0a0b 63 616263")
        let result = try decoder.decodePrefix(bytes)
        #expect(result.bytesConsumed == bytes.count)
    }

    @Test func decodePrefixOfSliceCountsFromItsStart() throws {
        let buffer = hexBytes("ff ff 45 0102030405 ee")
        let result = try decoder.decodePrefix(buffer[2...])
        #expect(result.bytesConsumed == 6)
        #expect(result.value == .byteString([1, 2, 3, 4, 5]))
    }

    @Test func errorOffsetsInSliceCountFromItsStart() {
        let buffer = hexBytes("ff ff 82 01 f7")
        #expect {
            try decoder.decodePrefix(buffer[2...])
        } throws: {
            ($0 as? CBORError)?.code == .unsupportedSimpleValue && ($0 as? CBORError)?.offset == 2
        }
    }

    @Test func decodeOfSliceRejectsTrailingBytes() {
        let buffer = hexBytes("00 01 02")
        #expect {
            try decoder.decode(buffer[1...])
        } throws: {
            ($0 as? CBORError)?.code == .trailingBytes && ($0 as? CBORError)?.offset == 1
        }
    }

    // MARK: One negative test per error code

    @Test(arguments: ["", "18", "19 01", "1a 000001", "1b 00000000000001", "82 81 01", "a2 01 82 01 02 03"])
    func rejectsTruncatedInput(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .truncated }
    }

    @Test func truncationReportsTheOffsetWhereInputEnded() {
        #expect { try decoder.decode(hexBytes("82 81 01")) } throws: {
            ($0 as? CBORError)?.code == .truncated && ($0 as? CBORError)?.offset == 3
        }
    }

    @Test(arguments: ["45 01020304", "62 61", "5b 7fffffffffffffff", "9a ffffffff", "83 01 02", "a2 01 02 03"])
    func rejectsDeclaredLengthBeyondInput(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .lengthExceedsInput }
    }

    @Test func hugeDeclaredLengthFailsFastWithoutAllocating() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let cases: [(String, CBORError.Code)] = [
                ("5b ffffffffffffffff", .integerOverflow), ("5b 7fffffffffffffff", .lengthExceedsInput),
                ("7b 7fffffffffffffff", .lengthExceedsInput), ("9b 7fffffffffffffff", .lengthExceedsInput),
                ("bb 7fffffffffffffff", .lengthExceedsInput), ("5a ffffffff 00", .lengthExceedsInput),
            ]
            for (hex, code) in cases {
                #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == code }
            }
        }
        #expect(elapsed < .seconds(1))
    }

    @Test(arguments: ["5f 41 01 ff", "7f 61 61 ff", "9f ff", "bf ff", "ff", "1f", "3f"])
    func rejectsIndefiniteLengthsAndBreak(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .indefiniteLength }
    }

    @Test(arguments: ["1c", "3d", "5e", "7c", "9d", "be", "fc", "fd", "fe"])
    func rejectsReservedAdditionalInformation(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: {
            ($0 as? CBORError)?.code == .reservedAdditionalInformation
        }
    }

    @Test(arguments: [
        "c0 74 323031332d30332d32315432303a30343a30305a", "c1 1a 514b67b0", "d8 20 60", "d9 d9f7 00", "c2",
    ])
    func rejectsTags(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .unsupportedTag }
    }

    @Test(arguments: ["f9 3c00", "fa 47c35000", "fb 3ff199999999999a", "f9 7c00", "f9", "fb"])
    func rejectsFloats(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .unsupportedFloat }
    }

    @Test(arguments: ["f7", "f0", "e0", "f3", "f8 ff", "f8 20", "f8"])
    func rejectsSimpleValuesOtherThanFalseTrueNull(_ hex: String) {
        #expect { try lenientDecoder.decode(hexBytes(hex)) } throws: {
            ($0 as? CBORError)?.code == .unsupportedSimpleValue
        }
    }

    @Test(arguments: [
        "a2 01 01 01 02",
        "a2 61 61 00 61 61 01",
        "a2 20 00 20 01",
        "a2 62 c3a9 00 63 65cc81 01",
    ])
    func rejectsDuplicateMapKeysInBothModes(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .duplicateMapKey }
        #expect { try lenientDecoder.decode(hexBytes(hex)) } throws: {
            ($0 as? CBORError)?.code == .duplicateMapKey
        }
    }

    @Test func lenientModeRejectsDuplicateKeysSpelledWithDifferentHeads() {
        #expect { try lenientDecoder.decode(hexBytes("a2 01 00 18 01 00")) } throws: {
            ($0 as? CBORError)?.code == .duplicateMapKey && ($0 as? CBORError)?.offset == 3
        }
    }

    @Test func rejectsDuplicateKeyInLargeMap() {
        let count = 40
        var bytes: [UInt8] = [0xB8, UInt8(count)]
        for key in 0..<(count - 1) {
            bytes += CBOREncoder.encode(.unsignedInteger(UInt64(key))) + [0xF6]
        }
        bytes += [0x05, 0xF6]
        #expect { try lenientDecoder.decode(bytes) } throws: { ($0 as? CBORError)?.code == .duplicateMapKey }
    }

    @Test(arguments: ["a1 40 00", "a1 f5 00", "a1 f4 00", "a1 f6 00", "a1 80 00", "a1 a0 00", "a1 c1 00", "a1 fb 00"])
    func rejectsMapKeysThatAreNotIntegersOrText(_ hex: String) {
        #expect { try lenientDecoder.decode(hexBytes(hex)) } throws: {
            ($0 as? CBORError)?.code == .invalidMapKeyType && ($0 as? CBORError)?.offset == 1
        }
    }

    @Test(arguments: [
        "62 c0af", "63 e08080", "63 eda080", "63 edbfbf", "64 f4908080", "61 ff", "61 80", "62 e282", "65 f8888080 80",
    ])
    func rejectsInvalidUTF8(_ hex: String) {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .invalidUTF8 }
    }

    @Test func acceptsValidUTF8EdgeCases() throws {
        #expect(try decoder.decode(hexBytes("63 efbbbf")) == .textString("\u{FEFF}"))
        #expect(try decoder.decode(hexBytes("64 f48fbfbf")) == .textString("\u{10FFFF}"))
        #expect(try decoder.decode(hexBytes("61 00")) == .textString("\u{0}"))
    }

    @Test func rejectsLengthsThatDoNotFitInt() {
        let tooLarge = UInt64(Int.max) + 1
        let argument = (0..<8).reversed().map { UInt8(truncatingIfNeeded: tooLarge >> (8 * UInt64($0))) }
        for initialByte: UInt8 in [0x5B, 0x7B, 0x9B, 0xBB] {
            #expect { try decoder.decode([initialByte] + argument) } throws: {
                ($0 as? CBORError)?.code == .integerOverflow
            }
        }
        #expect { try decoder.decode(hexBytes("5b ffffffffffffffff")) } throws: {
            ($0 as? CBORError)?.code == .integerOverflow
        }
    }

    @Test func rejectsTrailingBytes() {
        #expect { try decoder.decode(hexBytes("a1 01 02 00")) } throws: {
            ($0 as? CBORError)?.code == .trailingBytes && ($0 as? CBORError)?.offset == 3
        }
    }

    // MARK: Nesting depth

    @Test func defaultDepthAcceptsExactlyEightLevels() throws {
        #expect(CBORDecoder.defaultMaximumDepth == 8)
        #expect(try decoder.decode(nestedArrays(depth: 8)).arrayValue?.count == 1)
        #expect { try decoder.decode(nestedArrays(depth: 9)) } throws: {
            ($0 as? CBORError)?.code == .nestingTooDeep && ($0 as? CBORError)?.offset == 8
        }
    }

    @Test(arguments: [1, 2, 5])
    func customDepthIsAnExactBoundary(_ depth: Int) throws {
        let limited = CBORDecoder(maximumDepth: depth)
        #expect(try limited.decode(nestedArrays(depth: depth)) != .null)
        #expect { try limited.decode(nestedArrays(depth: depth + 1)) } throws: {
            ($0 as? CBORError)?.code == .nestingTooDeep
        }
    }

    @Test func depthCountsMapsAndScalarsAreDepthZero() throws {
        let flat = CBORDecoder(maximumDepth: 1)
        #expect(try flat.decode(hexBytes("a2 01 02 03 44 01020304")).mapValue?.count == 2)
        #expect { try flat.decode(hexBytes("a1 01 a0")) } throws: { ($0 as? CBORError)?.code == .nestingTooDeep }
        let scalarsOnly = CBORDecoder(maximumDepth: 0)
        #expect(try scalarsOnly.decode(hexBytes("18 2a")) == .unsignedInteger(42))
        #expect { try scalarsOnly.decode(hexBytes("80")) } throws: { ($0 as? CBORError)?.code == .nestingTooDeep }
    }

    @Test func maximumDepthIsClamped() {
        #expect(CBORDecoder(maximumDepth: -3).maximumDepth == 0)
        #expect(CBORDecoder(maximumDepth: 1_000_000).maximumDepth == CBORDecoder.maximumSupportedDepth)
        let deepInput = nestedArrays(depth: 100_000)
        #expect { try CBORDecoder(maximumDepth: Int.max).decode(deepInput) } throws: {
            ($0 as? CBORError)?.code == .nestingTooDeep
        }
    }

    /// A `compound` attestation object (WebAuthn Level 3 §8.8): attestationObject map -> attStmt array ->
    /// statement map -> inner attStmt map -> x5c array holds byte strings at depth 5.
    @Test func compoundAttestationObjectDepthFiveDecodesByDefault() throws {
        let packedStatement = CBORValue.map(
            CBORMap(entries: [
                .init(key: .textString("alg"), value: CBORValue(integer: -7)),
                .init(key: .textString("sig"), value: .byteString([0x30, 0x44])),
                .init(key: .textString("x5c"), value: .array([.byteString([0x30, 0x82])])),
            ])
        )
        let subStatement = CBORValue.map(
            CBORMap(entries: [
                .init(key: .textString("fmt"), value: .textString("packed")),
                .init(key: .textString("attStmt"), value: packedStatement),
            ])
        )
        let attestationObject = CBORValue.map(
            CBORMap(entries: [
                .init(key: .textString("fmt"), value: .textString("compound")),
                .init(key: .textString("attStmt"), value: .array([subStatement, subStatement])),
                .init(key: .textString("authData"), value: .byteString(Array(repeating: 0, count: 37))),
            ])
        )
        let bytes = CBOREncoder.encode(attestationObject)
        #expect(try decoder.decode(bytes) == attestationObject)
        #expect(try CBORDecoder(maximumDepth: 5).decode(bytes) == attestationObject)
        #expect { try CBORDecoder(maximumDepth: 4).decode(bytes) } throws: {
            ($0 as? CBORError)?.code == .nestingTooDeep
        }
    }

    // MARK: Strict versus lenient

    @Test(arguments: [
        ("18 05", CBORValue.unsignedInteger(5)),
        ("18 17", .unsignedInteger(23)),
        ("19 00ff", .unsignedInteger(255)),
        ("1a 0000ffff", .unsignedInteger(65535)),
        ("1b 00000000ffffffff", .unsignedInteger(0xFFFF_FFFF)),
        ("38 06", .negativeInteger(6)),
        ("58 01 aa", .byteString([0xAA])),
        ("79 0001 61", .textString("a")),
        ("98 01 00", .array([.unsignedInteger(0)])),
        ("b8 00", .map(CBORMap(entries: []))),
        ("a1 18 01 00", .map(CBORMap(entries: [.init(key: .unsignedInteger(1), value: .unsignedInteger(0))]))),
    ])
    func nonMinimalHeadsAreRejectedStrictlyAndAcceptedLeniently(_ hex: String, _ value: CBORValue) throws {
        #expect { try decoder.decode(hexBytes(hex)) } throws: {
            ($0 as? CBORError)?.code == .nonCanonicalEncoding
        }
        #expect(try lenientDecoder.decode(hexBytes(hex)) == value)
    }

    @Test func minimalHeadBoundariesAreAccepted() throws {
        #expect(try decoder.decode(hexBytes("18 18")) == .unsignedInteger(24))
        #expect(try decoder.decode(hexBytes("19 0100")) == .unsignedInteger(256))
        #expect(try decoder.decode(hexBytes("1a 00010000")) == .unsignedInteger(65536))
        #expect(try decoder.decode(hexBytes("1b 0000000100000000")) == .unsignedInteger(0x1_0000_0000))
    }

    @Test(arguments: [
        "a2 03 00 01 00",
        "a2 20 00 01 00",
        "a2 21 00 20 00",
        "a2 61 62 00 61 61 00",
        "a2 62 6161 00 61 62 00",
        "a2 61 61 00 01 00",
        "a3 63 666d74 00 68 61757468446174 61 00 67 61747453746d74 00",
    ])
    func unsortedKeysAreRejectedStrictlyAndAcceptedLeniently(_ hex: String) throws {
        #expect { try decoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == .unsortedMapKeys }
        #expect(try lenientDecoder.decode(hexBytes(hex)).mapValue?.count == hexBytes(hex).first.map { Int($0 & 0x1F) })
    }

    @Test func canonicalKeyOrderIsAccepted() throws {
        let coseKeyLabels = try decoder.decode(hexBytes("a5 01 00 03 00 20 00 21 00 22 00"))
        #expect(coseKeyLabels.mapValue?.entries.map(\.key.integerValue) == [1, 3, -1, -2, -3])
        let attestationKeys = try decoder.decode(
            hexBytes("a3 63 666d74 00 67 61747453746d74 00 68 6175746844617461 00")
        )
        #expect(attestationKeys.mapValue?.entries.map(\.key.textStringValue) == ["fmt", "attStmt", "authData"])
        #expect(try decoder.decode(hexBytes("a3 17 00 18 18 00 20 00")).mapValue?.count == 3)
    }

    @Test func lenientModeStillRejectsEverythingElse() {
        for (hex, code) in [
            ("9f ff", CBORError.Code.indefiniteLength), ("c1 00", .unsupportedTag), ("f9 0000", .unsupportedFloat),
            ("a1 f5 00", .invalidMapKeyType), ("61 ff", .invalidUTF8), ("42 00", .lengthExceedsInput),
        ] {
            #expect { try lenientDecoder.decode(hexBytes(hex)) } throws: { ($0 as? CBORError)?.code == code }
        }
    }
}
