import Foundation
@testable import HeraldServer
import NotificationEngine
import Signals
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The webhook retry schedule on a virtual clock: each attempt is answered by a scripted
/// transport, and the test moves time itself. Nothing sleeps.
@Suite("Webhook retries in virtual time", .timeLimit(.minutes(1)))
struct WebhookRetryTests {
    /// Answers each attempt with the next scripted status (or throws for `nil`), records the
    /// virtual time of each attempt, and announces it.
    final class ScriptedTransport: WebhookTransport {
        struct NetworkDown: Error {}

        private let script: Mutex<[Int?]>
        private let scheduler: TestScheduler
        let times = Mutex<[Date]>([])
        let attempts: AsyncStream<Date>
        private let announce: AsyncStream<Date>.Continuation

        init(_ script: [Int?], scheduler: TestScheduler) {
            self.script = Mutex(script)
            self.scheduler = scheduler
            (attempts, announce) = AsyncStream.makeStream(of: Date.self)
        }

        func send(_ request: URLRequest) async throws -> Int {
            let now = scheduler.now
            times.withLock { $0.append(now) }
            let answer = script.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            announce.yield(now)
            guard let answer else { throw NetworkDown() }
            return answer
        }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let scheduler = TestScheduler(startDate: Self.start)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-retry-\(UUID().uuidString)")
    let registry: AppRegistry
    let outbox: WebhookOutbox

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        registry = try AppRegistry(file: directory.appendingPathComponent("apps.json"))
        _ = try registry.register(
            "com.example.hooked", name: "Hooked", webhookURL: URL(string: "http://127.0.0.1:9/hook"), now: Self.start)
        outbox = try WebhookOutbox(path: directory.appendingPathComponent("webhooks.sqlite").path, now: Self.start)
    }

    private func presenter(_ transport: ScriptedTransport, delays: [TimeInterval]) -> WebhookPresenter {
        WebhookPresenter(
            registry: registry, outbox: outbox, retryDelays: delays.map { .milliseconds(Int($0 * 1000)) },
            scheduler: scheduler, transport: transport)
    }

    private func post() throws -> WebhookOutbox.Post {
        try #require(try outbox.enqueue(type: "delivered", delivery: "d1", app: "com.example.hooked", now: scheduler.now) { _ in
            Data("{}".utf8)
        })
    }

    /// Waits for the transport's next attempt and returns its virtual time.
    private func nextAttempt(_ attempts: inout AsyncStream<Date>.Iterator) async throws -> Date {
        try #require(await attempts.next())
    }

    @Test("A new post read back from the outbox goes at once, though its time read back lies just after now")
    func firstAttemptAtOnce() async throws {
        let transport = ScriptedTransport([200], scheduler: scheduler)
        let webhooks = presenter(transport, delays: [1])
        let recorded = try post()
        let owed = WebhookOutbox.Post(
            id: recorded.id, type: recorded.type, delivery: recorded.delivery, app: recorded.app, body: recorded.body,
            attempts: 0, updated: scheduler.now.addingTimeInterval(1e-6))  // what a Double round trip can do
        #expect(await webhooks.send(owed) == .accepted(attempt: 1))
        #expect(transport.times.withLock { $0 } == [Self.start])
    }

    @Test("A failed post is retried after each delay, measured from the attempt before, until one succeeds")
    func backoffThenSuccess() async throws {
        let transport = ScriptedTransport([503, nil, 429, 200], scheduler: scheduler)
        let webhooks = presenter(transport, delays: [1, 2, 4, 8])
        let owed = try post()
        let sending = Task { await webhooks.send(owed) }
        var attempts = transport.attempts.makeAsyncIterator()

        #expect(try await nextAttempt(&attempts) == Self.start, "the first attempt is at once")
        scheduler.advance(to: Self.start + 0.999)
        scheduler.advance(to: Self.start + 1)
        #expect(try await nextAttempt(&attempts) == Self.start + 1)
        scheduler.advance(to: Self.start + 2.999)
        scheduler.advance(to: Self.start + 3)
        #expect(try await nextAttempt(&attempts) == Self.start + 3, "a network error is retried too")
        scheduler.advance(to: Self.start + 7)
        #expect(try await nextAttempt(&attempts) == Self.start + 7)

        #expect(await sending.value == .accepted(attempt: 4))
        #expect(transport.times.withLock { $0 } == [0, 1, 3, 7].map { Self.start + $0 })
        #expect(try outbox.waiting().isEmpty, "accepted: done in the outbox")
        #expect(scheduler.scheduledCount == 0, "no timer left behind")
    }

    @Test("After the last delay the post is given up and finished")
    func givesUp() async throws {
        let transport = ScriptedTransport([500, 500, 500, 500], scheduler: scheduler)
        let webhooks = presenter(transport, delays: [1, 2])
        let owed = try post()
        let sending = Task { await webhooks.send(owed) }
        var attempts = transport.attempts.makeAsyncIterator()

        _ = try await nextAttempt(&attempts)
        scheduler.advance(by: 1)
        _ = try await nextAttempt(&attempts)
        scheduler.advance(by: 2)
        _ = try await nextAttempt(&attempts)

        #expect(await sending.value == .gaveUp(attempts: 3))
        scheduler.advance(by: 3600)
        #expect(transport.times.withLock { $0 } == [0, 1, 3].map { Self.start + $0 }, "no attempt after giving up")
        #expect(try outbox.waiting().isEmpty)
    }

    @Test("An answer that is not retried ends the post after one attempt")
    func refusalIsNotRetried() async throws {
        let transport = ScriptedTransport([404], scheduler: scheduler)
        let outcome = await presenter(transport, delays: [1, 2]).send(try post())
        #expect(outcome == .refused(status: 404))
        scheduler.advance(by: 3600)
        #expect(transport.times.withLock { $0 }.count == 1)
        #expect(try outbox.waiting().isEmpty)
    }

    @Test("After a restart a post resumes its schedule from the last attempt recorded")
    func resumesAfterRestart() async throws {
        let first = try post()
        try outbox.recordAttempt(of: first.id, now: Self.start)
        let waiting = try #require(try outbox.waiting().first)
        #expect(waiting.attempts == 1 && waiting.updated == Self.start)

        scheduler.advance(by: 0.5)
        let transport = ScriptedTransport([503, 200], scheduler: scheduler)
        let sending = Task { await presenter(transport, delays: [1, 2]).send(waiting) }
        var attempts = transport.attempts.makeAsyncIterator()
        scheduler.advance(to: Self.start + 1)
        #expect(try await nextAttempt(&attempts) == Self.start + 1, "the second attempt, 1 s after the first")
        scheduler.advance(to: Self.start + 3)
        #expect(try await nextAttempt(&attempts) == Self.start + 3)
        #expect(await sending.value == .accepted(attempt: 3))
    }

    @Test("Stopping while a retry waits cancels its timer and keeps the post for the next start")
    func cancelledWhileWaiting() async throws {
        let transport = ScriptedTransport([503], scheduler: scheduler)
        let webhooks = presenter(transport, delays: [60])
        let owed = try post()
        let sending = Task { await webhooks.send(owed) }
        var attempts = transport.attempts.makeAsyncIterator()
        _ = try await nextAttempt(&attempts)

        sending.cancel()
        #expect(await sending.value == .cancelled)
        #expect(scheduler.scheduledCount == 0, "the retry's timer is cancelled")
        scheduler.advance(by: 3600)
        #expect(transport.times.withLock { $0 }.count == 1)
        #expect(try outbox.waiting().map(\.attempts) == [1])
    }
}
