import Foundation

/// RFC 3339 instants, as `--at` takes them and `inspect` prints certificate validity.
enum RFC3339 {
    /// The instant `text` names (`2021-09-01T00:00:00Z`, fractional seconds and offsets allowed), or `nil`.
    static func date(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) {
            return date
        }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// `date` in UTC, to the second: `2021-04-11T08:50:22Z`.
    static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
