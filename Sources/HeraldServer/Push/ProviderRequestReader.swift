import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import PushService

/// Gathers one HTTP/2 stream's frames into a ``ProviderRequest``: the header block,
/// then the body up to ``ProviderRequest/maximumBodyBytes`` and no further. Pure: the
/// stream handler feeds it frames and acts on what it says.
struct ProviderRequestReader {
    /// What the stream handler does after a frame.
    enum Step: Equatable {
        /// Read the next frame.
        case more
        /// The client ended its request: answer it.
        case complete
        /// The body went past the limit: answer with what was read (one byte over the
        /// limit) and read no more of it.
        case bodyTooLarge
    }

    private var method = ""
    private var path = ""
    private var fields: [(name: String, value: String)] = []
    private var body = Data()
    private var sawHeaders = false

    /// The request read so far; the body at most one byte over the payload limit.
    var request: ProviderRequest {
        ProviderRequest(method: method, path: path, fields: fields, body: body)
    }

    /// Takes one frame of the stream. NIOHTTP2 has checked the header block already
    /// (pseudo-header fields first and once each, lower-case names, `:method` and
    /// `:path` present), so this only reads it.
    mutating func read(_ payload: HTTP2Frame.FramePayload) -> Step {
        switch payload {
        case .headers(let headers):
            if !sawHeaders { take(headers.headers) }
            return headers.endStream ? .complete : .more
        case .data(let data):
            guard case .byteBuffer(let buffer) = data.data else { return data.endStream ? .complete : .more }
            if append(buffer) { return .bodyTooLarge }
            return data.endStream ? .complete : .more
        default:
            return .more
        }
    }

    /// The request's header block; trailers, if a client sends them, are ignored.
    private mutating func take(_ headers: HPACKHeaders) {
        sawHeaders = true
        for (name, value, _) in headers {
            switch name {
            case ":method": method = value
            case ":path": path = value
            case let pseudo where pseudo.hasPrefix(":"): continue
            default: fields.append((name: name, value: value))
            }
        }
    }

    /// Appends what fits under the limit plus one byte; `true` once past the limit.
    private mutating func append(_ buffer: ByteBuffer) -> Bool {
        let room = ProviderRequest.maximumBodyBytes - body.count
        body.append(contentsOf: buffer.readableBytesView.prefix(room))
        return buffer.readableBytes > room || body.count > ProviderRequest.maximumPayloadBytes
    }
}
