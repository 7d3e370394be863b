import Foundation
import Testing

/// Reading `Fixtures/w3c-vectors/vectors.jsonl`, the values of ``W3CVectors``.
extension W3CVectors {
    /// Why the fixture cannot be read: the file and what is wrong with it, as the failing test reports it.
    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    /// One line of the fixture: a named value, in hexadecimal or as text.
    private struct Line: Decodable {
        let name: String
        let description: String
        let hex: String?
        let text: String?
    }

    /// `Fixtures/w3c-vectors/vectors.jsonl` of this repository, found from this source file's path.
    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("w3c-vectors")
        .appendingPathComponent("vectors.jsonl")

    /// A fixture's values by name, or why it cannot be read.
    typealias Reading = Result<[String: String], FixtureError>

    /// The fixture's values by name, or why it cannot be read; read once.
    static let fixture = Reading { () throws(FixtureError) in try values(at: fixtureURL) }

    /// The values of the fixture at `url` by name. Each non-empty line must be one `{"name", "description",
    /// "hex" or "text"}` object with a name no other line has, and a `hex` an even number of lowercase
    /// hexadecimal digits.
    static func values(at url: URL) throws(FixtureError) -> [String: String] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError(description: "\(url.path) cannot be read: \(error.localizedDescription)")
        }
        var values: [String: String] = [:]
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let place = "\(url.path), line \(index + 1)"
            guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line)) else {
                throw FixtureError(
                    description: "\(place) is not a {\"name\", \"description\", \"hex\" or \"text\"} object")
            }
            let value: String
            switch (decoded.hex, decoded.text) {
            case (let hex?, nil):
                guard hex.count.isMultiple(of: 2), hex.allSatisfy({ "0123456789abcdef".contains($0) }) else {
                    throw FixtureError(description: "\(place) (\(decoded.name)): hex is not pairs of 0-9 a-f")
                }
                value = hex
            case (nil, let text?):
                value = text
            default:
                throw FixtureError(description: "\(place) (\(decoded.name)): needs exactly one of hex and text")
            }
            guard values.updateValue(value, forKey: decoded.name) == nil else {
                throw FixtureError(description: "\(place): a second line named \"\(decoded.name)\"")
            }
        }
        return values
    }

    /// The fixture's value `name` (by default the name of the property asking). When the fixture cannot be read
    /// or has no line `name`, records an issue that says so, failing the test, and returns "" (which no test
    /// accepts either).
    static func value(_ name: String = #function, in fixture: Reading = W3CVectors.fixture) -> String {
        switch fixture {
        case .success(let values):
            if let value = values[name] {
                return value
            }
            Issue.record("\(fixtureURL.path) has no line named \"\(name)\"")
        case .failure(let error):
            Issue.record("\(error)")
        }
        return ""
    }
}
