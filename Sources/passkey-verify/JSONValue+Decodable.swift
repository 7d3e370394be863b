/// Reads any JSON text into a ``JSONValue``; object members come out sorted by name, since `JSONDecoder`
/// does not report their order. `JSONDecoder` bounds the nesting depth, so hostile input cannot exhaust the
/// stack.
extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        if let container = try? decoder.container(keyedBy: MemberName.self) {
            var members: [(String, JSONValue)] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Any member name.
    private struct MemberName: CodingKey {
        let stringValue: String
        let intValue: Int? = nil

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
