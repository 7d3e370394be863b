#if Hummingbird
import CoreMetrics
import Foundation
import Hummingbird
import PasskeyHTTP

/// What the server tells its monitoring, recorded through apple/swift-metrics so that a host picks any backend
/// (`passkey-server --metrics-port` bootstraps swift-prometheus and serves `GET /metrics`). Every label value is
/// the server's own (a route template, a status, a stable code, a ceremony name): client text never becomes a
/// label, so no client can add series.
///
/// | series | type | labels |
/// |---|---|---|
/// | `passkey_http_requests_total` | counter | `method`, `route`, `status` |
/// | `passkey_http_request_duration_seconds` | histogram | `method`, `route` |
/// | `passkey_refusals_total` | counter | `route`, `status`, `code` |
/// | `passkey_rate_limited_requests_total` | counter | `route` |
/// | `passkey_ceremonies_total` | counter | `kind`, `step`, `outcome` |
/// | `passkey_store_errors_total` | counter | `operation` |
/// | `passkey_active_sessions` | gauge | |
/// | `passkey_metadata_number`, `passkey_metadata_age_seconds`, `passkey_metadata_stale`, `passkey_metadata_refresh_failures` | gauge | |
public struct ServerMetrics: Sendable {
    /// Where the metrics go: `MetricsSystem.factory` (the bootstrapped backend, or none) unless a host or a test
    /// gives its own.
    public let factory: any MetricsFactory

    /// Creates the recorder over `factory`.
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// Whether anything records the metrics: `false` for swift-metrics' no-op factory (nothing bootstrapped), when
    /// the periodic gauges are not worth a database query.
    public var isRecording: Bool { !(factory is NOOPMetricsHandler) }

    /// The route label of a request no route matched.
    static let unmatchedRoute = "unmatched"

    /// Counts one answered request and its duration.
    func recordResponse(method: HTTPRequest.Method, route: String, status: HTTPResponse.Status, duration: Duration) {
        let methodLabel = Self.methodLabel(method)
        Counter(
            label: "passkey_http_requests_total",
            dimensions: [("method", methodLabel), ("route", route), ("status", String(status.code))],
            factory: factory
        ).increment()
        CoreMetrics.Timer(
            label: "passkey_http_request_duration_seconds",
            dimensions: [("method", methodLabel), ("route", route)],
            factory: factory
        ).recordNanoseconds(Self.nanoseconds(duration))
        if status == .tooManyRequests {
            Counter(label: "passkey_rate_limited_requests_total", dimensions: [("route", route)], factory: factory)
                .increment()
        }
    }

    /// Counts one refusal by its stable code.
    func recordRefusal(route: String, status: HTTPResponse.Status, code: String) {
        Counter(
            label: "passkey_refusals_total",
            dimensions: [("route", route), ("status", String(status.code)), ("code", code)],
            factory: factory
        ).increment()
    }

    /// Counts one step of a ceremony (`begin` or `finish` of a `registration`, `authentication` or
    /// `appleSignIn`) by its outcome: `ok` or the refusal's stable code.
    func recordCeremony(kind: String, step: String, outcome: String) {
        Counter(
            label: "passkey_ceremonies_total",
            dimensions: [("kind", kind), ("step", step), ("outcome", outcome)],
            factory: factory
        ).increment()
    }

    /// Counts one failure of the database: a route (its template), the readiness check or a periodic job.
    package func recordStoreError(operation: String) {
        Counter(label: "passkey_store_errors_total", dimensions: [("operation", operation)], factory: factory)
            .increment()
    }

    /// Sets the number of sessions valid now.
    package func recordActiveSessions(_ count: Int) {
        Gauge(label: "passkey_active_sessions", factory: factory).record(count)
    }

    /// Sets the state of the FIDO metadata: the current BLOB's `no` (FIDO Metadata Service v3.0 §3.1.6), the
    /// seconds since this process made it current, whether its `nextUpdate` has passed, and how many refreshes in
    /// a row failed.
    package func recordMetadata(serialNumber: Int, ageSeconds: Double, isStale: Bool, consecutiveFailures: Int) {
        Gauge(label: "passkey_metadata_number", factory: factory).record(serialNumber)
        Gauge(label: "passkey_metadata_age_seconds", factory: factory).record(max(0, ageSeconds))
        Gauge(label: "passkey_metadata_stale", factory: factory).record(isStale ? 1 : 0)
        Gauge(label: "passkey_metadata_refresh_failures", factory: factory).record(consecutiveFailures)
    }

    /// The method as a label: the registered methods by name, any other token `other`.
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .post, .put, .patch, .delete, .head, .options: method.rawValue
        default: "other"
        }
    }

    /// `duration` in nanoseconds, saturating.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowAgain ? .max : total
    }
}
#endif
