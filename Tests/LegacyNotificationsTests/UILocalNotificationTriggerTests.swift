import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("UILocalNotification: when it fires", .offThePool)
struct UILocalNotificationTriggerTests {
    /// The dates the presenter was shown deliveries at.
    static func shownDates(_ fixture: LegacyFixture) -> [Date] {
        fixture.presenter.presentations.map(\.delivery.date)
    }

    @Test("No fire date delivers at once")
    func noFireDate() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        try await fixture.application.throwing.scheduleLocalNotification(LegacyFixture.notification("Now", at: nil))
        #expect(Self.shownDates(fixture) == [LegacyFixture.start])
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().isEmpty)
    }

    @Test("A fire date without a time zone is an absolute instant, whatever the engine's zone")
    func absoluteInstant() async throws {
        let fixture = try LegacyFixture { $0.timeZone = TimeZone(identifier: "America/New_York")! }
        try await fixture.register()
        let fireDate = LegacyFixture.date(2025, 1, 15, 14, 0)
        try await fixture.application.throwing.scheduleLocalNotification(LegacyFixture.notification("At two", at: fireDate))
        fixture.scheduler.advance(to: fireDate.addingTimeInterval(-1))
        #expect(fixture.presenter.presentations.isEmpty)
        fixture.scheduler.advance(to: fireDate)
        #expect(Self.shownDates(fixture) == [fireDate])
    }

    @Test("A fraction of a second fires at the next whole second")
    func fractionalFireDate() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let fireDate = LegacyFixture.start.addingTimeInterval(90.25)
        try await fixture.application.throwing.scheduleLocalNotification(LegacyFixture.notification("Soon", at: fireDate))
        fixture.scheduler.advance(to: fireDate)
        #expect(fixture.presenter.presentations.isEmpty)
        fixture.scheduler.advance(to: LegacyFixture.start.addingTimeInterval(91))
        #expect(Self.shownDates(fixture) == [LegacyFixture.start.addingTimeInterval(91)])
        #expect(try fixture.lastShown().request.content.body == "Soon")
    }

    @Test("A fire date in the past delivers at once")
    func pastFireDate() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        try await fixture.application.throwing.scheduleLocalNotification(
            LegacyFixture.notification("Late", at: LegacyFixture.start.addingTimeInterval(-3_600)))
        #expect(Self.shownDates(fixture) == [LegacyFixture.start])
    }

    @Test("A fire date with a time zone is a wall-clock time that floats with the device's zone")
    func floatingWallClock() async throws {
        let fixture = try LegacyFixture { $0.timeZone = TimeZone(identifier: "America/New_York")! }
        try await fixture.register()
        let notification = LegacyFixture.notification("Alarm", at: LegacyFixture.date(2025, 1, 16, 7, 0))
        notification.timeZone = LegacyFixture.timeZone
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        var newYork = Calendar(identifier: .gregorian)
        newYork.timeZone = TimeZone(identifier: "America/New_York")!
        let sevenInNewYork = newYork.date(from: DateComponents(year: 2025, month: 1, day: 16, hour: 7))!
        fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 16, 7, 0))
        #expect(fixture.presenter.presentations.isEmpty, "07:00 in Paris is not 07:00 where the device is")
        fixture.scheduler.advance(to: sevenInNewYork)
        #expect(Self.shownDates(fixture) == [sevenInNewYork])
    }

    @Test("A daily repeat fires at the fire date, then every day at the same time, and stays scheduled")
    func dailyRepeat() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let fireDate = LegacyFixture.date(2025, 1, 16, 8, 30)
        let notification = LegacyFixture.notification("Daily", at: fireDate)
        notification.repeatInterval = .day
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 18, 9, 0))
        #expect(
            Self.shownDates(fixture) == [
                fireDate, LegacyFixture.date(2025, 1, 17, 8, 30), LegacyFixture.date(2025, 1, 18, 8, 30),
            ])
        let scheduled = try await fixture.application.throwing.scheduledLocalNotifications()
        #expect(scheduled.count == 1)
        #expect(scheduled.first?.fireDate == fireDate, "the fire date reads back as scheduled")
        #expect(scheduled.first == notification)
    }

    @Test("A repeat does not fire before its fire date")
    func repeatStartsAtFireDate() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let fireDate = LegacyFixture.date(2025, 1, 20, 9, 0)
        let notification = LegacyFixture.notification("Hourly", at: fireDate)
        notification.repeatInterval = .hour
        try await fixture.application.throwing.scheduleLocalNotification(notification)
        fixture.scheduler.advance(to: fireDate.addingTimeInterval(-1))
        #expect(fixture.presenter.presentations.isEmpty)
        fixture.scheduler.advance(to: fireDate.addingTimeInterval(2 * 3_600))
        #expect(Self.shownDates(fixture) == [fireDate, fireDate + 3_600, fireDate + 7_200])
    }

    @Test("Weekly, monthly and yearly repeats keep the weekday, the day and the date")
    func longerRepeats() async throws {
        // A year of virtual time: the engine need not look for wall-clock jumps every few seconds.
        let fixture = try LegacyFixture { $0.clockCheckInterval = 7 * 86_400 }
        try await fixture.register()
        let fireDate = LegacyFixture.date(2025, 1, 16, 12, 0)  // a Thursday
        for (unit, body) in [(NSCalendar.Unit.weekOfYear, "Weekly"), (.month, "Monthly"), (.year, "Yearly")] {
            let notification = LegacyFixture.notification(body, at: fireDate)
            notification.repeatInterval = unit
            try await fixture.application.throwing.scheduleLocalNotification(notification)
        }
        fixture.scheduler.advance(to: LegacyFixture.date(2026, 1, 16, 12, 0))
        let shown = fixture.presenter.presentations
        func dates(_ body: String) -> [Date] {
            shown.filter { $0.delivery.request.content.body == body }.map(\.delivery.date)
        }
        #expect(dates("Weekly").count == 53)
        #expect(dates("Weekly").dropFirst().first == LegacyFixture.date(2025, 1, 23, 12, 0))
        #expect(dates("Monthly").count == 13)
        #expect(dates("Monthly").dropFirst().first == LegacyFixture.date(2025, 2, 16, 12, 0))
        #expect(dates("Yearly") == [fireDate, LegacyFixture.date(2026, 1, 16, 12, 0)])
    }

    @Test("A repeat interval that is not one unit a notification repeats by is refused", arguments: [
        NSCalendar.Unit.second, [.day, .hour], .era, .quarter,
    ])
    func unsupportedRepeat(unit: NSCalendar.Unit) async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Bad", at: LegacyFixture.start.addingTimeInterval(60))
        notification.repeatInterval = unit
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(notification)
        }
        #expect(error?.code == .invalidTrigger)
        #expect(try await fixture.pendingIdentifiers().isEmpty)
    }

    @Test("A Gregorian repeat calendar with another first weekday repeats; another calendar is refused")
    func repeatCalendar() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let fireDate = LegacyFixture.date(2025, 1, 16, 12, 0)
        var monday = Calendar(identifier: .gregorian)
        monday.firstWeekday = 2
        let weekly = LegacyFixture.notification("Weekly", at: fireDate)
        weekly.repeatInterval = .weekOfYear
        weekly.repeatCalendar = monday
        try await fixture.application.throwing.scheduleLocalNotification(weekly)
        let hebrew = LegacyFixture.notification("Monthly", at: fireDate)
        hebrew.repeatInterval = .month
        hebrew.repeatCalendar = Calendar(identifier: .hebrew)
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(hebrew)
        }
        #expect(error?.code == .invalidTrigger)
        fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 23, 12, 0))
        #expect(Self.shownDates(fixture) == [fireDate, LegacyFixture.date(2025, 1, 23, 12, 0)])
    }

    @Test("A region notification fires on entry; once unless regionTriggersOnce is false")
    func region() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let center = CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522)
        for (identifier, once) in [("once", true), ("every", false)] {
            let notification = LegacyFixture.notification(identifier, at: nil)
            let region = CLCircularRegion(center: center, radius: 200, identifier: identifier)
            region.notifyOnExit = false
            notification.region = region
            notification.regionTriggersOnce = once
            try await fixture.application.throwing.scheduleLocalNotification(notification)
        }
        let outside = Coordinate(latitude: 48.87, longitude: 2.3522)
        let inside = Coordinate(latitude: 48.8566, longitude: 2.3522)
        // As on iOS 8, region notifications fire only for an app the person allowed location.
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        fixture.engine.updateLocation(outside)
        #expect(fixture.presenter.presentations.isEmpty)
        fixture.engine.updateLocation(inside)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.body).sorted() == ["every", "once"])
        #expect(try await fixture.application.throwing.scheduledLocalNotifications().map(\.alertBody) == ["every"])
        fixture.engine.updateLocation(outside)
        fixture.engine.updateLocation(inside)
        #expect(fixture.presenter.presentations.map(\.delivery.request.content.body).sorted() == ["every", "every", "once"])
    }

    @Test("A fire date and a region together are refused")
    func regionAndFireDate() async throws {
        let fixture = try LegacyFixture()
        try await fixture.register()
        let notification = LegacyFixture.notification("Both", at: LegacyFixture.start.addingTimeInterval(60))
        notification.region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 100, identifier: "zero")
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.application.throwing.scheduleLocalNotification(notification)
        }
        #expect(error?.code == .invalidTrigger)
        #expect(try await fixture.pendingIdentifiers().isEmpty)
    }
}
