import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// Firing end to end, on virtual time: the timer, the store, the presenters. What
/// a fire does to a one-shot or repeating request is checked on the core alone
/// (`EngineCoreFiringTests`, `FiringFlowTests`).
@Suite("Engine: firing on time")
struct FiringTests {
    @Test("A request fires at its due second, not before, and leaves pending for delivered")
    func firesOnTime() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("a", after: 90), for: fixture.app)
        fixture.scheduler.advance(by: 89.999)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 1)
        fixture.scheduler.advance(by: 0.001)
        #expect(fixture.presentedIdentifiers == ["a"])
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.identifier) == ["a"])
        #expect(delivered.first?.date == EngineFixture.start.addingTimeInterval(90))
        #expect(delivered.first?.isLate == false)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }

    @Test("A request without a trigger is delivered inside add")
    func nilTriggerFiresAtOnce() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(
            NotificationRequest(identifier: "now", content: NotificationContent(body: "hi")), for: fixture.app)
        #expect(fixture.presentedIdentifiers == ["now"])
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
    }

    @Test("A repeating request fires every interval and stays pending")
    func repeats() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("nag", after: 60, repeats: true), for: fixture.app)
        fixture.scheduler.advance(by: 300)
        let dates = fixture.presenter.presentations.map { $0.delivery.date.timeIntervalSince(EngineFixture.start) }
        #expect(dates == [60, 120, 180, 240, 300])
        let pending = try await fixture.engine.pendingRequests(for: fixture.app)
        #expect(pending.first?.nextFireDate == EngineFixture.start.addingTimeInterval(360))
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.count == 1, "each delivery of the same identifier replaces the last in the center")
        let ids = fixture.presenter.presentations.map(\.delivery.id)
        #expect(fixture.presenter.withdrawn == Array(ids.dropLast()), "presenters withdraw each replaced delivery")
    }

    @Test("A replaced delivery is withdrawn after its replacement is presented, so a presenter can replace it in place")
    func replacedAfterPresented() async throws {
        final class Log: Presenter {
            let entries = Mutex<[String]>([])
            func present(_ presentation: Presentation) {
                entries.withLock { $0.append("present \(presentation.delivery.id)") }
            }
            func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier) {
                entries.withLock { $0.append(contentsOf: deliveries.map { "withdraw \($0)" }) }
            }
        }
        let fixture = try EngineFixture()
        let log = Log()
        let connection = fixture.engine.addPresenter(log)
        defer { connection.dispose() }
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("nag", after: 60, repeats: true), for: fixture.app)
        fixture.scheduler.advance(by: 120)
        let ids = fixture.presenter.presentations.map(\.delivery.id)
        #expect(log.entries.withLock { $0 } == ["present \(ids[0])", "present \(ids[1])", "withdraw \(ids[0])"])
    }

    @Test("Many requests fire in due order through a small due window")
    func smallWindow() async throws {
        let fixture = try EngineFixture { $0.dueWindowSize = 4; $0.pendingLimitPerApp = 1_000 }
        try await fixture.authorize()
        var generator = SeededGenerator(seed: 7)
        let order = (1...100).shuffled(using: &generator)
        try await fixture.engine.add(order.map { EngineFixture.request("r\($0)", after: Double($0)) }, for: fixture.app)
        fixture.scheduler.advance(by: 50)
        #expect(fixture.presentedIdentifiers == (1...50).map { "r\($0)" })
        fixture.scheduler.advance(by: 50)
        #expect(fixture.presentedIdentifiers == (1...100).map { "r\($0)" })
        let pruning = EngineFixture.start.addingTimeInterval(24 * 3_600)
        #expect(fixture.scheduler.nextDate.map { $0 >= pruning } ?? true, "only the daily pruning is left")
    }

    @Test("A burst due in the same second is delivered once each")
    func burst() async throws {
        let fixture = try EngineFixture { $0.dueWindowSize = 16; $0.pendingLimitPerApp = 10_000 }
        try await fixture.authorize()
        try await fixture.engine.add((0..<1_000).map { EngineFixture.request("b\($0)", after: 10) }, for: fixture.app)
        fixture.scheduler.advance(by: 10)
        #expect(Set(fixture.presentedIdentifiers).count == 1_000)
        #expect(fixture.presentedIdentifiers.count == 1_000)
    }

    @Test("Adding the same identifier replaces the pending request")
    func replace() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("a", after: 10, title: "old"), for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("a", after: 20, title: "new"), for: fixture.app)
        let pending = try await fixture.engine.pendingRequests(for: fixture.app)
        #expect(pending.map(\.request.content.title) == ["new"])
        fixture.scheduler.advance(by: 30)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["new"])
        #expect(fixture.presenter.presentations.first?.delivery.date == EngineFixture.start.addingTimeInterval(20))
    }

    @Test("Removing a pending request stops it; removing one that already fired does nothing")
    func remove() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(
            [EngineFixture.request("a", after: 10), EngineFixture.request("b", after: 20)], for: fixture.app)
        fixture.scheduler.advance(by: 10)
        try await fixture.engine.removePendingRequests(withIdentifiers: ["a", "b"], for: fixture.app)
        fixture.scheduler.advance(by: 100)
        #expect(fixture.presentedIdentifiers == ["a"])
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.request.identifier) == ["a"])
    }

    @Test("Each app sees only its own requests and deliveries")
    func isolation() async throws {
        let fixture = try EngineFixture()
        let other: AppIdentifier = "com.example.other"
        try await fixture.authorize()
        try await fixture.authorize(other)
        try await fixture.engine.add(EngineFixture.request("same", after: 10, title: "mine"), for: fixture.app)
        try await fixture.engine.add(EngineFixture.request("same", after: 20, title: "theirs"), for: other)
        try await fixture.engine.removePendingRequests(withIdentifiers: ["same"], for: other)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 1)
        fixture.scheduler.advance(by: 30)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.title) == ["mine"])
        #expect(try await fixture.engine.deliveredNotifications(for: other).isEmpty)
    }

    @Test("The deliveries signal reports each delivery of the app")
    func deliveriesSignal() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let seen = Recorded<String>()
        let subscription = fixture.engine.deliveries(for: fixture.app).subscribeNext { seen.append($0.request.identifier) }
        defer { subscription.dispose() }
        try await fixture.engine.add(EngineFixture.request("a", after: 5), for: fixture.app)
        fixture.scheduler.advance(by: 5)
        #expect(seen.values == ["a"])
    }
}
