#if Server
import Hummingbird
import Logging
import NIOCore
import Prometheus

/// `GET /metrics` in the Prometheus text exposition format (version 0.0.4), from a swift-prometheus registry that
/// the command bootstraps as swift-metrics' backend: a second Hummingbird application on its own address
/// (`--metrics-host`, `--metrics-port`), so that the metrics are never on the public port by accident. Every other
/// path is `404`.
enum MetricsEndpoint {
    /// The buckets of the latency histograms, from 0.5 ms (an options answer on SQLite takes about 1 ms) to 10 s.
    static let durationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .microseconds(2_500), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
    ]

    /// The content type of the text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The application serving `registry` on `host`:`port`.
    static func application(
        registry: PrometheusCollectorRegistry,
        host: String,
        port: Int,
        logger: Logger
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("metrics") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
            )
        }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                serverName: "passkey-server-metrics"
            ),
            logger: logger
        )
    }
}
#endif
