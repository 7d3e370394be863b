/// Renders an inspection tree as indented text: `name: value` for scalars and lists of scalars, a heading
/// with its members indented below for objects, `[index]` headings for the elements of lists of objects.
enum InspectionText {
    static func render(_ value: JSONValue) -> String {
        var lines: [String] = []
        render(value, level: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    private static func render(_ value: JSONValue, level: Int, into lines: inout [String]) {
        let indentation = String(repeating: "  ", count: level)
        switch value {
        case .object(let members):
            for (name, member) in members {
                if let scalar = inline(member) {
                    lines.append("\(indentation)\(name): \(scalar)")
                } else {
                    lines.append("\(indentation)\(name):")
                    render(member, level: level + 1, into: &lines)
                }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let scalar = inline(element) ?? inlineMembers(element) {
                    lines.append("\(indentation)[\(index)] \(scalar)")
                } else {
                    lines.append("\(indentation)[\(index)]")
                    render(element, level: level + 1, into: &lines)
                }
            }
        default:
            lines.append(indentation + (inline(value) ?? ""))
        }
    }

    /// An object whose members are all scalars as `name: value, name: value`, or `nil`.
    private static func inlineMembers(_ value: JSONValue) -> String? {
        guard case .object(let members) = value else { return nil }
        var parts: [String] = []
        for (name, member) in members {
            switch member {
            case .object, .array: return nil
            default: parts.append("\(name): \(inline(member) ?? "")")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// The value on one line, or `nil` when it needs lines of its own.
    private static func inline(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number): return "\(number)"
        case .string(let text): return text.isEmpty ? "\"\"" : text
        case .object(let members):
            if members.isEmpty { return "(empty)" }
            if members.count == 2, let code = value[member: "code"], let message = value[member: "message"],
                case .string(let codeText) = code, case .string(let messageText) = message
            {
                return "\(codeText): \(messageText)"
            }
            return nil
        case .array(let elements):
            if elements.isEmpty { return "(none)" }
            var parts: [String] = []
            for element in elements {
                switch element {
                case .object, .array: return nil
                default: parts.append(inline(element) ?? "")
                }
            }
            return parts.joined(separator: ", ")
        }
    }
}
