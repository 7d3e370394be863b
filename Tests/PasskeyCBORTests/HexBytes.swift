/// Test helper: bytes from a hex literal such as `"a2 01 02"` (spaces ignored).
/// An invalid digit pair becomes 0xEE, which makes the calling test fail visibly.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    return stride(from: 0, to: digits.count - 1, by: 2).map { position in
        UInt8(String(digits[position...(position + 1)]), radix: 16) ?? 0xEE
    }
}

/// Test helper: `count` arrays nested inside one another around an empty array
/// (`count` = 1 gives `[]`, depth 1).
func nestedArrays(depth count: Int) -> [UInt8] {
    Array(repeating: 0x81, count: count - 1) + [0x80]
}
