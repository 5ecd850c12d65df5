import Foundation
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// The process's shared center. Only this suite configures it.
struct SharedCenterTests {
    @Test func configureOnceThenCurrent() throws {
        let engine = try NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: CenterFixture.start))
        let center = try UNUserNotificationCenter.configure(appIdentifier: "com.example.shared", service: engine)
        #expect(UNUserNotificationCenter.current() === center)
        #expect(center.appIdentifier == "com.example.shared")

        #expect(try UNUserNotificationCenter.configure(appIdentifier: "com.example.shared", service: engine) === center)

        let other = try NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: CenterFixture.start))
        let error = #expect(throws: UNError.self) {
            try UNUserNotificationCenter.configure(appIdentifier: "com.example.shared", service: other)
        }
        #expect(error?.code == .centerAlreadyConfigured)
        #expect(throws: UNError.self) {
            try UNUserNotificationCenter.configure(appIdentifier: "com.example.other", service: engine)
        }
        #expect(UNUserNotificationCenter.current() === center)
    }

    @Test func currentBeforeConfigureStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = UNUserNotificationCenter.current()
        }
    }
}
