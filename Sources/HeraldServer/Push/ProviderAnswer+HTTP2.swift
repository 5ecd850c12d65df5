import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import PushService

extension ProviderAnswer {
    /// The answer as HTTP/2 frames: `:status` and `apns-id` (lower-case, as APNs
    /// writes it) on every answer; for a refusal, `content-type: application/json`,
    /// its length and the JSON body.
    func frames(allocator: ByteBufferAllocator) -> [HTTP2Frame.FramePayload] {
        var headers: HPACKHeaders = [":status": String(status), "apns-id": id.uuidString.lowercased()]
        let body = self.body
        guard !body.isEmpty else {
            return [.headers(.init(headers: headers, endStream: true))]
        }
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(body.count))
        return [
            .headers(.init(headers: headers)),
            .data(.init(data: .byteBuffer(allocator.buffer(bytes: body)), endStream: true)),
        ]
    }
}
