/// The cursor behind ``CBORDecoder``: reads one data item at a time from a
/// byte buffer, enforcing the strict subset of RFC 8949 that CTAP2 §8 and
/// WebAuthn Level 3 §6.5.1 use.
///
/// Every read checks the remaining length first. The index never passes
/// `bytes.endIndex`, so `endIndex - index` is the number of unread bytes and
/// sums such as `index + count` with `count <= remaining` cannot overflow.
/// Recursion depth is bounded by `maximumDepth`, which ``CBORDecoder`` clamps.
struct CBORReader {
    /// Entries in maps larger than this are checked for duplicates with a set
    /// instead of a linear scan, so a huge map cannot make decoding quadratic.
    private static let linearDuplicateScanLimit = 16
    /// Caps the capacity reserved up front for arrays and maps, so a declared
    /// count (already checked against the remaining input) cannot multiply the
    /// input size into a large allocation before its items are seen.
    private static let reservationLimit = 1024
    private static let majorTypeNames = [
        "unsigned integer", "negative integer", "byte string", "text string", "array", "map", "tag", "simple value",
    ]

    private let bytes: ArraySlice<UInt8>
    private let requiresCanonicalForm: Bool
    private let maximumDepth: Int
    private var index: Int

    /// Creates a reader positioned at the first byte of `bytes`.
    init(bytes: ArraySlice<UInt8>, requiresCanonicalForm: Bool, maximumDepth: Int) {
        self.bytes = bytes
        self.requiresCanonicalForm = requiresCanonicalForm
        self.maximumDepth = maximumDepth
        self.index = bytes.startIndex
    }

    /// The number of bytes read so far.
    var bytesConsumed: Int {
        index - bytes.startIndex
    }

    private var remaining: Int {
        bytes.endIndex - index
    }

    /// Reads one complete data item (RFC 8949 §3) nested inside `depth`
    /// enclosing arrays or maps.
    mutating func readItem(depth: Int) throws(CBORError) -> CBORValue {
        let start = index
        guard start < bytes.endIndex else {
            throw error(.truncated, "input ended where a data item was expected", at: start)
        }
        let initialByte = bytes[start]
        let majorType = Int(initialByte >> 5)
        let additionalInformation = initialByte & 0x1F
        switch majorType {
        case 6:
            throw error(.unsupportedTag, "tag (major type 6, initial byte \(hex(initialByte)))", at: start)
        case 7:
            return try readSimpleValue(additionalInformation, at: start)
        default:
            break
        }
        let argument = try readArgument(majorType: majorType, additionalInformation, at: start)
        switch majorType {
        case 0:
            return .unsignedInteger(argument)
        case 1:
            return .negativeInteger(argument)
        case 2:
            let content = try readContent(declaredLength: argument, majorType: majorType, at: start)
            return .byteString(Array(content))
        case 3:
            let content = try readContent(declaredLength: argument, majorType: majorType, at: start)
            guard let text = String(validating: content, as: UTF8.self) else {
                throw error(.invalidUTF8, "text string of \(content.count) bytes is not valid UTF-8", at: start)
            }
            return .textString(text)
        case 4:
            return try readArray(declaredCount: argument, depth: depth, at: start)
        default:
            return try readMap(declaredCount: argument, depth: depth, at: start)
        }
    }

