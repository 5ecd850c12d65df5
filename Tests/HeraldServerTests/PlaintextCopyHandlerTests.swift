@testable import HeraldServer
import NIOCore
import NIOEmbedded
import Testing

/// What TLS decrypted reaches HTTP/2 as a buffer of its own, so the TLS handler's read
/// buffer is not kept by the frame parser between reads (P3, `Benchmarks/README.md`).
@Suite("Reads copied out of the TLS handler's buffer")
struct PlaintextCopyHandlerTests {
    @Test("each read goes on with the same bytes, in a buffer of about their size", arguments: [0, 1, 9, 4_096, 16_384])
    func copies(size: Int) throws {
        let channel = EmbeddedChannel(handler: PlaintextCopyHandler())
        // A view of a larger buffer, as NIOSSL passes on a view of its 32 KiB one.
        var decrypted = channel.allocator.buffer(capacity: 32_768)
        decrypted.writeBytes((0..<size).map { UInt8(truncatingIfNeeded: $0) })
        try channel.writeInbound(decrypted)
        let passed = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(passed == decrypted)
        #expect(passed.capacity < 2 * max(size, 1), "about their size, not the 32 KiB of the buffer they came from")
        #expect(try channel.finish().isClean)
    }
}
