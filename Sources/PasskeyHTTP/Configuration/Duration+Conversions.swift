#if Hummingbird
import NIOCore

/// The conversions of the configuration's time spans to what NIO, Foundation and the stored rows take, none of which
/// traps: a span is cut to its bounds first (``clamped(to:)``), and each conversion saturates besides.
extension Duration {
    /// This span cut to `bounds`.
    package func clamped(to bounds: ClosedRange<Duration>) -> Duration {
        Swift.min(Swift.max(self, bounds.lowerBound), bounds.upperBound)
    }

    /// `components`, of the span cut to ±`Int64.max` seconds first: a `Duration` holds up to about 1.7 × 10²⁰
    /// seconds, and `components` traps beyond what its `Int64` seconds hold.
    private var boundedComponents: (seconds: Int64, attoseconds: Int64) {
        clamped(to: .seconds(Int64.min) ... .seconds(Int64.max)).components
    }

    /// The span in seconds, fractions included (a Foundation `TimeInterval`).
    var inSeconds: Double {
        let components = boundedComponents
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The whole seconds of the span, a fraction dropped.
    var wholeSeconds: Int64 {
        boundedComponents.seconds
    }

    /// The span as NIO's `TimeAmount`, in nanoseconds, saturating at `Int64.max` and `Int64.min` (about 292 years).
    package var timeAmount: TimeAmount {
        let components = boundedComponents
        let (nanoseconds, overflow) = components.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .nanoseconds(components.seconds < 0 ? .min : .max) }
        let (total, carried) = nanoseconds.addingReportingOverflow(components.attoseconds / 1_000_000_000)
        guard !carried else { return .nanoseconds(components.seconds < 0 ? .min : .max) }
        return .nanoseconds(total)
    }
}
#endif
