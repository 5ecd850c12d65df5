import NIOCore

/// Hands each read that TLS decrypted on to HTTP/2 as a buffer of its own, holding just
/// its bytes.
///
/// NIOSSL decrypts into one 32 KiB buffer per connection and passes on a view of it.
/// NIOHTTP2's frame parser keeps the view it was given until the next read (empty, or the
/// start of a frame not yet whole), so at that read NIOSSL finds its buffer shared and
/// copies it: two 32 KiB buffers for each idle connection, where each device on another
/// machine keeps one connection open for its link. A copy the size of the read, made
/// here, leaves NIOSSL's buffer its own (P3 in `Benchmarks/README.md`).
final class PlaintextCopyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let read = unwrapInboundIn(data)
        var copy = context.channel.allocator.buffer(capacity: read.readableBytes)
        copy.writeImmutableBuffer(read)
        context.fireChannelRead(wrapInboundOut(copy))
    }
}
