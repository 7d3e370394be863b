#if Hummingbird
import Hummingbird
import HummingbirdAuth
import NIOCore
import PasskeyHTTP

/// The server's request context: Hummingbird's core context with the signed-in session as hummingbird-auth's
/// identity (``SessionAuthenticator`` sets it, ``SessionRequiredMiddleware`` requires it), and the connection's peer
/// address, which the rate limits count requests by (``RateLimitMiddleware``, ``ClientAddress``).
public struct PasskeyRequestContext: AuthRequestContext, RemoteAddressRequestContext {
    /// The core context.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in session, when there is one.
    public var identity: AuthenticatedSession?
    /// The socket's peer; `nil` when the channel has none (an in-process test client).
    public let remoteAddress: SocketAddress?

    /// The context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
        self.identity = nil
        self.remoteAddress = source.channel.remoteAddress
    }
}
#endif
