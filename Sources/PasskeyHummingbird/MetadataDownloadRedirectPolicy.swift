#if Hummingbird
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Follows a redirect of a `--metadata` download only to where the flag itself could point (FIDO Metadata Service
/// v3.0 §3.1.7: the BLOB is fetched from its URL; RFC 9110 §15.4 redirects): an `https` URL, or `http` to a loopback
/// host. Any other redirect ends the download with the 3xx answer, which ``MetadataSource/read()`` refuses.
final class MetadataDownloadRedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(Self.allows(request.url) ? request : nil)
    }

    /// Whether a download may go to `url`.
    static func allows(_ url: URL?) -> Bool {
        guard let url, let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "https" || (scheme == "http" && LoopbackHost.contains(url.host))
    }
}
#endif
