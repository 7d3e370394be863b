/// Lowercase hexadecimal text for bytes, used in identifiers and error messages.
package enum Hexadecimal {
    /// The sixteen lowercase digits.
    package static let digits: [Character] = Array("0123456789abcdef")

    /// `bytes` as lowercase hexadecimal, two digits per byte.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// The value of one hexadecimal digit in either case, or `nil`.
    package static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
