import PasskeyCBOR
import Testing

@Suite struct CBORErrorTests {
    @Test func errorsCompareAndHashByCodeOnly() {
        let first = CBORError(.truncated, reason: "one", offset: 1)
        let second = CBORError(.truncated, reason: "two", offset: 9)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != CBORError(.trailingBytes, reason: "one", offset: 1))
    }

    @Test func codesAreDistinctAndNamed() {
        let codes: [CBORError.Code] = [
            .truncated, .lengthExceedsInput, .indefiniteLength, .reservedAdditionalInformation, .unsupportedTag,
            .unsupportedFloat, .unsupportedSimpleValue, .duplicateMapKey, .invalidMapKeyType, .invalidUTF8,
            .integerOverflow, .nestingTooDeep, .trailingBytes, .nonCanonicalEncoding, .unsortedMapKeys,
        ]
        #expect(Set(codes).count == 15)
        #expect(Set(codes.map(\.description)).count == 15)
        #expect(CBORError.Code.unsortedMapKeys.description == "unsortedMapKeys")
    }

    @Test func reasonNamesTheProblemAndOffset() {
        #expect {
            try CBORDecoder().decode(hexBytes("82 01 45 0102"))
        } throws: { error in
            guard let error = error as? CBORError else { return false }
            return error.code == .lengthExceedsInput && error.offset == 2 && error.reason.contains("byte string")
                && error.reason.contains("offset 2") && error.description.hasPrefix("CBORError.lengthExceedsInput: ")
        }
        #expect {
            try CBORDecoder().decode(hexBytes("a2 03 00 01 00"))
        } throws: { error in
            guard let error = error as? CBORError else { return false }
            return error.code == .unsortedMapKeys && error.offset == 3 && error.reason.contains("map key 1")
        }
    }
}