    /// Reads the head's argument (RFC 8949 §3) for major types 0-5 and moves
    /// past the head. In canonical mode the head must be the shortest one
    /// (RFC 8949 §4.2.1, CTAP2 §8).
    private mutating func readArgument(
        majorType: Int,
        _ additionalInformation: UInt8,
        at start: Int
    ) throws(CBORError) -> UInt64 {
        let name = Self.majorTypeNames[majorType]
        switch additionalInformation {
        case 0...23:
            index = start + 1
            return UInt64(additionalInformation)
        case 24...27:
            let argumentSize = 1 << Int(additionalInformation - 24)
            guard remaining > argumentSize else {
                throw error(
                    .truncated,
                    "\(name) head needs \(argumentSize) argument bytes but only \(remaining - 1) remain",
                    at: start
                )
            }
            var argument: UInt64 = 0
            for position in (start + 1)...(start + argumentSize) {
                argument = argument << 8 | UInt64(bytes[position])
            }
            index = start + 1 + argumentSize
            if requiresCanonicalForm {
                let smallestArgument: UInt64 = argumentSize == 1 ? 24 : 1 << (4 * argumentSize)
                guard argument >= smallestArgument else {
                    throw error(
                        .nonCanonicalEncoding,
                        "\(name) head uses \(argumentSize) argument bytes for \(argument), which needs fewer",
                        at: start
                    )
                }
            }
            return argument
        case 28...30:
            throw error(
                .reservedAdditionalInformation,
                "\(name) head uses reserved additional information \(additionalInformation)",
                at: start
            )
        default:
            let problem =
                majorType >= 2
                ? "\(name) has an indefinite length"
                : "\(name) head uses additional information 31, which has no meaning for it"
            throw error(.indefiniteLength, problem, at: start)
        }
    }

    /// Reads major type 7 (RFC 8949 §3.3): only false, true and null are allowed.
    private mutating func readSimpleValue(
        _ additionalInformation: UInt8,
        at start: Int
    ) throws(CBORError) -> CBORValue {
        switch additionalInformation {
        case 20:
            index = start + 1
            return .boolean(false)
        case 21:
            index = start + 1
            return .boolean(true)
        case 22:
            index = start + 1
            return .null
        case 23:
            throw error(.unsupportedSimpleValue, "simple value undefined (0xF7)", at: start)
        case 24:
            throw error(.unsupportedSimpleValue, "one-byte-argument simple value (0xF8)", at: start)
        case 25:
            throw error(.unsupportedFloat, "half-precision float (0xF9)", at: start)
        case 26:
            throw error(.unsupportedFloat, "single-precision float (0xFA)", at: start)
        case 27:
            throw error(.unsupportedFloat, "double-precision float (0xFB)", at: start)
        case 28...30:
            throw error(
                .reservedAdditionalInformation,
                "simple value head uses reserved additional information \(additionalInformation)",
                at: start
            )
        case 31:
            throw error(.indefiniteLength, "break (0xFF) outside an indefinite-length item", at: start)
        default:
            throw error(.unsupportedSimpleValue, "simple value \(additionalInformation)", at: start)
        }
    }

    /// Returns the content of a byte or text string and moves past it, after
    /// checking the declared length against the remaining input.
    private mutating func readContent(
        declaredLength: UInt64,
        majorType: Int,
        at start: Int
    ) throws(CBORError) -> ArraySlice<UInt8> {
        let name = Self.majorTypeNames[majorType]
        guard let length = Int(exactly: declaredLength) else {
            throw error(.integerOverflow, "\(name) declares \(declaredLength) bytes, more than Int can hold", at: start)
        }
        guard length <= remaining else {
            throw error(
                .lengthExceedsInput,
                "\(name) declares \(length) bytes but only \(remaining) remain",
                at: start
            )
        }
        let content = bytes[index..<(index + length)]
        index += length
        return content
    }

    /// Converts a declared array or map size to `Int` and checks that the
    /// remaining input can hold that many items of `minimumItemBytes` each.
    private func checkedCount(
        _ declaredCount: UInt64,
        minimumItemBytes: Int,
        majorType: Int,
        at start: Int
    ) throws(CBORError) -> Int {
        let name = Self.majorTypeNames[majorType]
        guard let count = Int(exactly: declaredCount) else {
            throw error(.integerOverflow, "\(name) declares \(declaredCount) items, more than Int can hold", at: start)
        }
        guard count <= remaining / minimumItemBytes else {
            throw error(
                .lengthExceedsInput,
                "\(name) declares \(count) items but only \(remaining) bytes remain",
                at: start
            )
        }
        return count
    }

    private func checkDepth(_ depth: Int, majorType: Int, at start: Int) throws(CBORError) {
        guard depth < maximumDepth else {
            throw error(
                .nestingTooDeep,
                "\(Self.majorTypeNames[majorType]) would be nesting level \(depth + 1), "
                    + "over the maximum of \(maximumDepth)",
                at: start
            )
        }
    }

