#if Hummingbird
import Foundation
import Logging
import PasskeySignInWithApple
import PasskeyVerifier

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads Apple's identity-token keys (`https://appleid.apple.com/auth/keys`, a JSON Web Key Set, RFC 7517 §5)
/// and keeps them for as long as the response's `Cache-Control: max-age` says (RFC 9111 §5.2.2), between
/// ``minimumLifetime`` and ``maximumLifetime``.
///
/// - One download at a time: callers that find the set stale while a download is running wait for that download
///   instead of starting their own.
/// - A refresh asked for because a token named an unknown `kid` happens at most once per ``minimumLifetime``.
/// - A failed download (network, status, or document) is remembered: no new download is tried before a backoff
///   that starts at ``initialBackoff`` and doubles with each consecutive failure up to ``maximumBackoff``; callers
///   meanwhile get the kept set or, without one, ``AppleKeySetUnavailable`` at once.
/// - While refreshes fail, the kept set is used for at most ``maximumStaleness`` after it expired; then the fetcher
///   answers ``AppleKeySetUnavailable`` until a download succeeds (Apple may have withdrawn a key for a reason).
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
    /// The wait after a first failed download, 5 s.
    public static let initialBackoff: TimeInterval = 5
    /// The longest wait between failed downloads, 300 s.
    public static let maximumBackoff: TimeInterval = 300
    /// How long past its expiry a kept set is still used while refreshes fail, one day.
    public static let maximumStaleness: TimeInterval = 86_400

    /// Where the set is downloaded from.
    public let url: URL
    private let session: URLSession
    private let logger: Logger
    private var cached: (keySet: JSONWebKeySet, fetchedAt: Date, expiresAt: Date)?
    private var inFlight: Task<(JSONWebKeySet, TimeInterval), any Error>?
    private var consecutiveFailures = 0
    private var retryAfter: Date?
    private var lastFailure = ""
    /// How many downloads were started, for tests and logs.
    public private(set) var downloadsStarted = 0

    /// A fetcher of `url`.
    public init(url: URL, logger: Logger = Logger(label: "passkey-server.apple-keys")) {
        self.url = url
        self.logger = logger
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.timeout
        configuration.timeoutIntervalForResource = Self.timeout
        self.session = URLSession(configuration: configuration)
    }

    /// The cached set while it is fresh (or, with `refresh`, refreshed within ``minimumLifetime``); otherwise the
    /// result of the running download or of a new one, unless a failure's backoff is still running.
    public func keySet(refresh: Bool) async throws -> JSONWebKeySet {
        let now = Date()
        if let cached {
            let isFresh = now < cached.expiresAt
            let isRecent = now.timeIntervalSince(cached.fetchedAt) < Self.minimumLifetime
            if (isFresh && !refresh) || isRecent {
                return cached.keySet
            }
        }
        if inFlight == nil, let retryAfter, now < retryAfter {
            return try fallback(at: now)
        }
        let task: Task<(JSONWebKeySet, TimeInterval), any Error>
        if let inFlight {
            task = inFlight
        } else {
            downloadsStarted += 1
            task = Task { try await self.download() }
            inFlight = task
        }
        do {
            let (keySet, lifetime) = try await task.value
            if inFlight == task {
                inFlight = nil
                let fetchedAt = Date()
                cached = (keySet, fetchedAt, fetchedAt.addingTimeInterval(lifetime))
                consecutiveFailures = 0
                retryAfter = nil
            }
            return keySet
        } catch {
            if inFlight == task {
                inFlight = nil
                consecutiveFailures = min(consecutiveFailures + 1, 16)
                let backoff = min(
                    Self.initialBackoff * Double(1 << (consecutiveFailures - 1)),
                    Self.maximumBackoff
                )
                retryAfter = Date().addingTimeInterval(backoff)
                lastFailure = "\(error)"
                logger.warning(
                    "Apple's keys cannot be downloaded; no new download for \(Int(backoff)) s",
                    metadata: [
                        "url": "\(url)", "error": "\(LogText.escaped(String(describing: error), maximumBytes: 1024))",
                        "failures": "\(consecutiveFailures)",
                    ]
                )
            }
            return try fallback(at: Date())
        }
    }

    /// The kept set while it is at most ``maximumStaleness`` past its expiry; ``AppleKeySetUnavailable`` otherwise.
    private func fallback(at now: Date) throws -> JSONWebKeySet {
        guard let cached, now < cached.expiresAt.addingTimeInterval(Self.maximumStaleness) else {
            throw AppleKeySetUnavailable("Apple's keys cannot be fetched from \(url): \(lastFailure)")
        }
        return cached.keySet
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
#endif
