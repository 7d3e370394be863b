#if Hummingbird
import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download of a metadata BLOB from a ``MetadataSource/url(_:)`` (FIDO Metadata Service v3.0 §3.1.7), streamed
/// with a byte cap: a `Content-Length` above the cap is refused with the first bytes of the body, and the body is
/// read only up to the cap, then the transfer is cancelled, so a hostile or broken server cannot make the server
/// hold much more than the cap in memory. Redirects are followed as ``MetadataDownloadRedirectPolicy`` says. One
/// limit is Foundation's on Linux: it keeps the body of a redirect response whole before it asks whether to follow
/// it, so the host of the URL (https, chosen by the operator) can still send a large redirect body
/// (`Docs/Decisions.md`, "FIDO metadata download").
final class MetadataDownload: NSObject, URLSessionDataDelegate, Sendable {
    /// Where the download started.
    let url: URL
    /// The most bytes accepted.
    let maximumLength: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var body = Data()
        var redirects = 0
        var failure: MetadataUnavailable?
        var continuation: CheckedContinuation<Data, any Error>?
        /// The outcome, when the task completed before the continuation was kept (a cancellation at once).
        var outcome: Result<Data, any Error>?
    }

    private init(url: URL, maximumLength: Int) {
        self.url = url
        self.maximumLength = maximumLength
    }

    /// The body `url` answers with `200`, at most `maximumLength` bytes, downloaded within `timeout` seconds.
    ///
    /// - Throws: ``MetadataUnavailable`` when the server does not answer `200`, announces or sends more than
    ///   `maximumLength` bytes, redirects where the policy does not follow, or cannot be reached in time.
    static func body(of url: URL, maximumLength: Int, timeout: TimeInterval) async throws(MetadataUnavailable) -> Data {
        let download = MetadataDownload(url: url, maximumLength: maximumLength)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: url)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let outcome = download.state.withLockedValue { state -> Result<Data, any Error>? in
                        if let outcome = state.outcome { return outcome }
                        state.continuation = continuation
                        return nil
                    }
                    if let outcome {
                        continuation.resume(with: outcome)
                    } else {
                        task.resume()
                    }
                }
            } onCancel: {
                task.cancel()
            }
        } catch let error as MetadataUnavailable {
            throw error
        } catch {
            throw MetadataUnavailable("the metadata BLOB cannot be downloaded from \(url): \(error)")
        }
    }

    /// Ends the download with `failure` (the first one given stays).
    private func fail(_ failure: MetadataUnavailable) {
        state.withLockedValue { state in
            if state.failure == nil {
                state.failure = failure
            }
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = state.withLockedValue { state in
            state.redirects += 1
            return state.redirects
        }
        guard MetadataDownloadRedirectPolicy.follows(request.url, from: url, count: count) else {
            fail(
                MetadataUnavailable(
                    "\(url) redirected (\(response.statusCode)) to \(request.url?.absoluteString ?? "nowhere"), "
                        + "which is not followed: at most \(MetadataDownloadRedirectPolicy.maximumRedirects) "
                        + "redirects, on the same host, never from https to http"
                )
            )
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            fail(MetadataUnavailable("\(url) answered \(status), not 200"))
            completionHandler(.cancel)
            return
        }
        guard response.expectedContentLength <= Int64(maximumLength) else {
            fail(
                MetadataUnavailable(
                    "the metadata BLOB at \(url) is larger than \(maximumLength) bytes "
                        + "(Content-Length \(response.expectedContentLength))"
                )
            )
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflows = state.withLockedValue { state in
            guard state.failure == nil else { return true }
            guard data.count <= maximumLength - state.body.count else {
                state.failure = MetadataUnavailable(
                    "the metadata BLOB at \(url) is larger than \(maximumLength) bytes; the download was stopped there")
                return true
            }
            state.body.append(data)
            return false
        }
        if overflows {
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, outcome): (CheckedContinuation<Data, any Error>?, Result<Data, any Error>) =
            state.withLockedValue { state in
                let outcome: Result<Data, any Error> =
                    if let failure = state.failure {
                        .failure(failure)
                    } else if let error {
                        .failure(error)
                    } else {
                        .success(state.body)
                    }
                let continuation = state.continuation
                state.continuation = nil
                if continuation == nil {
                    state.outcome = outcome
                }
                return (continuation, outcome)
            }
        continuation?.resume(with: outcome)
    }
}
#endif
