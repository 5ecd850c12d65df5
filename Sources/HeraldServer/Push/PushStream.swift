import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
public import PushService

/// What answers the provider API: one request in, its answer out. The daemon's
/// ``HeraldDaemon/makeProviderEndpoint()`` makes the one it serves.
public typealias ProviderResponder = @Sendable (ProviderRequest) async -> ProviderAnswer

/// One HTTP/2 stream of the provider API: reads its request (the body no further than
/// the limit), hands it to the endpoint and writes the answer.
struct PushStream {
    typealias Channel = NIOAsyncChannel<HTTP2Frame.FramePayload, HTTP2Frame.FramePayload>

    let endpoint: ProviderResponder
    /// How long a stream may take to send its whole request.
    let requestTimeout: TimeAmount
    /// What serves the links of devices on other machines; `nil` where none is served.
    var link: DeviceLinkStream? = nil

    /// Wraps a new stream's channel for ``handle(_:)``.
    static func wrap(_ channel: any NIOCore.Channel) throws -> Channel {
        try Channel(wrappingChannelSynchronously: channel)
    }

    /// Answers the stream's request. A stream that ends or is reset before its request
    /// is complete gets no answer; one whose request takes longer than
    /// ``requestTimeout`` is reset (`CANCEL`). A body over the limit is answered at
    /// once and the rest of it never read, let alone kept (``refuseRest(of:)``).
    func handle(_ stream: Channel, logger: Logger) async {
        let channel = stream.channel
        let deadline = channel.eventLoop.scheduleTask(in: requestTimeout) { channel.close(promise: nil) }
        do {
            try await stream.executeThenClose { inbound, _ in
                var frames = inbound.makeAsyncIterator()
                guard let first = try await frames.next() else { return }
                // A device's link stays open: it is served as a stream, not read as one request.
                // Any other method on its path is answered by the device API (405).
                if let link, case .headers(let head) = first, head.headers.first(name: ":path") == DeviceEndpoint.linkPath,
                    head.headers.first(name: ":method") == "POST"
                {
                    deadline.cancel()
                    var reader = ProviderRequestReader()
                    _ = reader.read(first)
                    await link.serve(fields: reader.request.fields, frames: &frames, channel: channel, logger: logger)
                    return
                }
                guard let (request, step) = try await read(first, then: &frames) else { return }
                deadline.cancel()
                let answer = await endpoint(request)
                // Each frame written before the next: RST_STREAM is not flow-controlled,
                // and would otherwise overtake the answer's DATA still waiting for window.
                for frame in answer.frames(allocator: channel.allocator) {
                    try await channel.writeAndFlush(frame).get()
                }
                if step == .bodyTooLarge { await refuseRest(of: channel) }
            }
        } catch {
            logger.trace("provider API stream ended: \(error)")
        }
        deadline.cancel()
    }

    /// How long a client whose body went past the limit has to read the answer and
    /// stop before its stream is reset.
    static let resetDelay: TimeAmount = .seconds(1)

    /// Refuses the rest of a body over the limit without reading it: flow control holds
    /// the client to the little it may still send. A client that has read the answer
    /// stops and resets its stream itself (curl does); one that does not within
    /// ``resetDelay`` has it reset with `NO_ERROR` (RFC 9113 §8.1). Reset at once, a
    /// client may take the reset before it has read the answer (curl 7.88 does).
    private func refuseRest(of channel: any NIOCore.Channel) async {
        let reset = channel.eventLoop.scheduleTask(in: Self.resetDelay) {
            channel.writeAndFlush(HTTP2Frame.FramePayload.rstStream(.noError), promise: nil)
        }
        try? await channel.closeFuture.get()
        reset.cancel()
    }

    /// The request, and whether it ended or went past the body limit; `nil` when the
    /// stream ended first.
    private func read(
        _ first: HTTP2Frame.FramePayload, then frames: inout NIOAsyncChannelInboundStream<HTTP2Frame.FramePayload>.AsyncIterator
    ) async throws -> (ProviderRequest, ProviderRequestReader.Step)? {
        var reader = ProviderRequestReader()
        var step = reader.read(first)
        while step == .more {
            guard let frame = try await frames.next() else { return nil }
            step = reader.read(frame)
        }
        return (reader.request, step)
    }
}
