import Foundation
import Logging
import PasskeyVerifier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads Apple's identity-token keys (`https://appleid.apple.com/auth/keys`, a JSON Web Key Set, RFC 7517 §5)
/// and keeps them for as long as the response's `Cache-Control: max-age` says (RFC 9111 §5.2.2), between
/// ``minimumLifetime`` and ``maximumLifetime``.
///
/// A refresh asked for because a token named an unknown `kid` happens at most once per ``minimumLifetime``. When a
/// download or its document fails and an earlier set is cached, the earlier set is kept (and the failure logged);
/// with nothing cached the failure is ``AppleKeySetUnavailable``.
public actor AppleKeySetFetcher: AppleKeySetSource {
    /// Apple's key set.
    public static let appleKeysURL = "https://appleid.apple.com/auth/keys"
    /// The shortest time a set is kept, 60 s: also for `no-store`, `no-cache` or no `Cache-Control` at all, so a
    /// burst of sign-ins makes one download, not one per token.
    public static let minimumLifetime: TimeInterval = 60
    /// The longest time a set is kept, one day, whatever `max-age` says.
    public static let maximumLifetime: TimeInterval = 86_400
    /// How long a download may take.
    public static let timeout: TimeInterval = 10

    /// Where the set is downloaded from.
    public let url: URL
    private let session: URLSession
    private let logger: Logger
    private var cached: (keySet: JSONWebKeySet, fetchedAt: Date, expiresAt: Date)?

    /// A fetcher of `url`.
    public init(url: URL, logger: Logger = Logger(label: "passkey-server.apple-keys")) {
        self.url = url
        self.logger = logger
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.timeout
        configuration.timeoutIntervalForResource = Self.timeout
        self.session = URLSession(configuration: configuration)
    }

    /// The cached set while it is fresh (or, with `refresh`, refreshed within ``minimumLifetime``), a new download
    /// otherwise.
    public func keySet(refresh: Bool) async throws -> JSONWebKeySet {
        let now = Date()
        if let cached {
            let isFresh = now < cached.expiresAt
            let isRecent = now.timeIntervalSince(cached.fetchedAt) < Self.minimumLifetime
            if (isFresh && !refresh) || isRecent {
                return cached.keySet
            }
        }
        do {
            let (keySet, lifetime) = try await download()
            cached = (keySet, now, now.addingTimeInterval(lifetime))
            return keySet
        } catch {
            guard let cached else {
                throw AppleKeySetUnavailable("Apple's keys cannot be fetched from \(url): \(error)")
            }
            logger.warning(
                "Apple's keys cannot be refreshed; the cached set is kept",
                metadata: ["url": "\(url)", "error": "\(error)"]
            )
            return cached.keySet
        }
    }

    /// The set at ``url`` and how long to keep it.
    private func download() async throws -> (JSONWebKeySet, TimeInterval) {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw AppleKeySetUnavailable(
                "\(url) answered \((response as? HTTPURLResponse)?.statusCode ?? 0), not 200"
            )
        }
        let keySet = try JSONWebKeySet(json: Array(data))
        let maxAge = CacheControlMaxAge.seconds(in: http.value(forHTTPHeaderField: "Cache-Control")) ?? 0
        return (keySet, min(max(TimeInterval(maxAge), Self.minimumLifetime), Self.maximumLifetime))
    }
}
