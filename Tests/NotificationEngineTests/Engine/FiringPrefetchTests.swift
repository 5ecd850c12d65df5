import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// The next batch's records are read while the batch before commits
/// (``FiringPrefetch``); what was read ahead must never win over a change made
/// in between.
@Suite("Engine: reading the next batch ahead")
struct FiringPrefetchTests {
    /// Calls `onFirst` on the first presentation it is handed, on the firing thread.
    final class FirstPresentationHook: Presenter {
        let onFirst = Mutex<(@Sendable () -> Void)?>(nil)

        func present(_ presentation: Presentation) {
            onFirst.withLock { hook in
                defer { hook = nil }
                return hook
            }?()
        }
    }

    /// A `TestScheduler` whose clock can be moved ahead while an action runs, as a
    /// real clock moves while a batch is presented (a `TestScheduler`'s stands still).
    final class SkewedScheduler: DateScheduler {
        let base: TestScheduler
        let skew = Mutex<TimeInterval>(0)

        init(_ base: TestScheduler) {
            self.base = base
        }

        var now: Date { base.now.addingTimeInterval(skew.withLock { $0 }) }

        func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
            base.schedule(action)
        }

        func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable {
            base.schedule(after: date.addingTimeInterval(-skew.withLock { $0 }), action: action)
        }

        func schedule(
            after date: Date, interval: TimeInterval, leeway: TimeInterval, action: @escaping @Sendable () -> Void
        ) -> any Disposable {
            base.schedule(after: date.addingTimeInterval(-skew.withLock { $0 }), interval: interval, leeway: leeway, action: action)
        }
    }

    @Test("A request replaced while the batch before it is presented fires as replaced, not as read ahead",
          arguments: [false, true])
    func replacedBetweenBatches(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let scheduler = SkewedScheduler(TestScheduler(startDate: EngineFixture.start))
        var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
        configuration.timeZone = TimeZone(identifier: "UTC")!
        configuration.dueWindowSize = 4
        let presenter = RecordingPresenter()
        let hook = FirstPresentationHook()
        let engine = try NotificationEngine(
            store: sqlite ? .sqlite(path: directory.path("prefetch.sqlite")) : .inMemory, scheduler: scheduler,
            configuration: configuration, presenters: [presenter, hook])
        let app: AppIdentifier = "com.example.app"
        _ = try await engine.requestAuthorization(options: [.alert], for: app)
        try await engine.add((0..<8).map { EngineFixture.request("b\($0)", after: 10, title: "old") }, for: app)
        // Batches of four in due order: b0–b3, then b4–b7, whose records are read while
        // the first commits. While b0 is presented, b6 is replaced to fire 2 s later,
        // and 5 s pass: the second batch, at 15 s, is b4, b5, b7 and the new b6.
        hook.onFirst.withLock { hook in
            hook = {
                _ = try? engine.addNow([EngineFixture.request("b6", after: 2, title: "new")], for: app)
                scheduler.skew.withLock { $0 += 5 }
            }
        }
        scheduler.base.advance(by: 10)
        let presented = presenter.presentations.map(\.delivery.request)
        #expect(presented.map(\.identifier) == ["b0", "b1", "b2", "b3", "b4", "b5", "b7", "b6"])
        #expect(presented.last?.content.title == "new")
        #expect(try await engine.pendingRequests(for: app).isEmpty)
    }

    @Test("A burst through a small window fires every request once, in due order, on both stores",
          arguments: [false, true])
    func burstInOrder(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let store: NotificationStoreKind = sqlite ? .sqlite(path: directory.path("burst.sqlite")) : .inMemory
        let fixture = try EngineFixture(store: store) { $0.dueWindowSize = 8; $0.pendingLimitPerApp = 10_000 }
        try await fixture.authorize()
        var generator = SeededGenerator(seed: 11)
        let identifiers = (0..<500).map { String(format: "r%03d", $0) }
        try await fixture.engine.add(
            identifiers.shuffled(using: &generator).map { EngineFixture.request($0, after: 10) }, for: fixture.app)
        fixture.scheduler.advance(by: 10)
        #expect(fixture.presentedIdentifiers == identifiers)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }
}
