import Logging
import NIOCore
import NIOHTTP2

/// Closes a provider API connection that the ``ConnectionTable`` closes to make room
/// for another.
final class PushClosingHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ConnectionTable.Closing {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// Closes a provider API connection after a connection error: NIOHTTP2 has sent
/// GOAWAY (a header block over the limit, a flood of resets or PINGs, a broken
/// frame) and reports the error here, at the end of the connection's pipeline.
final class PushErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        Logger(label: "herald.push").debug("closing a provider API connection: \(error)")
        context.close(promise: nil)
    }
}
