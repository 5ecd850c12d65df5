import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Synchronization
import Testing

/// iOS 8's calls are synchronous: they wait for the service on threads of their
/// own, so callers on Swift's cooperative pool and delegates calling back in do
/// not starve or deadlock it.
@Suite("Synchronous iOS 8 calls", .offThePool)
struct SynchronousCallTests {
    @Test("Many callers on the cooperative pool at once all finish, each seeing its own write")
    func manyCallersAtOnce() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let application = fixture.application
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let notification = LegacyFixture.notification("\(index)", at: LegacyFixture.start.addingTimeInterval(3_600))
                    application.scheduleLocalNotification(notification)
                    return application.scheduledLocalNotifications?.count ?? -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts.allSatisfy { $0 >= 1 }, "a read after a write sees the write")
        #expect(application.scheduledLocalNotifications?.count == 24)
    }

    @Test("A delegate may make synchronous calls while the engine delivers")
    func delegateCallsBack() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let delegate = CallingBackDelegate()
        fixture.application.delegate = delegate
        try await fixture.application.setApplicationState(.active)
        fixture.application.scheduleLocalNotification(
            LegacyFixture.notification("first", at: LegacyFixture.start.addingTimeInterval(60)))
        fixture.application.scheduleLocalNotification(
            LegacyFixture.notification("second", at: LegacyFixture.start.addingTimeInterval(120)))
        fixture.scheduler.advance(by: 60)
        #expect(delegate.seen.withLock { $0 } == ["first: 1 left"])
    }
}

final class CallingBackDelegate: NSObject, UIApplicationDelegate, Sendable {
    let seen = Mutex<[String]>([])

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        let left = application.scheduledLocalNotifications?.count ?? -1
        seen.withLock { $0.append("\(notification.alertBody ?? ""): \(left) left") }
    }
}
