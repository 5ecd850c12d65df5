import Foundation
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// The behaviour seed 004 describes, in virtual time.
struct NagMeTests {
    /// Launches the app on an authorized engine.
    private func launched(
        policy: NotificationEngine.AuthorizationPolicy = .grantAll
    ) async throws -> (CenterFixture, NagMe) {
        let fixture = try CenterFixture(policy: policy)
        let app = NagMe(center: fixture.center)
        #expect(try await app.launch())
        return (fixture, app)
    }

    private func count(_ task: String, in fixture: CenterFixture) -> Int {
        fixture.shownIdentifiers.filter { $0 == task }.count
    }

    @Test func launchAsksOnceAndRegistersTheReminderCategory() async throws {
        let (fixture, app) = try await launched(policy: .ask)
        #expect(fixture.presenter.authorizationRequests.map(\.options) == [[.sound, .alert]])
        #expect(try await app.launch())
        #expect(fixture.presenter.authorizationRequests.count == 1)

        let categories = try await fixture.center.throwing.notificationCategories()
        let cancel = UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])
        #expect(categories == [UNNotificationCategory(identifier: "reminder", actions: [cancel], intentIdentifiers: [])])
    }

    @Test func aReminderIsARepeatingMinuteRequestNamedAfterTheTask() async throws {
        let (_, app) = try await launched()
        try await app.toggleReminder(for: "Walk Dog")

        let request = try #require(try await app.retrieveNotification(for: "Walk Dog"))
        #expect(request.content.title == "Task Reminder")
        #expect(request.content.body == "Walk Dog!!")
        #expect(request.content.sound == .default)
        #expect(request.content.categoryIdentifier == "reminder")
        let trigger = try #require(request.trigger as? UNTimeIntervalNotificationTrigger)
        #expect(trigger.timeInterval == 60 && trigger.repeats)
        #expect(trigger.nextTriggerDate() == CenterFixture.start.addingTimeInterval(60))
        #expect(try await app.bells() == ["Wash Up": false, "Walk Dog": true, "Exercise": false])
    }

    @Test func remindersNagEveryMinuteUntilTheBellIsTurnedOff() async throws {
        let (fixture, app) = try await launched()
        try await app.toggleReminder(for: "Walk Dog")

        fixture.scheduler.advance(by: 59)
        #expect(fixture.shownIdentifiers.isEmpty)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.shownIdentifiers == ["Walk Dog"])
        fixture.scheduler.advance(by: 120)
        let dates = fixture.presenter.presentations.map(\.delivery.date)
        #expect(dates == [60, 120, 180].map { CenterFixture.start.addingTimeInterval($0) })
        #expect(fixture.presenter.presentations.allSatisfy { $0.sound != nil && $0.actions.map(\.identifier) == ["cancel"] })

        try await app.toggleReminder(for: "Walk Dog")
        #expect(try await app.bells()["Walk Dog"] == false)
        fixture.scheduler.advance(by: 600)
        #expect(count("Walk Dog", in: fixture) == 3)
    }

    @Test func togglingTwiceRemovesTheReminder() async throws {
        let (fixture, app) = try await launched()
        try await app.toggleReminder(for: "Exercise")
        try await app.toggleReminder(for: "Exercise")

        #expect(try await app.retrieveNotification(for: "Exercise") == nil)
        fixture.scheduler.advance(by: 300)
        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }

    @Test func theCancelActionStopsTheNagging() async throws {
        let (fixture, app) = try await launched()
        try await app.toggleReminder(for: "Walk Dog")
        try await app.toggleReminder(for: "Exercise")
        fixture.scheduler.advance(by: 60)
        #expect(Set(fixture.shownIdentifiers) == ["Walk Dog", "Exercise"])

        try await fixture.respond(to: "Walk Dog", with: NagMe.Identifiers.cancelAction)

        #expect(try await app.bells() == ["Wash Up": false, "Walk Dog": false, "Exercise": true])
        fixture.scheduler.advance(by: 180)
        #expect(count("Walk Dog", in: fixture) == 1)
        #expect(count("Exercise", in: fixture) == 4)
    }

    @Test func tappingAReminderDoesNotStopIt() async throws {
        let (fixture, app) = try await launched()
        try await app.toggleReminder(for: "Wash Up")
        fixture.scheduler.advance(by: 60)

        try await fixture.respond(to: "Wash Up", with: UNNotificationDefaultActionIdentifier)

        #expect(try await app.bells()["Wash Up"] == true)
        fixture.scheduler.advance(by: 60)
        #expect(count("Wash Up", in: fixture) == 2)
    }

    @Test func aReminderArrivingInTheForegroundIsShownBecauseTheDelegateSaysSo() async throws {
        let (fixture, app) = try await launched()
        fixture.center.setApplicationActive(true)
        try await app.toggleReminder(for: "Walk Dog")

        fixture.scheduler.advance(by: 60)

        let shown = try #require(fixture.presenter.presentations.first)
        #expect(shown.delivery.request.identifier == "Walk Dog")
        #expect(shown.sound == .default)
        #expect(try await fixture.center.throwing.deliveredNotifications().map(\.request.identifier) == ["Walk Dog"])
    }

    @Test func aReminderArrivingInTheForegroundIsNotShownWhenTheDelegateAnswersNothing() async throws {
        let (fixture, app) = try await launched()
        let silent = RecordingDelegate(presentation: [])
        fixture.center.delegate = silent
        fixture.center.setApplicationActive(true)
        try await app.toggleReminder(for: "Walk Dog")

        fixture.scheduler.advance(by: 60)
        await fixture.center.waitForDelegateCallbacks()

        #expect(silent.presented.map(\.request.identifier) == ["Walk Dog"])
        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
        #expect(try await app.bells()["Walk Dog"] == true)
    }

    @Test func aReminderArrivingInTheForegroundIsNotShownWithoutADelegate() async throws {
        let (fixture, app) = try await launched()
        fixture.center.delegate = nil
        fixture.center.setApplicationActive(true)
        try await app.toggleReminder(for: "Walk Dog")

        fixture.scheduler.advance(by: 60)

        #expect(fixture.shownIdentifiers.isEmpty)
        #expect(try await fixture.center.throwing.deliveredNotifications().isEmpty)
    }
}
