#if Server
/// Reads samples out of the Prometheus text exposition format, for the metrics tests.
enum MetricsText {
    /// The value of the sample of `name` whose labels include every pair of `labels`, or `nil` when there is none
    /// (several: the first).
    static func value(in text: String, _ name: String, _ labels: [String: String] = [:]) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space]
            let seriesName = series.prefix { $0 != "{" }
            guard seriesName == name else { continue }
            let matches = labels.allSatisfy { series.contains("\($0.key)=\"\($0.value)\"") }
            if matches {
                return Double(line[line.index(after: space)...])
            }
        }
        return nil
    }
}
#endif
