/// Lowercase hexadecimal text for bytes, used in identifiers and error messages.
enum Hexadecimal {
    /// The sixteen lowercase digits.
    static let digits: [Character] = Array("0123456789abcdef")

    /// `bytes` as lowercase hexadecimal, two digits per byte.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
