import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("UIApplication: scheduling and cancelling", .offThePool)
struct UIApplicationSchedulingTests {
    static let inOneHour = LegacyFixture.start.addingTimeInterval(3_600)

    @Test("Scheduling the same object twice schedules two notifications with their own identifiers")
    func scheduleTwice() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Twice", at: Self.inOneHour)
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        let identifiers = try await fixture.pendingIdentifiers()
        #expect(identifiers.count == 2)
        #expect(Set(identifiers).count == 2)
        let scheduled = try await fixture.application.throwing.scheduledLocalNotifications()
        #expect(scheduled.count == 2)
        #expect(scheduled.allSatisfy { $0 == notification })
        fixture.scheduler.advance(to: Self.inOneHour)
        #expect(fixture.presenter.presentations.count == 2)
    }

    @Test("Cancelling an object scheduled twice cancels both, even after it changed")
    func cancelScheduledTwice() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Reused", at: Self.inOneHour)
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        notification.fireDate = Self.inOneHour.addingTimeInterval(60)
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        let other = LegacyFixture.notification("Other", at: Self.inOneHour)
        try await fixture.application.throwing.scheduleLocalNotification(other)
        try await fixture.application.throwing.cancelLocalNotification(notification)
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().map(\.alertBody) == ["Other"])
        fixture.scheduler.advance(by: 7_200)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.body) == ["Other"])
    }

    @Test("An object read back cancels its own request and every equal one, not the others")
    func cancelReadBack() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        for body in ["A", "A", "B"] {
            try await fixture.application.throwing.scheduleLocalNotification(LegacyFixture.notification(body, at: Self.inOneHour))
        }
        let scheduled = try await fixture.application.throwing.scheduledLocalNotifications()
        let a = try #require(scheduled.first { $0.alertBody == "A" })
        try await fixture.application.throwing.cancelLocalNotification(a)
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().map(\.alertBody) == ["B"])
    }

    @Test("A new object equal to a scheduled one cancels it; an unequal one cancels nothing")
    func cancelEqualObject() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let scheduled = LegacyFixture.notification("Milk", at: Self.inOneHour)
        scheduled.userInfo = ["UUID": "1"]
        try await fixture.application.throwing.scheduleLocalNotification(scheduled)
        let different = LegacyFixture.notification("Milk", at: Self.inOneHour)
        different.userInfo = ["UUID": "2"]
        try await fixture.application.throwing.cancelLocalNotification(different)
        #expect(try await fixture.pendingIdentifiers().count == 1)
        let equal = LegacyFixture.notification("Milk", at: Self.inOneHour)
        equal.userInfo = ["UUID": "1"]
        try await fixture.application.throwing.cancelLocalNotification(equal)
        #expect(try await fixture.pendingIdentifiers().isEmpty)
    }

    @Test("Cancelling a delivered notification takes it out of the notification center")
    func cancelDelivered() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Shown", at: Self.inOneHour)
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        fixture.scheduler.advance(to: Self.inOneHour)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 1)
        try await fixture.application.throwing.cancelLocalNotification(notification)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
        #expect(fixture.presenter.withdrawn == [try fixture.lastShown().id])
    }

    @Test("cancelAllLocalNotifications cancels every pending notification of the app only")
    func cancelAll() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let neighbour = UIApplication(appIdentifier: "com.example.neighbour", service: fixture.engine)
        try await neighbour.throwing.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: nil))
        for index in 0..<3 {
            try await fixture.application.throwing.scheduleLocalNotification(
                LegacyFixture.notification("\(index)", at: Self.inOneHour))
        }
        try await neighbour.throwing.scheduleLocalNotification(LegacyFixture.notification("theirs", at: Self.inOneHour))
        try await fixture.application.throwing.cancelAllLocalNotifications()
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().isEmpty)
        #expect(try await neighbour.throwing.scheduledLocalNotifications().map(\.alertBody) == ["theirs"])
    }

    @Test("With 64 scheduled, a 65th that fires later is refused with pendingLimitReached and the 64 stay")
    func sixtyFifthRefused() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        for index in 0..<64 {
            try await fixture.application.throwing.scheduleLocalNotification(
                LegacyFixture.notification("\(index)", at: Self.inOneHour.addingTimeInterval(Double(index) * 60)))
        }
        let sixtyFifth = LegacyFixture.notification("65", at: Self.inOneHour.addingTimeInterval(86_400))
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(sixtyFifth)
        }
        #expect(refused?.code == .pendingLimitReached)
        let scheduled = try await fixture.application.throwing.scheduledLocalNotifications()
        #expect(scheduled.count == 64)
        #expect(!scheduled.contains { $0.alertBody == "65" })

        try await fixture.application.throwing.cancelLocalNotification(try #require(scheduled.first))
        try await fixture.application.throwing.scheduleLocalNotification(sixtyFifth)
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().count == 64, "it fits once one is cancelled")
    }

    @Test("presentLocalNotificationNow delivers at once whatever the fire date")
    func presentNow() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Now", at: Self.inOneHour)
        try await fixture.application.throwing.presentLocalNotificationNow(notification)
        #expect(fixture.presenter.presentations.map(\.delivery.date) == [LegacyFixture.start])
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().isEmpty)
    }

    @Test("Scheduled notifications come back soonest first")
    func soonestFirst() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        for minutes in [30, 10, 20] {
            try await fixture.application.throwing.scheduleLocalNotification(
                LegacyFixture.notification("\(minutes)", at: LegacyFixture.start.addingTimeInterval(Double(minutes) * 60)))
        }
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().map(\.alertBody) == ["10", "20", "30"])
    }

    @Test("Sound, badge and category reach the presentation")
    func presentation() async throws {
        let fixture = try LegacyFixture()
        let category = UIMutableUserNotificationCategory()
        category.identifier = "list"
        let ok = UIMutableUserNotificationAction()
        ok.identifier = "ok"
        ok.title = "OK"
        category.setActions([ok], for: .default)
        try await fixture.register([category])
        let notification = LegacyFixture.notification("Ring", at: nil)
        notification.soundName = UILocalNotificationDefaultSoundName
        notification.applicationIconBadgeNumber = 5
        notification.category = "list"
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        let silent = LegacyFixture.notification("Quiet", at: nil)
        try await fixture.application.throwing.scheduleLocalNotification(silent)
        let shown = fixture.presenter.presentations
        #expect(shown.map(\.sound) == [.default, nil])
        #expect(shown.map(\.badge) == [5, 5], "a zero badge leaves the badge as it is")
        #expect(shown.first?.actions.map(\.identifier) == ["ok"])
        #expect(try await fixture.application.throwing.applicationIconBadgeNumber() == 5)
    }

    @Test("What iOS 8 ignored is refused with a typed error, and nothing is scheduled")
    func refusals() async throws {
        let fixture = try LegacyFixture()
        let unauthorized = LegacyFixture.notification("Early", at: Self.inOneHour)
        let early = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(unauthorized)
        }
        #expect(early?.code == .notificationsNotAllowed)
        try await fixture.register()
        let cases: [(UILocalNotification, NotificationError.Code)] = [
            (Self.with { $0.category = "unregistered" }, .unknownCategory),
            (Self.with { $0.userInfo = ["when": Date()] }, .invalidPayload),
            (Self.with { $0.userInfo = [1: "one"] }, .invalidPayload),
            (Self.with { $0.userInfo = ["nested": ["deep": [Data()]]] }, .invalidPayload),
            (Self.with { $0.userInfo = ["ratio": Double.nan] }, .invalidPayload),
            (Self.with { $0.userInfo = ["herald.UILocalNotification": "mine"] }, .invalidPayload),
        ]
        for (notification, code) in cases {
            let error = await #expect(throws: NotificationError.self) {
                try await fixture.application.throwing.scheduleLocalNotification(notification)
            }
            #expect(error?.code == code)
        }
        #expect(try await fixture.pendingIdentifiers().isEmpty)
    }

    static func with(_ change: (UILocalNotification) -> Void) -> UILocalNotification {
        let notification = LegacyFixture.notification("Bad", at: inOneHour)
        change(notification)
        return notification
    }
}
