#if Hummingbird
/// Client text made safe for a log line or a stored column: every control, format and line-separator character,
/// the backslash and the double quote escaped as `\u{…}`, and the result cut to a number of UTF-8 bytes on a
/// character boundary, so no client can forge a line of the log or fill it.
public enum LogText {
    /// `text` escaped and cut to `maximumBytes` bytes.
    public static func escaped(_ text: String, maximumBytes: Int = 256) -> String {
        var result = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let piece: String
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                piece = "\\u{\(String(scalar.value, radix: 16))}"
            default:
                piece = scalar == "\\" || scalar == "\"" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
            bytes += piece.utf8.count
            guard bytes <= maximumBytes else { break }
            result += piece
        }
        return result
    }
}
#endif
