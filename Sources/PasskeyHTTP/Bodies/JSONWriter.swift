#if Hummingbird
/// Writes the JSON text of the server's hot answers straight into bytes (RFC 8259), without `JSONEncoder`: the
/// options of a sign-in and the answer of its result, two answers per sign-in.
///
/// Strings are written as RFC 8259 §7 strings: the quotation mark, the reverse solidus and every control
/// character U+0000 to U+001F escaped (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00XX`), every other scalar as
/// its UTF-8 bytes. A Swift `String` holds Unicode scalars only, never a lone surrogate, so the output is always
/// valid UTF-8 and every string reads back as the same scalars (RFC 8259 §8.2).
struct JSONWriter {
    /// The text so far.
    private(set) var bytes: [UInt8]
    /// Whether the object being written has no member yet.
    private var atFirstMember = true

    /// A writer of an object, reserving `capacity` bytes.
    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// `{`, starting an object.
    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        atFirstMember = true
    }

    /// `}`, ending the object.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        atFirstMember = false
    }

    /// `[`, starting an array: write its elements with ``beginElement()`` before each.
    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        atFirstMember = true
    }

    /// `]`, ending the array.
    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        atFirstMember = false
    }

    /// The separator before an array element.
    mutating func beginElement() {
        if !atFirstMember {
            bytes.append(UInt8(ascii: ","))
        }
        atFirstMember = false
    }

    /// The name of the next member, with its separator; `name` is a constant without characters to escape.
    mutating func member(_ name: StaticString) {
        beginElement()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// A member whose value is `value`, a string.
    mutating func member(_ name: StaticString, string value: String) {
        member(name)
        string(value)
    }

    /// A member whose value is `value`, an unsigned integer.
    mutating func member(_ name: StaticString, integer value: UInt32) {
        member(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A member whose value is an array of the strings `values`.
    mutating func member(_ name: StaticString, strings values: [String]) {
        member(name)
        beginArray()
        for value in values {
            beginElement()
            string(value)
        }
        endArray()
    }

    /// `value` as a JSON string (RFC 8259 §7).
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable(Self.needsNoEscape) == true {
            bytes.append(contentsOf: value.utf8)
        } else {
            for byte in value.utf8 {
                appendEscaping(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether no byte of `buffer` is `"`, `\\` or a control character.
    private static func needsNoEscape(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in buffer where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// One UTF-8 byte of a string, escaped when it is `"`, `\` or a control character.
    private mutating func appendEscaping(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x00..<0x20:
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(UInt8(ascii: "0") + (byte >> 4))
            let low = byte & 0x0F
            bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
        default: bytes.append(byte)
        }
    }
}
#endif
