import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, with a ``ConnectionGuard``
/// on every connection: timeouts, 400 for what cannot be parsed, and the router's own
/// answer to a refused upgrade. Each connection is first counted in the
/// ``ConnectionTable``; one it refuses is closed as soon as it is active, with nothing
/// read from it and nothing written.
struct GuardedHTTPChannel: ServerChildChannel {
    enum Value: ServerChildChannelValue {
        case admitted(HTTP1WebSocketUpgradeChannel.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .admitted(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    let inner: HTTP1WebSocketUpgradeChannel
    let timeouts: ConnectionTimeouts
    let refusals: UpgradeRefusals
    let connections: ConnectionTable

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard let slot = connections.admit(channel) else {
            // Failing the setup would end the server's accept loop: the connection is
            // closed by a handler of its own instead.
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RefusedConnectionHandler())
                return .refused(channel)
            }
        }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let arrivals = ByteArrivalHandler()
            let refusal = refusals.open(channel)
            try pipeline.addHandler(arrivals, position: .first)
            try pipeline.addHandler(
                ConnectionGuard(timeouts: timeouts, arrivals: arrivals, refusal: refusal, slot: slot),
                position: .after(decoder))
            return .admitted(value)
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard case .admitted(let value) = value else { return }
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection the ``ConnectionTable`` refused as soon as it is active.
final class RefusedConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { context.close(promise: nil) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

/// Where a route's refusal of a WebSocket upgrade waits for its connection's
/// ``ConnectionGuard``: one ``UpgradeRefusal`` per open connection.
final class UpgradeRefusals: Sendable {
    private let byChannel = Mutex<[ObjectIdentifier: UpgradeRefusal]>([:])

    /// The refusal slot of a new connection, forgotten when it closes.
    func open(_ channel: any Channel) -> UpgradeRefusal {
        let key = ObjectIdentifier(channel)
        let refusal = UpgradeRefusal()
        byChannel.withLock { $0[key] = refusal }
        channel.closeFuture.whenComplete { [self] _ in
            _ = byChannel.withLock { $0.removeValue(forKey: key) }
        }
        return refusal
    }

    /// The refusal slot of `channel`'s connection, while it is open.
    func refusal(for channel: any Channel) -> UpgradeRefusal? {
        byChannel.withLock { $0[ObjectIdentifier(channel)] }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades through `router`, every connection guarded by a
    /// ``ConnectionGuard`` with `timeouts`, and counted in `connections`.
    static func guardedHTTP1WebSocketUpgrade(
        webSocketRouter router: Router<HeraldRequestContext>, timeouts: ConnectionTimeouts, refusals: UpgradeRefusals,
        connections: ConnectionTable
    ) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedHTTPChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: .init()),
                timeouts: timeouts, refusals: refusals, connections: connections)
        }
    }
}
