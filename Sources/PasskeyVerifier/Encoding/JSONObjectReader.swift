/// A strict, single-pass reader of a JSON text that must be one object (RFC 8259), made for
/// `clientDataJSON` (WebAuthn Level 3 §5.8.1.2): it returns the top-level members in order, decoding
/// the string values of the names asked for and only classifying the others.
///
/// The whole text is validated as RFC 8259 JSON: structure, string escapes (a `\u` high surrogate must
/// be followed by a low one, and a low one cannot stand alone), no unescaped control characters,
/// number syntax, the literals, and nothing but whitespace after the object. Nesting deeper than
/// ``maximumDepth`` is rejected; containers are skipped with an explicit stack, never by recursion.
/// Every byte access is bounds-checked. The caller has already checked that the bytes are UTF-8, so
/// a string's raw bytes can be decoded as they are (quotes and backslashes are ASCII and never split
/// a multi-byte sequence).
///
/// It replaces `JSONDecoder` plus a duplicate-name scan on the assertion's hot path: one pass, no
/// `Data`, no `Codable` machinery (Docs/Performance.md).
struct JSONObjectReader {
    /// The kinds of member values; strings are decoded only for the names asked for.
    enum Value: Equatable {
        /// A string, decoded.
        case string(String)
        /// A string that was validated but not decoded.
        case skippedString
        /// `true` or `false`.
        case boolean(Bool)
        /// `null`.
        case null
        /// A number.
        case number
        /// An object, with the range of its bytes (from `{` to `}`) in the text read, for reading it in turn.
        case object(Range<Int>)
        /// An array.
        case array
    }

    /// Why the text is not a JSON object; `message` names the problem and the byte offset.
    struct Failure: Error {
        let message: String
    }

