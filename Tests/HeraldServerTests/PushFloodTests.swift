import Foundation
@testable import HeraldServer
import NIOCore
import PushService
import Testing

@Suite("The provider API's listener against HTTP/2 floods and silent clients")
struct PushFloodTests {
    /// The listener's port.
    static func port(_ listener: PushListenerHarness) throws -> Int {
        try #require(URL(string: listener.running.url)?.port)
    }

    /// A connection that has sent the preface, an empty SETTINGS and `frames`.
    static func connection(_ listener: PushListenerHarness, sending frames: [UInt8]) throws -> RawHTTP {
        let connection = try RawHTTP(port: try port(listener), timeout: .seconds(60))
        try connection.send(bytes: HTTP2Frames.preface + HTTP2Frames.frame(.settings) + frames)
        return connection
    }

    /// 300 requests each cancelled at once.
    static let rapidReset: [UInt8] = (0..<UInt32(300)).flatMap { index -> [UInt8] in
        let stream = 2 * index + 1
        return HTTP2Frames.request(stream: stream, endStream: false) + HTTP2Frames.cancel(stream: stream)
    }
    static let pingFlood: [UInt8] = (0..<300).flatMap { _ -> [UInt8] in
        HTTP2Frames.frame(.ping, [UInt8](repeating: 7, count: 8))
    }
    static let settingsFlood: [UInt8] = (0..<300).flatMap { _ -> [UInt8] in HTTP2Frames.frame(.settings) }

    /// What a flood of 300 such frames (or pairs) gets: GOAWAY with an error, then
    /// the connection closed. A control row of one request shows the same reading sees
    /// an answer and no GOAWAY.
    @Test(
        "rapid reset (CVE-2023-44487), PING and SETTINGS floods are cut off with GOAWAY and a closed connection",
        arguments: [("rapid reset", rapidReset), ("PING flood", pingFlood), ("SETTINGS flood", settingsFlood)])
    func flood(name: String, frames: [UInt8]) async throws {
        try await PushListenerHarness.with(.plaintext) { listener in
            let connection = try Self.connection(listener, sending: frames)
            let (bytes, closed) = await connection.readUntilClosed()
            let error = HTTP2Frames.goAwayError(in: bytes)
            #expect(error != nil && error != 0, "\(name): GOAWAY error \(String(describing: error))")
            #expect(closed, "\(name): the connection stayed open")
        }
    }

    @Test("a well-behaved request on the same reading gets its answer and no GOAWAY")
    func control() async throws {
        try await PushListenerHarness.with(.plaintext) { listener in
            let connection = try Self.connection(listener, sending: HTTP2Frames.request(stream: 1, endStream: true))
            let (bytes, _) = await connection.readUntilClosed { bytes in
                HTTP2Frames.parse(bytes).contains { $0.kind == HTTP2Frames.Kind.headers.rawValue && $0.stream == 1 }
            }
            #expect(HTTP2Frames.parse(bytes).contains { $0.kind == HTTP2Frames.Kind.headers.rawValue && $0.stream == 1 })
            #expect(HTTP2Frames.goAwayError(in: bytes) == nil)
            #expect(listener.endpoint.requests.map(\.path) == ["/"])
        }
    }

    @Test("a stream that never finishes its request is reset, and the connection serves on")
    func unfinishedRequest() async throws {
        var limits = PushLimits()
        limits.requestTimeout = .milliseconds(200)
        try await PushListenerHarness.with(.plaintext, limits: limits) { listener in
            let connection = try Self.connection(listener, sending: HTTP2Frames.request(stream: 1, endStream: false))
            let reset: @Sendable ([UInt8]) -> Bool = { bytes in
                HTTP2Frames.parse(bytes).contains { $0.kind == HTTP2Frames.Kind.rstStream.rawValue && $0.stream == 1 }
            }
            let (bytes, closed) = await connection.readUntilClosed(enough: reset)
            #expect(reset(bytes) && !closed)
            #expect(HTTP2Frames.goAwayError(in: bytes) == nil)
            #expect(listener.endpoint.requests.isEmpty)
        }
    }

    /// The connection manager's idle timer and the backstop run on the connection's
    /// event loop, the shorter first: GOAWAY, then (the client acknowledges no PING)
    /// the backstop closes it.
    @Test("a connection left idle gets GOAWAY, and is closed though it acknowledges nothing")
    func idleConnection() async throws {
        var limits = PushLimits()
        limits.idleTimeout = .milliseconds(200)
        // The backstop is armed when the connection is accepted, the idle timer when HTTP/2 is
        // set up on it: a loaded machine can start the second hundreds of milliseconds after the
        // first, so the grace period leaves the idle timer seconds to go first.
        limits.gracePeriod = .seconds(5)
        try await PushListenerHarness.with(.plaintext, limits: limits) { listener in
            let connection = try Self.connection(listener, sending: [])
            let (bytes, closed) = await connection.readUntilClosed()
            #expect(HTTP2Frames.goAwayError(in: bytes) == 0, "GOAWAY with NO_ERROR")
            #expect(closed)
        }
    }
}
