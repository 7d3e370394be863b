#if Hummingbird
import Foundation

/// The freshness lifetime an HTTP response's `Cache-Control` header gives (RFC 9111 §5.2.2): `max-age=N` in
/// seconds, `0` for `no-store` or `no-cache`, `nil` when the header says neither.
enum CacheControlMaxAge {
    /// Reads `header` (directives separated by commas, names case-insensitive, `max-age` a decimal integer that may
    /// be quoted; RFC 9111 §5.2).
    static func seconds(in header: String?) -> Int? {
        guard let header else { return nil }
        var maxAge: Int?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let name = parts.first?.lowercased() else { continue }
            switch name {
            case "no-store", "no-cache":
                return 0
            case "max-age":
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                guard !value.isEmpty, value.utf8.count <= 10, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                    let seconds = Int(value)
                else { continue }
                maxAge = seconds
            default:
                continue
            }
        }
        return maxAge
    }
}
#endif
