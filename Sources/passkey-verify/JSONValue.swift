/// A JSON value whose object members keep the order they were added in, so that every line the tool prints
/// is deterministic and reads in a sensible order (`verified` first). RFC 8259.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// An object of the members whose value is not `nil`, in the given order.
    static func members(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(members.compactMap { member in member.value.map { (member.key, $0) } })
    }

    /// A string, or `nil` for `nil`.
    static func string(_ value: String?) -> JSONValue? {
        value.map(JSONValue.string)
    }

    /// A boolean, or `nil` for `nil`.
    static func bool(_ value: Bool?) -> JSONValue? {
        value.map(JSONValue.bool)
    }

    /// An integer, or `nil` for `nil`.
    static func integer(_ value: (some BinaryInteger)?) -> JSONValue? {
        value.flatMap { Int64(exactly: $0) }.map(JSONValue.integer)
    }

    /// The member `name` of an object, or `nil`.
    subscript(member name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == name }?.1
    }

    /// The value as compact JSON text: no whitespace, `/` unescaped, non-ASCII characters as UTF-8.
    var compactText: String {
        var output = ""
        write(to: &output, indentation: nil, level: 0)
        return output
    }

    /// The value as JSON text indented by two spaces per level.
    var prettyText: String {
        var output = ""
        write(to: &output, indentation: "  ", level: 0)
        return output
    }

    private func write(to output: inout String, indentation: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value): output += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                Self.newline(&output, indentation: indentation, level: level + 1)
                element.write(to: &output, indentation: indentation, level: level + 1)
            }
            Self.newline(&output, indentation: indentation, level: level)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.newline(&output, indentation: indentation, level: level + 1)
                Self.writeString(member.0, to: &output)
                output += indentation == nil ? ":" : ": "
                member.1.write(to: &output, indentation: indentation, level: level + 1)
            }
            Self.newline(&output, indentation: indentation, level: level)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, indentation: String?, level: Int) {
        guard let indentation else { return }
        output += "\n"
        for _ in 0..<level { output += indentation }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
