import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, with a ``ConnectionGuard``
/// on every connection: timeouts, 400 for what cannot be parsed, and the router's own
/// answer to a refused upgrade.
struct GuardedHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let timeouts: ConnectionTimeouts
    let refusals: UpgradeRefusals

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let arrivals = ByteArrivalHandler()
            let refusal = refusals.open(channel)
            try pipeline.addHandler(arrivals, position: .first)
            try pipeline.addHandler(
                ConnectionGuard(timeouts: timeouts, arrivals: arrivals, refusal: refusal), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
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
    /// ``ConnectionGuard`` with `timeouts`.
    static func guardedHTTP1WebSocketUpgrade(
        webSocketRouter router: Router<HeraldRequestContext>, timeouts: ConnectionTimeouts, refusals: UpgradeRefusals
    ) -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedHTTPChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: .init()),
                timeouts: timeouts, refusals: refusals)
        }
    }
}
