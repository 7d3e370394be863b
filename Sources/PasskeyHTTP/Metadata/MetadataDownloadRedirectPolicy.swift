#if Hummingbird
import Foundation

/// Where a `--metadata` download may go (FIDO Metadata Service v3.0 §3.1.7: the BLOB is fetched from its URL;
/// RFC 9110 §15.4 redirects): the flag's URL is `https`, or `http` to a loopback host (a test server); a redirect is
/// followed only on the same host, over `https` (or `http` when the flag's URL is a loopback `http` one), at most
/// ``maximumRedirects`` times. Any other redirect ends the download with an error (``MetadataDownload``): a
/// hijacked or misconfigured server cannot send the server to fetch from a host of its choosing.
enum MetadataDownloadRedirectPolicy {
    /// The most redirects one download follows: 3.
    static let maximumRedirects = 3

    /// Whether a download may start at `url`: `https`, or `http` to a loopback host.
    static func allows(_ url: URL?) -> Bool {
        guard let url, let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "https" || (scheme == "http" && LoopbackHost.contains(url.host))
    }

    /// Whether a download that started at `original` follows a redirect to `target` as its `count`th (from 1):
    /// `target` is a URL ``allows(_:)`` accepts, on `original`'s host and port (the scheme's default when none is
    /// written), not from `https` down to `http`, and `count` is at most ``maximumRedirects``.
    static func follows(_ target: URL?, from original: URL, count: Int) -> Bool {
        guard count <= maximumRedirects, let target, allows(target),
            let host = target.host?.lowercased(), host == original.host?.lowercased(),
            port(of: target) == port(of: original)
        else { return false }
        return target.scheme?.lowercased() == "https" || original.scheme?.lowercased() == "http"
    }

    /// `url`'s port, or its scheme's default (443 for https, 80 for http).
    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
#endif
