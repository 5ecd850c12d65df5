import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP2
import NIOSSL

/// One connection to the provider API: TLS offering only `h2` (or plaintext HTTP/2
/// with prior knowledge), HTTP/2 with ``PushLimits``, and a ``PushStream`` per stream.
///
/// Each connection is first counted in the listener's ``ConnectionTable``, apart from the
/// HTTP API's (``PushListenerConfiguration/connectionLimits``): busy while it has a stream
/// open (a device's link is one), waiting for its client otherwise, so idle HTTP/2
/// connections are the first closed to make room (``PushConnectionActivity``).
struct PushChannel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        /// The connection's streams; `nil` for a connection the table refused.
        let streams: NIOHTTP2Handler.AsyncStreamMultiplexer<PushStream.Channel>?
        let activity: PushConnectionActivity?
        let channel: any Channel
    }

    /// The server's TLS context; `nil` for plaintext HTTP/2.
    let tls: NIOSSLContext?
    let limits: PushLimits
    let connections: ConnectionTable
    let stream: PushStream

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            guard let slot = connections.admit(channel) else {
                try pipeline.addHandler(RefusedConnectionHandler())
                return Value(streams: nil, activity: nil, channel: channel)
            }
            try pipeline.addHandler(PushClosingHandler())
            if let tls {
                try pipeline.addHandler(NIOSSLServerHandler(context: tls))
                try pipeline.addHandler(PlaintextCopyHandler())
            }
            let streams = try pipeline.configureAsyncHTTP2Pipeline(
                mode: .server, connectionManagerConfiguration: limits.connectionManagement,
                http2HandlerConfiguration: limits.http2Configuration
            ) { stream in
                stream.eventLoop.makeCompletedFuture { try PushStream.wrap(stream) }
            }
            try pipeline.addHandler(PushErrorHandler())
            let activity = PushConnectionActivity(
                slot: slot, channel: channel, idleLimit: limits.idleTimeout + limits.gracePeriod)
            return Value(streams: streams, activity: activity, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let streams = value.streams, let activity = value.activity else { return }
        do {
            try await withThrowingDiscardingTaskGroup { group in
                for try await channel in streams.inbound {
                    activity.begin()
                    group.addTask {
                        await stream.handle(channel, logger: logger)
                        activity.end()
                    }
                }
            }
        } catch {
            logger.debug("provider API connection ended: \(error)")
        }
    }
}
