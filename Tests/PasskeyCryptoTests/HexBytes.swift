import PasskeyCBOR

/// Test helper: bytes from a hex literal such as `"a2 01 02"` (spaces ignored).
/// An invalid digit pair becomes 0xEE, which makes the calling test fail visibly.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    return stride(from: 0, to: digits.count - 1, by: 2).map { position in
        UInt8(String(digits[position...(position + 1)]), radix: 16) ?? 0xEE
    }
}

/// Test helper: a CBOR map with integer labels, in the given order.
func coseMap(_ pairs: [(Int64, CBORValue)]) -> CBORValue {
    .map(CBORMap(entries: pairs.map { CBORMap.Entry(key: CBORValue(integer: $0.0), value: $0.1) }))
}
