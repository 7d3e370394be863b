#if Server
import Foundation
import Logging

/// The lines a test's loggers wrote, with their level and metadata, for tests that check what the server logs.
final class CapturedLog: @unchecked Sendable {
    /// One written line.
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]

        /// The message and every metadata value, as one text to search.
        var text: String {
            ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        }
    }

    private let lock = NSLock()
    private var written: [Line] = []

    /// A logger at `level` that writes here.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "passkey-server-tests") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    /// Every line so far.
    var lines: [Line] {
        lock.withLock { written }
    }

    fileprivate func append(_ line: Line) {
        lock.withLock { written.append(line) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var merged = metadata
            merged.merge(event.metadata ?? [:]) { $1 }
            log.append(
                Line(
                    level: event.level,
                    message: "\(event.message)",
                    metadata: merged.mapValues { "\($0)" }
                )
            )
        }
    }
}
#endif