    /// Reads the items of a definite-length array (RFC 8949 §3.1 major type 4).
    private mutating func readArray(declaredCount: UInt64, depth: Int, at start: Int) throws(CBORError) -> CBORValue {
        try checkDepth(depth, majorType: 4, at: start)
        let count = try checkedCount(declaredCount, minimumItemBytes: 1, majorType: 4, at: start)
        var elements: [CBORValue] = []
        elements.reserveCapacity(min(count, Self.reservationLimit))
        for _ in 0..<count {
            elements.append(try readItem(depth: depth + 1))
        }
        return .array(elements)
    }

    /// Reads the entries of a definite-length map (RFC 8949 §3.1 major type 5),
    /// rejecting keys that are not integers or text (CTAP2 §8), duplicate keys
    /// (RFC 8949 §5.6) and, in canonical mode, keys out of CTAP2 §8 order.
    ///
    /// Keys count as duplicates when their ``CBORValue``s are equal, which for
    /// text means Unicode canonical equivalence: ``CBORMap`` lookups use that
    /// equality, so two such keys could not be told apart after decoding.
    private mutating func readMap(declaredCount: UInt64, depth: Int, at start: Int) throws(CBORError) -> CBORValue {
        try checkDepth(depth, majorType: 5, at: start)
        let count = try checkedCount(declaredCount, minimumItemBytes: 2, majorType: 5, at: start)
        var entries: [CBORMap.Entry] = []
        entries.reserveCapacity(min(count, Self.reservationLimit))
        let usesKeySet = count > Self.linearDuplicateScanLimit
        var keySet: Set<CBORValue> = []
        var previousKeyBytes: Range<Int>? = nil
        for _ in 0..<count {
            let keyStart = index
            guard keyStart < bytes.endIndex else {
                throw error(.truncated, "input ended where a map key was expected", at: keyStart)
            }
            let keyMajorType = Int(bytes[keyStart] >> 5)
            guard keyMajorType == 0 || keyMajorType == 1 || keyMajorType == 3 else {
                throw error(
                    .invalidMapKeyType,
                    "map key is a \(Self.majorTypeNames[keyMajorType]), not an integer or text string",
                    at: keyStart
                )
            }
            let key = try readItem(depth: depth + 1)
            let keyBytes = keyStart..<index
            let isDuplicate: Bool
            if usesKeySet {
                isDuplicate = !keySet.insert(key).inserted
            } else {
                isDuplicate = entries.contains { $0.key == key }
            }
            guard !isDuplicate else {
                throw error(.duplicateMapKey, "map key \(describe(key)) appears more than once", at: keyStart)
            }
            if requiresCanonicalForm, let previous = previousKeyBytes,
                !CTAP2CanonicalKeyOrder.precedes(bytes[previous], bytes[keyBytes])
            {
                throw error(
                    .unsortedMapKeys,
                    "map key \(describe(key)) is not in CTAP2 canonical order after the previous key",
                    at: keyStart
                )
            }
            previousKeyBytes = keyBytes
            let value = try readItem(depth: depth + 1)
            entries.append(CBORMap.Entry(key: key, value: value))
        }
        return .map(CBORMap(entries: entries))
    }

    /// A short rendering of a map key for error reasons (integers and text only).
    private func describe(_ key: CBORValue) -> String {
        switch key {
        case .unsignedInteger(let value):
            return "\(value)"
        case .negativeInteger(let value):
            return value == UInt64.max ? "-18446744073709551616" : "-\(value + 1)"
        case .textString(let text):
            return text.utf8.count <= 64 ? "\"\(text)\"" : "(text of \(text.utf8.count) bytes)"
        default:
            return "(\(key))"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    private func error(_ code: CBORError.Code, _ problem: String, at position: Int) -> CBORError {
        let offset = position - bytes.startIndex
        return CBORError(code, reason: "\(problem) at offset \(offset)", offset: offset)
    }
}
