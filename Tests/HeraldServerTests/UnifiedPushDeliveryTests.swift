import DesktopNotifications
import Foundation
@testable import HeraldServer
import PushService
import Signals
import Synchronization
import Testing

/// Messages kept for UnifiedPush apps, handed to their connectors in order,
/// acknowledged once taken, kept through failures and sent again.
@Suite("UnifiedPush delivery")
struct UnifiedPushDeliveryTests {
    static let desktop = UnifiedPushDesktop(machine: "0123456789abcdef")
    static let app = desktop.agent(for: "org.example.Chat")

    /// A store with one registration of `agent`, and a delivery to `connectors` on virtual time.
    struct Fixture {
        let store = MemoryPushResources()
        let scheduler = TestScheduler(startDate: Date(timeIntervalSince1970: 1_800_000_000))
        let connectors = RecordingConnectors()
        let delivery: UnifiedPushDelivery

        init() {
            delivery = UnifiedPushDelivery(
                store: store, desktop: UnifiedPushDeliveryTests.desktop, connectors: connectors, scheduler: scheduler)
        }

        /// Keeps a message of `body` for `agent`'s registration `channel`.
        @discardableResult
        func push(_ body: String, to agent: PushAgent = UnifiedPushDeliveryTests.app, channel: String = "t",
                  encoding: PushContentEncoding = .aes128gcm) throws -> PushResourceMessage {
            let resource = try store.subscribe(agent: agent, channel: channel, applicationServerKey: nil, now: scheduler.now)
            let message = PushResourceMessage(
                id: PushResourceMessage.makeIdentifier(), resource: resource.token, channel: channel, body: Data(body.utf8),
                encoding: encoding, urgency: "normal", topic: nil, expiresAt: scheduler.now.addingTimeInterval(3600),
                wantsReceipt: false)
            _ = try store.enqueue(message, for: agent, isConnected: true, now: scheduler.now)
            return message
        }
    }

    @Test("Each message goes to its app's connector in order, with its token and id, and is acknowledged")
    func delivers() async throws {
        let fixture = Fixture()
        let first = try fixture.push("one")
        let second = try fixture.push("two")
        await fixture.delivery.deliver(Self.app)
        #expect(fixture.connectors.received == [
            .init(service: Self.app.displayName, token: "t", body: Data("one".utf8), id: first.id),
            .init(service: Self.app.displayName, token: "t", body: Data("two".utf8), id: second.id),
        ])
        #expect(fixture.store.queue(of: Self.app).messages.isEmpty)
    }

    @Test("An app that cannot be reached keeps its messages; they go after the first retry delay")
    func retries() async throws {
        let fixture = Fixture()
        fixture.connectors.fail(Self.app.displayName, true)
        try fixture.push("one")
        await fixture.delivery.deliver(Self.app)
        #expect(fixture.connectors.received.isEmpty)
        #expect(fixture.store.queue(of: Self.app).messages.map(\.isSent) == [false])
        fixture.connectors.fail(Self.app.displayName, false)
        fixture.scheduler.advance(by: 1)
        try await Self.eventually { fixture.connectors.received.count == 1 }
        #expect(fixture.store.queue(of: Self.app).messages.isEmpty)
    }

    @Test("The next message for an app that failed is sent at once, after those waiting")
    func nextMessage() async throws {
        let fixture = Fixture()
        fixture.connectors.fail(Self.app.displayName, true)
        try fixture.push("one")
        await fixture.delivery.deliver(Self.app)
        fixture.connectors.fail(Self.app.displayName, false)
        try fixture.push("two")
        await fixture.delivery.deliver(Self.app)
        #expect(fixture.connectors.received.map(\.body) == [Data("one".utf8), Data("two".utf8)])
    }

    @Test("At start, what an earlier run sent without an answer goes again")
    func restart() async throws {
        let fixture = Fixture()
        try fixture.push("one")
        _ = fixture.store.takeUnsent(agent: Self.app, now: fixture.scheduler.now)
        await fixture.delivery.start()
        #expect(fixture.connectors.received.map(\.body) == [Data("one".utf8)])
    }

    @Test("A message UnifiedPush cannot carry (aesgcm, or empty) is dropped without a call")
    func undeliverable() async throws {
        let fixture = Fixture()
        try fixture.push("old", encoding: PushContentEncoding(name: "aesgcm", encryption: "salt=x", cryptoKey: "dh=y"))
        try fixture.push("")
        try fixture.push("new")
        await fixture.delivery.deliver(Self.app)
        #expect(fixture.connectors.received.map(\.body) == [Data("new".utf8)])
        #expect(fixture.store.queue(of: Self.app).messages.isEmpty)
    }

    @Test("An app that hangs holds up only its own messages")
    func hungApp() async throws {
        let fixture = Fixture()
        let other = Self.desktop.agent(for: "org.example.Other")
        fixture.connectors.hang(Self.app.displayName)
        try fixture.push("stuck")
        try fixture.push("free", to: other, channel: "o")
        let stuck = Task { await fixture.delivery.deliver(Self.app) }
        try await Self.eventually { fixture.connectors.isHolding(Self.app.displayName) }
        await fixture.delivery.deliver(other)
        #expect(fixture.connectors.received.map(\.service) == [other.displayName])
        fixture.connectors.release(Self.app.displayName)
        await stuck.value
        #expect(fixture.connectors.received.map(\.service) == [other.displayName, Self.app.displayName])
    }

    static func eventually(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}

/// Connectors that record each message, and fail or hang for the apps a test names.
final class RecordingConnectors: UnifiedPushConnectors {
    struct Message: Hashable {
        var service: String
        var token: String
        var body: Data
        var id: String
    }

    private struct State {
        var received: [Message] = []
        var failing: Set<String> = []
        var hanging: Set<String> = []
        var held: [String: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var received: [Message] { state.withLock { $0.received } }

    func fail(_ service: String, _ failing: Bool) {
        state.withLock { if failing { $0.failing.insert(service) } else { $0.failing.remove(service) } }
    }

    func hang(_ service: String) {
        state.withLock { _ = $0.hanging.insert(service) }
    }

    func isHolding(_ service: String) -> Bool {
        state.withLock { $0.held[service] != nil }
    }

    func release(_ service: String) {
        let held = state.withLock { state in
            state.hanging.remove(service)
            return state.held.removeValue(forKey: service)
        }
        held?.resume()
    }

    func message(service: String, token: String, body: Data, id: String) async throws {
        if state.withLock({ $0.hanging.contains(service) }) {
            await withCheckedContinuation { continuation in state.withLock { $0.held[service] = continuation } }
        }
        try state.withLock { state in
            guard !state.failing.contains(service) else { throw DBusError(.serviceUnknown, "\(service) cannot be started") }
            state.received.append(Message(service: service, token: token, body: body, id: id))
        }
    }

    func newEndpoint(service: String, token: String, endpoint: String) async throws {}

    func unregistered(service: String, token: String) async throws {}
}
