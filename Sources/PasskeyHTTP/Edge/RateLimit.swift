#if Hummingbird
/// A token bucket's settings: a client may send ``burst`` requests at once and then ``rate`` requests a second
/// (the bucket holds at most ``burst`` tokens, refills at ``rate`` tokens a second, and each request takes one).
///
/// Written `RATE/BURST` on the command line (`--rate-limit 10/50`), or `off`.
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    /// Tokens added a second; at least 0.001 and at most 1 000 000.
    public let rate: Double
    /// The most tokens the bucket holds: the requests allowed at once; at least 1 and at most 1 000 000.
    public let burst: Int

    /// Creates the settings, clamping `rate` and `burst` to their ranges.
    public init(rate: Double, burst: Int) {
        self.rate = rate.isFinite ? min(max(rate, 0.001), 1_000_000) : 1
        self.burst = min(max(burst, 1), 1_000_000)
    }

    /// Reads `RATE/BURST` (such as `10/50` or `0.5/5`); `nil` for anything else, including values out of range.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count <= 16, parts[1].utf8.count <= 16,
            let rate = Double(parts[0]), rate.isFinite, rate >= 0.001, rate <= 1_000_000,
            let burst = Int(parts[1]), burst >= 1, burst <= 1_000_000
        else { return nil }
        self.init(rate: rate, burst: burst)
    }

    /// The limit per client address by default: 10 requests a second after a burst of 50.
    public static let defaultPerClientAddress = RateLimit(rate: 10, burst: 50)

    /// The limit per username by default: one request a second after a burst of 10.
    public static let defaultPerUsername = RateLimit(rate: 1, burst: 10)

    /// The most requests the limit lets through in `duration`: the burst plus the refill (none for a negative one).
    public func maximumRequests(in duration: Duration) -> Double {
        Double(burst) + rate * max(0, duration.inSeconds)
    }

    /// `RATE/BURST`.
    public var description: String {
        let shownRate = rate == rate.rounded() ? String(Int(rate)) : String(rate)
        return "\(shownRate)/\(burst)"
    }
}
#endif
