/// Finds a member name that occurs twice in the top-level object of a JSON text.
///
/// `JSONDecoder` keeps the first of two members with the same name while JavaScript's
/// `JSON.parse` keeps the last, so a `clientDataJSON` with two `origin` members would read
/// differently here and elsewhere. RFC 8259 §4 leaves duplicate names undefined; this library
/// rejects them in client data (WebAuthn Level 3 §5.8.1.2 parses a client-produced, well-formed
/// object, which never has duplicates).
///
/// The scanner runs on text `JSONDecoder` has already accepted, but reads defensively: every byte
/// access is bounds-checked and any surprise yields ``Outcome/unreadable``.
package struct JSONMemberNameScanner {
    /// What a scan found.
    package enum Outcome: Equatable {
        /// Every top-level member name occurs once.
        case unique
        /// This name occurs more than once.
        case duplicate(String)
        /// The text is not a JSON object the scanner could read.
        case unreadable
    }

    /// The deepest nesting ``scanEveryObject(_:)`` reads.
    package static let maximumDepth = 32

    private let bytes: [UInt8]
    private var index = 0
    /// The raw text of each top-level member's value, as the scan found it.
    private var rawValues: [String: ArraySlice<UInt8>] = [:]

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Scans the top-level object of `text`.
    package static func scan(_ text: [UInt8]) -> Outcome {
        var scanner = JSONMemberNameScanner(bytes: text)
        return scanner.scanObject() ?? .unreadable
    }

    /// The raw text of each top-level member's value (without surrounding whitespace), or `nil` when the text is
    /// not an object the scanner reads or repeats a top-level name.
    package static func topLevelValues(_ text: [UInt8]) -> [String: ArraySlice<UInt8>]? {
        var scanner = JSONMemberNameScanner(bytes: text)
        guard scanner.scanObject() == .unique else { return nil }
        return scanner.rawValues
    }

    /// Whether every object in `text`, at any depth up to ``maximumDepth``, names each member once.
    package static func scanEveryObject(_ text: [UInt8]) -> Outcome {
        var scanner = JSONMemberNameScanner(bytes: text)
        scanner.skipWhitespace()
        guard let outcome = scanner.checkValue(depth: 0) else { return .unreadable }
        scanner.skipWhitespace()
        guard outcome == .unique, scanner.peek() == nil else { return outcome == .unique ? .unreadable : outcome }
        return .unique
    }

    /// Reads one value, checking the member names of every object in it.
    private mutating func checkValue(depth: Int) -> Outcome? {
        guard depth < Self.maximumDepth, let first = peek() else { return nil }
        switch first {
        case UInt8(ascii: "\""):
            index += 1
            return readString() == nil ? nil : .unique
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = first == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            var names: Set<String> = []
            skipWhitespace()
            if peek() == close {
                index += 1
                return .unique
            }
            while true {
                skipWhitespace()
                if isObject {
                    guard next() == UInt8(ascii: "\""), let name = readString() else { return nil }
                    guard names.insert(name).inserted else { return .duplicate(name) }
                    skipWhitespace()
                    guard next() == UInt8(ascii: ":") else { return nil }
                    skipWhitespace()
                }
                guard let inner = checkValue(depth: depth + 1) else { return nil }
                guard inner == .unique else { return inner }
                skipWhitespace()
                switch next() {
                case UInt8(ascii: ","): continue
                case close: return .unique
                default: return nil
                }
            }
        default:
            let start = index
            while let byte = peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "]"),
                byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D
            {
                index += 1
            }
            return index > start ? .unique : nil
        }
    }

    private mutating func scanObject() -> Outcome? {
        skipWhitespace()
        guard next() == UInt8(ascii: "{") else { return nil }
        var names: Set<String> = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            return .unique
        }
        while true {
            skipWhitespace()
            guard next() == UInt8(ascii: "\""), let name = readString() else { return nil }
            guard names.insert(name).inserted else { return .duplicate(name) }
            skipWhitespace()
            guard next() == UInt8(ascii: ":") else { return nil }
            skipWhitespace()
            let start = index
            guard skipValue() else { return nil }
            var end = index
            while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) {
                end -= 1
            }
            rawValues[name] = bytes[start..<end]
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","):
                continue
            case UInt8(ascii: "}"):
                return .unique
            default:
                return nil
            }
        }
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
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    /// Reads a string whose opening quote was consumed, decoding escapes (RFC 8259 §7).
    private mutating func readString() -> String? {
        var utf8: [UInt8] = []
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let scalar = readEscape() else { return nil }
                utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    private mutating func readEscape() -> Unicode.Scalar? {
        guard let escaped = next() else { return nil }
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            return Unicode.Scalar(escaped)
        case UInt8(ascii: "b"): return Unicode.Scalar(0x08)
        case UInt8(ascii: "f"): return Unicode.Scalar(0x0C)
        case UInt8(ascii: "n"): return Unicode.Scalar(0x0A)
        case UInt8(ascii: "r"): return Unicode.Scalar(0x0D)
        case UInt8(ascii: "t"): return Unicode.Scalar(0x09)
        case UInt8(ascii: "u"):
            guard let unit = readHexadecimalUnit() else { return nil }
            if (0xD800...0xDBFF).contains(unit) {
                guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u"),
                    let low = readHexadecimalUnit(), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(unit)
        default:
            return nil
        }
    }

    private mutating func readHexadecimalUnit() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next() else { return nil }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Skips one value: a string, an object or array (tracking depth), or a number or literal.
    private mutating func skipValue() -> Bool {
        guard let first = peek() else { return false }
        switch first {
        case UInt8(ascii: "\""):
            index += 1
            return readString() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let byte = next() {
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return true }
                case UInt8(ascii: "\""):
                    guard readString() != nil else { return false }
                default:
                    break
                }
            }
            return false
        default:
            while let byte = peek(), byte != UInt8(ascii: ","), byte != UInt8(ascii: "}") {
                index += 1
            }
            return true
        }
    }
}
