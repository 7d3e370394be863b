/// Base64url encoding (RFC 4648 §5), the `Base64URLString` of WebAuthn Level 3 §5.1
/// (`toJSON()`), with a decoder that also reads standard base64 (RFC 4648 §4).
///
/// Browsers send base64url without padding, as the spec requires. Native iOS apps often send
/// `Data.base64EncodedString()` instead: the standard alphabet (`+`, `/`) with `=` padding. The
/// decoder accepts both alphabets, padded or not, and rejects everything else:
/// - characters outside both alphabets, including whitespace and line breaks;
/// - a string that mixes the URL-specific characters (`-`, `_`) with the standard-specific
///   ones (`+`, `/`);
/// - padding anywhere but at the end, more than two `=`, or a padded string whose total length
///   is not a multiple of four;
/// - a length (without padding) that leaves a single character in the last group, which cannot
///   encode a whole byte.
///
/// Unused low bits of the last character are ignored (RFC 4648 §3.5 allows decoders to do so),
/// so two strings may decode to the same bytes. Compare decoded bytes, never strings, when
/// identity matters.
///
/// The decoder is hand-written over a 256-entry table; its output is at most three quarters
/// of the input length, allocated once.
public enum Base64URL {
    /// Encodes `bytes` as base64url without padding (RFC 4648 §5; WebAuthn §5.1 `Base64URLString`).
    public static func encode(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: urlAlphabet, padded: false)
    }

    /// Encodes `bytes` as standard, padded base64 (RFC 4648 §4), the form `Data.base64EncodedString()`
    /// produces.
    public static func encodeStandard(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: standardAlphabet, padded: true)
    }

    /// Decodes base64url or standard base64 (RFC 4648 §5 and §4), padded or not.
    ///
    /// Returns `nil` for any input the type's documentation lists as rejected.
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(utf8: $0) }
    }

    /// Decodes the UTF-8 bytes of a base64url or standard base64 string; see ``decode(_:)``.
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let padding = UInt8(ascii: "=")
        var length = input.count
        var paddingCount = 0
        while length > 0, input[length - 1] == padding {
            length -= 1
            paddingCount += 1
        }
        if paddingCount > 0 {
            guard paddingCount <= 2, input.count % 4 == 0 else { return nil }
        }
        let remainder = length % 4
        guard remainder != 1 else { return nil }

        var seen: UInt8 = 0
        var valid = false
        let output = [UInt8](unsafeUninitializedCapacity: length / 4 * 3 + 2) { buffer, initialized in
            decodingTable.withUnsafeBufferPointer { table in
                var written = 0
                var index = 0
                // Whole groups of four characters, three bytes each; `index + 4 <= length <= input.count` and
                // `written + 3 <= length / 4 * 3` keep every access inside its buffer.
                while index + 4 <= length {
                    let first = table[Int(input[index])]
                    let second = table[Int(input[index + 1])]
                    let third = table[Int(input[index + 2])]
                    let fourth = table[Int(input[index + 3])]
                    guard first != invalid, second != invalid, third != invalid, fourth != invalid else { return }
                    seen |= first | second | third | fourth
                    let group =
                        UInt32(first & 0x3F) << 18 | UInt32(second & 0x3F) << 12 | UInt32(third & 0x3F) << 6
                        | UInt32(fourth & 0x3F)
                    buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
                    buffer[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    buffer[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    index += 4
                }
                // The last two or three characters (`remainder`), one or two bytes.
                var accumulator: UInt32 = 0
                for position in index..<length {
                    let entry = table[Int(input[position])]
                    guard entry != invalid else { return }
                    seen |= entry
                    accumulator = (accumulator << 6) | UInt32(entry & 0x3F)
                }
                switch remainder {
                case 2:
                    buffer[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
                    written += 1
                case 3:
                    buffer[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
                    buffer[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
                    written += 2
                default:
                    break
                }
                initialized = written
                valid = true
            }
        }
        guard valid else { return nil }
        guard seen & (urlSpecific | standardSpecific) != (urlSpecific | standardSpecific) else { return nil }
        return output
    }

    private static let urlAlphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8
    )
    private static let standardAlphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
    )

    /// Table entry of a byte outside both alphabets.
    private static let invalid: UInt8 = 0xFF
    /// Marks `-` and `_`, which only the URL alphabet has.
    private static let urlSpecific: UInt8 = 0x40
    /// Marks `+` and `/`, which only the standard alphabet has.
    private static let standardSpecific: UInt8 = 0x80

    /// Maps every byte to its 6-bit value, flagged with the alphabet it belongs to, or to `invalid`.
    private static let decodingTable: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in urlAlphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "-"))] = 62 | urlSpecific
        table[Int(UInt8(ascii: "_"))] = 63 | urlSpecific
        table[Int(UInt8(ascii: "+"))] = 62 | standardSpecific
        table[Int(UInt8(ascii: "/"))] = 63 | standardSpecific
        return table
    }()

    private static func encode(_ bytes: [UInt8], alphabet: [UInt8], padded: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(alphabet[Int(group & 0x3F)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if padded { output.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "=")]) }
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            if padded { output.append(UInt8(ascii: "=")) }
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }
}
