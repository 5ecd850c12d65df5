import Foundation
@testable import HeraldServer
import NIOCore
import NIOHPACK
import NIOHTTP2
import PushService
import Testing

@Suite("Reading a provider API stream into a request")
struct ProviderRequestReaderTests {
    static let head: HPACKHeaders = [
        ":method": "POST", ":scheme": "https", ":path": "/3/device/ab", ":authority": "push.example.org",
        "apns-topic": "com.example.app", "apns-id": "x", "apns-topic": "again",
    ]

    static func headers(endStream: Bool) -> HTTP2Frame.FramePayload {
        .headers(.init(headers: head, endStream: endStream))
    }

    static func data(_ count: Int, endStream: Bool = false) -> HTTP2Frame.FramePayload {
        .data(.init(data: .byteBuffer(ByteBuffer(repeating: UInt8(ascii: "a"), count: count)), endStream: endStream))
    }

    /// Frames in, the step after each and the body's length at the end.
    @Test(
        "steps and body",
        arguments: [
            ([headers(endStream: true)], [ProviderRequestReader.Step.complete], 0),
            ([headers(endStream: false), data(10, endStream: true)], [.more, .complete], 10),
            ([headers(endStream: false), data(10), data(0, endStream: true)], [.more, .more, .complete], 10),
            ([headers(endStream: false), data(4_096, endStream: true)], [.more, .complete], 4_096),
            ([headers(endStream: false), data(4_097, endStream: true)], [.more, .bodyTooLarge], 4_097),
            ([headers(endStream: false), data(4_000), data(4_000)], [.more, .more, .bodyTooLarge], 4_097),
            ([headers(endStream: false), data(16_384)], [.more, .bodyTooLarge], 4_097),
            ([headers(endStream: false), data(5), headers(endStream: true)], [.more, .more, .complete], 5),
        ])
    func steps(frames: [HTTP2Frame.FramePayload], expected: [ProviderRequestReader.Step], bodyBytes: Int) {
        var reader = ProviderRequestReader()
        #expect(frames.map { reader.read($0) } == expected)
        #expect(reader.request.body.count == bodyBytes)
    }

    @Test("the head: method and path from the pseudo-header fields, every other field in order, trailers ignored")
    func head() {
        var reader = ProviderRequestReader()
        _ = reader.read(Self.headers(endStream: false))
        _ = reader.read(.headers(.init(headers: ["apns-topic": "trailer"], endStream: true)))
        let request = reader.request
        #expect(request.method == "POST")
        #expect(request.path == "/3/device/ab")
        #expect(request.fields.map(\.name) == ["apns-topic", "apns-id", "apns-topic"])
        #expect(request.fields.map(\.value) == ["com.example.app", "x", "again"])
    }

    @Test("an answer's frames: apns-id on every one, content-type and the JSON only with a body")
    func answerFrames() throws {
        let id = UUID()
        let accepted = ProviderAnswer.accepted(id).frames(allocator: ByteBufferAllocator())
        guard case .headers(let head) = try #require(accepted.first) else { Issue.record("no headers"); return }
        #expect(accepted.count == 1 && head.endStream)
        #expect(head.headers[":status"] == ["200"] && head.headers["apns-id"] == [id.uuidString.lowercased()])
        #expect(head.headers["content-type"].isEmpty)
        let refused = ProviderAnswer.refused(APNsRefusal(.badPath, "none"), id: id).frames(allocator: ByteBufferAllocator())
        guard case .headers(let refusedHead) = refused[0], case .data(let body) = refused[1],
            case .byteBuffer(let bytes) = body.data
        else { Issue.record("not headers then data: \(refused)"); return }
        #expect(refusedHead.headers[":status"] == ["404"] && !refusedHead.endStream && body.endStream)
        #expect(refusedHead.headers["content-type"] == ["application/json"])
        #expect(refusedHead.headers["content-length"] == [String(bytes.readableBytes)])
        #expect(String(buffer: bytes) == #"{"reason":"BadPath"}"#)
    }
}
