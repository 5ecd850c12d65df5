import Foundation
import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
import PushService

/// Serves one device's link, an HTTP/2 stream (`POST /device/v1/link`) that stays open:
/// the device's waiting pushes go down the response as lines, in order, and its
/// acknowledgements come up the request. What is sent and not acknowledged when the
/// stream ends is sent again on the device's next link (``DeviceQueue``).
struct DeviceLinkStream: Sendable {
    let endpoint: DeviceEndpoint
    let queues: any DeviceQueueStore
    let links: DeviceLinks
    let now: @Sendable () -> Date

    /// Serves the link whose request head is `fields`; `frames` then holds its body.
    func serve(
        fields: [(name: String, value: String)], frames: inout NIOAsyncChannelInboundStream<HTTP2Frame.FramePayload>.AsyncIterator,
        channel: any Channel, logger: Logger
    ) async {
        let device: RemoteDevice
        do {
            device = try endpoint.authenticate(fields)
        } catch {
            let refusal = (error as? DeviceEndpoint.Refusal) ?? DeviceEndpoint.Refusal.unauthorized
            for frame in refusal.answer.frames(allocator: channel.allocator) { try? await channel.writeAndFlush(frame).get() }
            return
        }
        let link = links.attach(device.identifier)
        do {
            try await queues.disconnected(device: device.identifier)
            let epoch = try await queues.epoch(device: device.identifier)
            let head: HPACKHeaders = [
                ":status": "200", "content-type": "application/x-ndjson", LinkMessage.epochField: epoch,
            ]
            try await channel.writeAndFlush(HTTP2Frame.FramePayload.headers(.init(headers: head))).get()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await send(link, of: device.identifier, on: channel) }
                group.addTask { try await keepAlive(device.identifier) }
                try await receive(&frames, from: device.identifier)
                group.cancelAll()
            }
        } catch {
            logger.debug("link of device \(device.identifier) ended: \(error)")
        }
        channel.close(promise: nil)
        // What this link sent and the device did not acknowledge goes again on the device's
        // next link, or on the newer one that took this one's place (woken for it), which
        // may have taken a push from the store while this one was ending. A push sent twice
        // is shown once: the device skips the numbers it has shown.
        links.detach(device.identifier, id: link.id)
        try? await queues.disconnected(device: device.identifier)
        links.wake(device.identifier)
    }

    /// Writes the device's waiting pushes each time the link is woken, or a keepalive
    /// when there are none; ends when a newer link replaces this one.
    private func send(_ link: DeviceLinks.Link, of device: String, on channel: any Channel) async throws {
        defer { channel.close(promise: nil) }
        for await wake in link.wakes {
            var lines = try await queues.takeUnsentLines(device: device, now: now())
            if lines.isEmpty, case .keepalive = wake { lines = try LinkMessage.line(.keepalive) }
            guard !lines.isEmpty else { continue }
            let frame = HTTP2Frame.FramePayload.data(.init(data: .byteBuffer(channel.allocator.buffer(bytes: lines))))
            try await channel.writeAndFlush(frame).get()
        }
        throw LinkReplaced()
    }

    private func keepAlive(_ device: String) async throws {
        while true {
            try await Task.sleep(for: .seconds(LinkMessage.keepaliveInterval))
            links.wake(device, .keepalive)
        }
    }

    /// Reads the device's acknowledgements until it ends its request or the stream ends.
    private func receive(
        _ frames: inout NIOAsyncChannelInboundStream<HTTP2Frame.FramePayload>.AsyncIterator, from device: String
    ) async throws {
        var buffer = LineBuffer()
        while let frame = try await frames.next() {
            guard case .data(let data) = frame else { continue }
            if case .byteBuffer(let bytes) = data.data {
                for line in try buffer.take(bytes.readableBytesView) {
                    let acknowledgement = try JSONDecoder().decode(LinkMessage.Acknowledgement.self, from: line)
                    try await queues.acknowledge(device: device, through: acknowledgement.ack)
                }
            }
            if data.endStream { return }
        }
    }

    /// A newer link of the same device took this one's place.
    struct LinkReplaced: Error {}
}
