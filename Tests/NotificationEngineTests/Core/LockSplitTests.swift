import Dispatch
import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// The engine holds no lock that in-memory work waits on while the store is
/// busy: a store write holds up only other writes, not presenters, settings
/// already read, the pending version or the foreground state.
@Suite("Engine core: store I/O off the engine's state lock", .offThePool)
struct LockSplitTests {
    /// An in-memory store whose next write, once the gate is closed, waits for
    /// the test to let it through.
    final class GatedStore: NotificationStore {
        let inner = InMemoryStore()
        private let closed = Mutex(false)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        func closeGate() {
            closed.withLock { $0 = true }
        }

        func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
            let stops = closed.withLock { closed in
                defer { closed = false }
                return closed
            }
            if stops {
                entered.signal()
                release.wait()
            }
            return try inner.write(body)
        }

        func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
            try inner.read(body)
        }
    }

    @Test("While an add's store write hangs, presenters, foreground, settings and the pending version still answer")
    func writeDoesNotHoldTheState() async throws {
        let store = GatedStore()
        let scheduler = TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 800_000_000))
        let engine = try NotificationEngine(
            opened: (store, InMemoryAttachmentStore()), scheduler: scheduler,
            configuration: .init(authorizationPolicy: .grantAll), presenters: [])
        let app: AppIdentifier = "com.example.slow"
        _ = try await engine.requestAuthorization(options: [.alert, .badge], for: app)
        let version = engine.pendingVersion

        store.closeGate()
        let added = DispatchSemaphore(value: 0)
        let result = Mutex<Result<AddResult, any Error>?>(nil)
        DispatchQueue.global().async {
            let outcome = Result {
                try engine.addNow(
                    [NotificationRequest(identifier: "slow", content: .init(title: "Slow"), trigger: nil)], for: app)
            }
            result.withLock { $0 = outcome }
            added.signal()
        }
        store.entered.wait()

        // The add holds the store: all of this is memory only, and answers while
        // it does (were it to wait for the store, it would wait for ever: the
        // deadline only keeps a failure from hanging the run).
        let presenter = RecordingPresenter()
        let answered = DispatchSemaphore(value: 0)
        let seen = Mutex<[String]>([])
        DispatchQueue.global().async {
            defer { answered.signal() }
            _ = engine.addPresenter(presenter)  // kept for the rest of the test
            do {
                try engine.setForegroundNow(true, for: app)
                try engine.setForegroundNow(false, for: app)
                let status = try engine.preferences(for: app).authorizationStatus
                let badge = try engine.badgeNow(for: app)
                seen.withLock { $0 = ["\(status)", "\(badge)", "\(engine.pendingVersion == version)"] }
            } catch {
                seen.withLock { $0 = ["\(error)"] }
            }
        }
        let waited = answered.wait(timeout: .now() + 30)
        store.release.signal()
        if waited == .timedOut { answered.wait() }
        #expect(waited == .success)
        #expect(seen.withLock { $0 } == ["authorized", "0", "true"])

        added.wait()
        #expect(try result.withLock { try $0?.get() } == AddResult(evictedIdentifiers: []))
        #expect(engine.pendingVersion != version)
        // Due at once: fired after the add, to the presenter added while it waited.
        #expect(presenter.presentations.map(\.delivery.request.identifier) == ["slow"])
    }
}
