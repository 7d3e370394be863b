#if Hummingbird
import Hummingbird
import HummingbirdCore
import PasskeyHTTP

extension HTTPServerBuilder {
    /// HTTP/1.1 guarded by `limits`, as `passkey-server` serves: at most
    /// ``PasskeyHTTP/AbuseLimits/maximumConnectionsPerClientAddress`` connections per client address, a request
    /// body that must arrive within ``PasskeyHTTP/AbuseLimits/requestBodyDeadline`` (``ConnectionGuardHandler``),
    /// and Hummingbird's idle timeout of ``PasskeyHTTP/AbuseLimits/idleTimeout`` between requests. A host passes it
    /// as its `Application`'s `server:`, so that a client sending a body a byte at a time cannot hold connections.
    public static func guardedHTTP1(_ limits: AbuseLimits) -> HTTPServerBuilder {
        let connections = ConnectionCounter(
            maximumPerAddress: limits.boundedMaximumConnectionsPerClientAddress,
            clientAddress: ClientAddress(trustedProxies: limits.trustedProxies)
        )
        let bodyDeadline = limits.boundedRequestBodyDeadline.timeAmount
        return .http1(
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [
                    ConnectionGuardHandler(counter: connections, requestBodyDeadline: bodyDeadline)
                ],
                idleTimeout: limits.boundedIdleTimeout.timeAmount
            )
        )
    }
}
#endif
