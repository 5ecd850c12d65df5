import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NIOCore
import PushService
import Synchronization
import Testing

/// A provider API listener on a free loopback port, with a small endpoint of its own
/// that records what it read and answers as the test says.
struct PushListenerHarness {
    let running: PushListener.Running
    let endpoint: RecordingEndpoint
    let scratch: URL

    /// The listener's address with `path`.
    func url(_ path: String) -> String { running.url + path }

    /// A certificate made as at a daemon's first start, in a directory of its own.
    static func identity() throws -> PushIdentity {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try PushIdentity.stored(in: try DataDirectory(url: directory), serving: "127.0.0.1", now: Date())
    }

    /// Starts a listener, runs `body` against it, and stops it.
    static func with(
        _ transport: PushListener.Transport, limits: PushLimits = PushLimits(),
        endpoint: RecordingEndpoint = RecordingEndpoint(),
        _ body: (PushListenerHarness) async throws -> Void
    ) async throws {
        let scratch = try TemporaryDirectory()
        try #require(try await Curl.speaksHTTP2(scratch: scratch.url), "this machine's curl has no HTTP/2")
        let (started, continuation) = AsyncStream.makeStream(of: PushListener.Running.self)
        let listener = try PushListener(
            host: "127.0.0.1", port: 0, transport: transport, limits: limits,
            connections: ConnectionTable(limits: ConnectionLimits()), endpoint: { await endpoint.answer($0) },
            onRunning: { continuation.yield($0) })
        let serving = Task { try await listener.run() }
        defer { serving.cancel() }
        var iterator = started.makeAsyncIterator()
        let running = try #require(await iterator.next())
        try await body(PushListenerHarness(running: running, endpoint: endpoint, scratch: scratch.url))
        serving.cancel()
        _ = await serving.result
    }
}

/// An endpoint for tests: records each request, answers 200 with the `apns-id` it
/// was sent (or a new one), or 413 `PayloadTooLarge` for a body over the limit; can
/// hold its answers until enough requests are in flight at once.
final class RecordingEndpoint: Sendable {
    private struct State {
        var requests: [ProviderRequest] = []
        var inFlight = 0
        var peak = 0
        var answered = 0
        var peakOnceAnswering = 0
    }

    private let state = Mutex(State())
    /// Answers wait until this many requests are in flight at once (or 60 s pass).
    let holdUntil: Int

    init(holdUntil: Int = 0) {
        self.holdUntil = holdUntil
    }

    var requests: [ProviderRequest] { state.withLock { $0.requests } }
    /// The most requests that were in flight at once.
    var peak: Int { state.withLock { $0.peak } }
    /// The most in flight at once as a request arrived after the first answer was given: by
    /// then the client has the listener's SETTINGS, which streams it opened before it read
    /// them need not keep to (RFC 9113 §6.5.2).
    var peakOnceAnswering: Int { state.withLock { $0.peakOnceAnswering } }

    func answer(_ request: ProviderRequest) async -> ProviderAnswer {
        state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.peak = max(state.peak, state.inFlight)
            if state.answered > 0 { state.peakOnceAnswering = max(state.peakOnceAnswering, state.inFlight) }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while peak < holdUntil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        state.withLock { state in
            state.inFlight -= 1
            state.answered += 1
        }
        let sent = request.fields.first { $0.name == "apns-id" }.flatMap { UUID(uuidString: $0.value) }
        guard request.body.count <= ProviderRequest.maximumPayloadBytes else {
            return .refused(APNsRefusal(.payloadTooLarge, "\(request.body.count) bytes"), id: sent ?? UUID())
        }
        return .accepted(sent ?? UUID())
    }
}