    /// The deepest nesting of arrays and objects accepted, counting the top-level object as 1.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The members of the object that `bytes` hold, in order. String values are decoded for the names in
    /// `decoding` and reported as ``Value/skippedString`` otherwise.
    static func members(
        of bytes: UnsafeBufferPointer<UInt8>,
        decoding names: Set<String>
    ) throws(Failure) -> [(name: String, value: Value)] {
        var reader = JSONObjectReader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.peek() == UInt8(ascii: "{") else {
            throw Failure(message: "not a JSON object")
        }
        reader.index += 1
        var members: [(name: String, value: Value)] = []
        members.reserveCapacity(8)
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                reader.skipWhitespace()
                guard reader.peek() == UInt8(ascii: "\"") else {
                    throw reader.failure("expected a member name")
                }
                reader.index += 1
                let name = try reader.readString()
                try reader.expectColon()
                let value = try reader.readMemberValue(decodingString: names.contains(name))
                members.append((name, value))
                reader.skipWhitespace()
                guard let separator = reader.next() else {
                    throw reader.failure("the object is not closed")
                }
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else {
                    throw reader.failure("expected , or } after a member", offset: reader.index - 1)
                }
            }
        }
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.failure("unexpected text after the object")
        }
        return members
    }

    private func failure(_ problem: String, offset: Int? = nil) -> Failure {
        Failure(message: "\(problem) at byte \(offset ?? index)")
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expectColon() throws(Failure) {
        skipWhitespace()
        guard next() == UInt8(ascii: ":") else {
            throw failure("expected : after a member name", offset: index - 1)
        }
        skipWhitespace()
    }

    /// Reads a top-level member's value.
    private mutating func readMemberValue(decodingString: Bool) throws(Failure) -> Value {
        switch peek() {
        case UInt8(ascii: "\""):
            index += 1
            if decodingString {
                return .string(try readString())
            }
            try skipString()
            return .skippedString
        case UInt8(ascii: "{"):
            let start = index
            try skipContainer()
            return .object(start..<index)
        case UInt8(ascii: "["):
            try skipContainer()
            return .array
        default:
            return try readScalar()
        }
    }

    /// Reads a number or a literal.
    private mutating func readScalar() throws(Failure) -> Value {
        switch peek() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            try skipNumber()
            return .number
        case nil:
            throw failure("the text ends where a value was expected")
        default:
            throw failure("expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else {
            throw failure("invalid literal", offset: start)
        }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[start + $0] == expected[$0] }
        }
        guard matches else {
            throw failure("invalid literal", offset: start)
        }
        index += count
    }

    /// Skips a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6).
    private mutating func skipNumber() throws(Failure) {
        let start = index
        if peek() == UInt8(ascii: "-") {
            index += 1
        }
        switch peek() {
        case UInt8(ascii: "0"):
            index += 1
        case .some(UInt8(ascii: "1")...UInt8(ascii: "9")):
            skipDigits()
        default:
            throw failure("invalid number", offset: start)
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw failure("invalid number", offset: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() > 0 else { throw failure("invalid number", offset: start) }
        }
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            index += 1
        }
        return index - start
    }

    /// Skips an object or array starting at the current `{` or `[`, with an explicit stack of closers.
    private mutating func skipContainer() throws(Failure) {
        var closers: [UInt8] = []
        while true {
            // At the start of a value.
            var completedValue: Bool
            switch peek() {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count + 1 < Self.maximumDepth else {
                    throw failure("arrays and objects nested deeper than \(Self.maximumDepth)")
                }
                let isObject = peek() == UInt8(ascii: "{")
                closers.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                index += 1
                skipWhitespace()
                if peek() == closers.last {
                    index += 1
                    closers.removeLast()
                    completedValue = true
                } else {
                    if isObject {
                        try skipMemberName()
                    }
                    completedValue = false
                }
            case UInt8(ascii: "\""):
                index += 1
                try skipString()
                completedValue = true
            default:
                _ = try readScalar()
                completedValue = true
            }
            guard completedValue else { continue }
            // After a value: close containers until one continues with a comma.
            while true {
                guard let closer = closers.last else { return }
                skipWhitespace()
                guard let byte = next() else {
                    throw failure("an array or object is not closed")
                }
                if byte == closer {
                    closers.removeLast()
                    continue
                }
                guard byte == UInt8(ascii: ",") else {
                    throw failure("expected , or \(Character(Unicode.Scalar(closer)))", offset: index - 1)
                }
                skipWhitespace()
                if closer == UInt8(ascii: "}") {
                    try skipMemberName()
                }
                break
            }
        }
    }

    /// Skips `"name" :` inside a nested object and the whitespace after it.
    private mutating func skipMemberName() throws(Failure) {
        guard next() == UInt8(ascii: "\"") else {
            throw failure("expected a member name", offset: index - 1)
        }
        try skipString()
        try expectColon()
    }

    /// Reads a string whose opening quote was consumed, decoding escapes (RFC 8259 §7).
    private mutating func readString() throws(Failure) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                break
            }
            guard byte >= 0x20 else {
                throw failure("unescaped control character in a string")
            }
            index += 1
        }
        var utf8 = Array(bytes[start..<index])
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let scalar = try readEscape()
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            case 0..<0x20:
                throw failure("unescaped control character in a string", offset: index - 1)
            default:
                utf8.append(byte)
            }
        }
        throw failure("a string is not closed")
    }

    /// Skips a string whose opening quote was consumed, validating its escapes.
    private mutating func skipString() throws(Failure) {
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                _ = try readEscape()
            case 0..<0x20:
                throw failure("unescaped control character in a string", offset: index - 1)
            default:
                break
            }
        }
        throw failure("a string is not closed")
    }

    /// Reads the escape after a backslash.
    private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
        let start = index - 1
        switch next() {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return Unicode.Scalar(0x08)
        case UInt8(ascii: "f"): return Unicode.Scalar(0x0C)
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try readHexadecimalUnit()
            switch unit {
            case 0xD800...0xDBFF:
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else {
                    throw failure("a high surrogate escape is not followed by a low one", offset: start)
                }
                let low = try readHexadecimalUnit()
                guard (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                else {
                    throw failure("a high surrogate escape is not followed by a low one", offset: start)
                }
                return scalar
            case 0xDC00...0xDFFF:
                throw failure("a low surrogate escape without a high one", offset: start)
            default:
                guard let scalar = Unicode.Scalar(unit) else {
                    throw failure("invalid \\u escape", offset: start)
                }
                return scalar
            }
        default:
            throw failure("invalid escape", offset: start)
        }
    }

    private mutating func readHexadecimalUnit() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch next() {
            case let byte? where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"):
                digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default:
                throw failure("a \\u escape needs four hexadecimal digits", offset: max(index - 1, 0))
            }
            value = value << 4 | digit
        }
        return value
    }
}
