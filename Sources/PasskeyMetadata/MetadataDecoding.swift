#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A rule of FIDO Metadata Service v3.0 §3.1 that a decoded member breaks: what the metadata parsers throw
/// from `init(from:)` besides `DecodingError`, turned into a message by ``describe(_:)``.
struct MetadataDecodingFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// A short message for any error of a metadata decode: the path of a `DecodingError` and what was wrong.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let failure as MetadataDecodingFailure:
            return failure.message
        case let decoding as DecodingError:
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return "\(path(context.codingPath)): \(context.debugDescription)"
            case .keyNotFound(let key, let context):
                return "\(path(context.codingPath + [key])) is missing"
            @unknown default:
                return "\(decoding)"
            }
        default:
            return "\(error)"
        }
    }

    /// The value of `body`, every error it throws turned into a ``MetadataDecodingFailure``: how the strict
    /// members of a tolerant reader (identifiers, status reports) fail, so that the caller can tell them from a
    /// member it may leave out.
    static func strictly<Value>(_ body: () throws -> Value) throws(MetadataDecodingFailure) -> Value {
        do {
            return try body()
        } catch let failure as MetadataDecodingFailure {
            throw failure
        } catch {
            throw MetadataDecodingFailure(describe(error))
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let parts = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        let joined = parts.joined()
        return joined.isEmpty ? "the payload" : String(joined.drop { $0 == "." })
    }
}

extension KeyedDecodingContainer {
    /// An array member of at most `maximumCount` elements, checked before the elements are decoded.
    func decodeBoundedArray<Element: Decodable>(
        _ type: Element.Type,
        forKey key: Key,
        maximumCount: Int
    ) throws -> [Element] {
        var elements = try nestedUnkeyedContainer(forKey: key)
        if let count = elements.count, count > maximumCount {
            throw MetadataDecodingFailure(
                "\(key.stringValue) has \(count) elements; at most \(maximumCount) are accepted"
            )
        }
        var decoded: [Element] = []
        while !elements.isAtEnd {
            guard decoded.count < maximumCount else {
                throw MetadataDecodingFailure("\(key.stringValue) has more than \(maximumCount) elements")
            }
            decoded.append(try elements.decode(Element.self))
        }
        return decoded
    }

    /// ``decodeBoundedArray(_:forKey:maximumCount:)`` when the member is present, `nil` when it is absent.
    func decodeBoundedArrayIfPresent<Element: Decodable>(
        _ type: Element.Type,
        forKey key: Key,
        maximumCount: Int
    ) throws -> [Element]? {
        guard contains(key) else { return nil }
        return try decodeBoundedArray(type, forKey: key, maximumCount: maximumCount)
    }

    /// An informational member (FIDO Metadata Statement v3.0 §4: nothing a trust decision reads): its value when
    /// present and readable; `nil` when absent or `null`; `nil` and a note in `notes` when it cannot be read.
    func decodeInformational<Value: Decodable>(_ type: Value.Type, forKey key: Key, notes: inout [String]) -> Value? {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        do {
            return try decode(Value.self, forKey: key)
        } catch {
            notes.append(MetadataDecodingFailure.describe(error))
            return nil
        }
    }

    /// ``decodeInformational(_:forKey:notes:)`` for an array of at most `maximumCount` elements.
    func decodeInformationalArray<Element: Decodable>(
        _ type: Element.Type,
        forKey key: Key,
        maximumCount: Int,
        notes: inout [String]
    ) -> [Element]? {
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        do {
            return try decodeBoundedArray(Element.self, forKey: key, maximumCount: maximumCount)
        } catch {
            notes.append(MetadataDecodingFailure.describe(error))
            return nil
        }
    }

    /// A `full-date` member, `YYYY-MM-DD`, as midnight UTC.
    func decodeMetadataDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = MetadataDate.parse(text) else {
            throw MetadataDecodingFailure("\(key.stringValue) \"\(text.prefix(40))\" is not a date YYYY-MM-DD")
        }
        return date
    }
}
