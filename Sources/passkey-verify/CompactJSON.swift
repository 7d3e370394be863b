/// Compact JSON text (RFC 8259) appended straight to bytes: what ``JSONValue/compactText`` prints, byte for
/// byte, without building a ``JSONValue`` or a `String` first (`batch` writes one verdict per line this way,
/// ``CeremonyOutcome/appendCompactJSON(to:)``).
enum CompactJSON {
    /// Appends `"name":`, after a comma unless `first`. Member names are the contract's plain ASCII names, which
    /// need no escaping.
    static func appendName(_ name: StaticString, first: Bool = false, to output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        output.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
    }

    /// Appends `true` or `false`.
    static func appendBoolean(_ value: Bool, to output: inout [UInt8]) {
        let text: StaticString = value ? "true" : "false"
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
    }

    /// Appends `value` quoted: `"` and `\` escaped with a backslash, newline, carriage return and tab as `\n`,
    /// `\r`, `\t`, the other control characters and DEL as `\u00XX` (lowercase hexadecimal), everything else as
    /// its UTF-8 bytes.
    static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                appendEscape(byte, to: &output)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        default:
            let hexadecimal: StaticString = "0123456789abcdef"
            hexadecimal.withUTF8Buffer { digits in
                output.append(contentsOf: [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)],
                    digits[Int(byte & 0x0F)],
                ])
            }
        }
    }
}
