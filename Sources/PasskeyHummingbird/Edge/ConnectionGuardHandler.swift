#if Hummingbird
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes
import PasskeyHTTP

/// Guards each HTTP/1 connection (one handler per connection, after the HTTP decoder): at most
/// ``ConnectionCounter/maximumPerAddress`` connections from one peer address are open at once (the connection over
/// the cap is closed as soon as its pipeline is set up; trusted proxies are not counted), and a request whose body has not ended
/// ``requestBodyDeadline`` after its head has its connection closed, so a client that sends half a request cannot
/// hold a descriptor for long. The idle timeout between requests is Hummingbird's (`HTTP1Channel` `idleTimeout`).
package final class ConnectionGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart

    private let counter: ConnectionCounter
    private let requestBodyDeadline: TimeAmount
    private var countedKey: String?
    private var registered = false
    private var deadline: Scheduled<Void>?

    package init(counter: ConnectionCounter, requestBodyDeadline: TimeAmount) {
        self.counter = counter
        self.requestBodyDeadline = requestBodyDeadline
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            register(context)
        }
    }

    package func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: requestBodyDeadline) {
                loopBound.value.close(promise: nil)
            }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    /// Counts the connection under its peer's address, closing it when that address is at its cap.
    private func register(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        guard let peer = context.channel.remoteAddress.flatMap(ClientAddress.address(of:)),
            !counter.clientAddress.isTrusted(peer)
        else { return }
        let key = peer.rateLimitKey
        guard counter.open(key) else {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.eventLoop.execute {
                loopBound.value.close(promise: nil)
            }
            return
        }
        countedKey = key
    }

    private func release() {
        deadline?.cancel()
        deadline = nil
        if let countedKey {
            counter.close(countedKey)
            self.countedKey = nil
        }
    }
}

/// The open connections per peer address, shared by every connection's ``ConnectionGuardHandler``.
package final class ConnectionCounter: Sendable {
    /// The most connections one address may hold.
    let maximumPerAddress: Int
    /// Which peers are trusted proxies (not counted).
    let clientAddress: ClientAddress
    private let counts = NIOLockedValueBox([String: Int]())

    package init(maximumPerAddress: Int, clientAddress: ClientAddress) {
        self.maximumPerAddress = maximumPerAddress
        self.clientAddress = clientAddress
    }

    /// Counts a new connection of `key`; `false` (and nothing counted) when it holds the most already.
    func open(_ key: String) -> Bool {
        counts.withLockedValue { counts in
            let current = counts[key] ?? 0
            guard current < maximumPerAddress else { return false }
            counts[key] = current + 1
            return true
        }
    }

    /// Counts a connection of `key` closed.
    func close(_ key: String) {
        counts.withLockedValue { counts in
            let current = counts[key] ?? 0
            counts[key] = current > 1 ? current - 1 : nil
        }
    }

    /// The connections open from `key`.
    func count(_ key: String) -> Int {
        counts.withLockedValue { $0[key] ?? 0 }
    }
}
#endif
