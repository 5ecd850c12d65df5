import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

@Suite("Acceptance: to-do list with deadlines (seed 001)")
struct TodoListTests {
    struct Harness {
        let fixture: LegacyFixture
        let directory: TemporaryDirectory
        let app: TodoList

        init() async throws {
            fixture = try LegacyFixture()
            directory = try TemporaryDirectory()
            let scheduler = fixture.scheduler
            app = TodoList(application: fixture.application, directory: directory.url, now: { scheduler.now })
            try await app.setup()
        }

        /// A deadline `minutes` after the start.
        static func deadline(_ minutes: Double) -> Date {
            LegacyFixture.start.addingTimeInterval(minutes * 60)
        }
    }

    @Test("Items are sorted by deadline and saved")
    func sortedAndSaved() async throws {
        let harness = try await Harness()
        for (title, minutes) in [("Walk dog", 90.0), ("Call mum", 30), ("Buy bread", 60)] {
            try await harness.app.addItem(TodoItem(deadline: Harness.deadline(minutes), title: title))
        }
        #expect(try harness.app.allItems().map(\.title) == ["Call mum", "Buy bread", "Walk dog"])
        #expect(harness.app.rows.map(\.title) == ["Call mum", "Buy bread", "Walk dog"])
        let scheduler = harness.fixture.scheduler
        let reopened = TodoList(
            application: UIApplication(appIdentifier: "com.example.reopened", service: harness.fixture.engine),
            directory: harness.directory.url, now: { scheduler.now })
        #expect(reopened.rows.map(\.title) == ["Call mum", "Buy bread", "Walk dog"])
    }

    @Test("Each item schedules \"Todo Item \\\"X\\\" Is Overdue\" at its deadline, with the default sound and its UUID")
    func reminder() async throws {
        let harness = try await Harness()
        let item = TodoItem(deadline: Harness.deadline(1.5), title: "Pay rent")
        try await harness.app.addItem(item)
        let scheduled = try #require(try await harness.fixture.application.throwing.scheduledLocalNotifications().first)
        #expect(scheduled.alertBody == "Todo Item \"Pay rent\" Is Overdue")
        #expect(scheduled.alertAction == "open")
        #expect(scheduled.fireDate == item.deadline)
        #expect(scheduled.soundName == UILocalNotificationDefaultSoundName)
        #expect(scheduled.userInfo?["UUID"] as? String == item.uuid)
        #expect(scheduled.category == TodoList.categoryIdentifier)
        harness.fixture.scheduler.advance(to: item.deadline)
        let shown = try #require(harness.fixture.presenter.presentations.first)
        #expect(shown.delivery.date == item.deadline)
        #expect(shown.delivery.request.content.body == "Todo Item \"Pay rent\" Is Overdue")
        #expect(shown.sound == .default)
    }

    @Test("The list refreshes when a reminder arrives with the app open, showing overdue items")
    func refreshOnReminder() async throws {
        let harness = try await Harness()
        try await harness.fixture.application.setApplicationState(.active)
        for (title, minutes) in [("Soon", 5.0), ("Check", 6), ("Later", 50)] {
            try await harness.app.addItem(TodoItem(deadline: Harness.deadline(minutes), title: title))
        }
        #expect(harness.app.rows.map(\.isOverdue) == [false, false, false])
        let refreshes = harness.app.refreshCount
        harness.fixture.scheduler.advance(to: Harness.deadline(5.5))
        #expect(harness.app.refreshCount == refreshes + 1)
        #expect(harness.app.rows.map(\.isOverdue) == [false, false, false], "at its deadline an item is not yet overdue")
        harness.fixture.scheduler.advance(to: Harness.deadline(6))
        #expect(harness.app.refreshCount == refreshes + 2)
        #expect(harness.app.rows.map(\.isOverdue) == [true, false, false])
        #expect(harness.fixture.presenter.presentations.isEmpty, "an open app shows no notification")
    }

    @Test("The list refreshes when the app becomes active")
    func refreshOnBecomingActive() async throws {
        let harness = try await Harness()
        try await harness.app.addItem(TodoItem(deadline: Harness.deadline(5), title: "Soon"))
        harness.fixture.scheduler.advance(to: Harness.deadline(6))
        #expect(harness.fixture.presenter.presentations.count == 1, "in the background the reminder is shown")
        #expect(harness.app.rows.map(\.isOverdue) == [false])
        try await harness.fixture.application.setApplicationState(.active)
        #expect(harness.app.rows.map(\.isOverdue) == [true])
    }

    @Test("Completing an item cancels its reminder only")
    func complete() async throws {
        let harness = try await Harness()
        let first = TodoItem(deadline: Harness.deadline(5), title: "First")
        let second = TodoItem(deadline: Harness.deadline(10), title: "Second")
        try await harness.app.addItem(first)
        try await harness.app.addItem(second)
        try await harness.app.removeItem(first)
        #expect(try harness.app.allItems() == [second])
        let scheduled = try await harness.fixture.application.throwing.scheduledLocalNotifications()
        #expect(scheduled.compactMap { $0.userInfo?["UUID"] as? String } == [second.uuid])
        harness.fixture.scheduler.advance(to: Harness.deadline(10))
        #expect(harness.fixture.presenter.presentations.map(\.delivery.request.content.body) == [
            "Todo Item \"Second\" Is Overdue"
        ])
    }

    @Test("At 64 items adding is disabled, and a 65th reminder is refused by the engine")
    func sixtyFourLimit() async throws {
        let harness = try await Harness()
        var items: [TodoItem] = []
        for index in 0..<64 {
            let item = TodoItem(deadline: Harness.deadline(Double(10 + index)), title: "Item \(index)")
            try await harness.app.addItem(item)
            items.append(item)
            #expect(harness.app.isAddEnabled == (index < 63))
        }
        #expect(try await harness.fixture.application.throwing.scheduledLocalNotifications().count == 64)
        let blocked = await #expect(throws: TodoList.Failure.self) {
            try await harness.app.addItem(TodoItem(deadline: Harness.deadline(500), title: "Blocked"))
        }
        #expect(blocked == .listFull)

        let sixtyFifth = UILocalNotification()
        sixtyFifth.alertBody = "Todo Item \"65\" Is Overdue"
        sixtyFifth.fireDate = Harness.deadline(500)
        let refused = await #expect(throws: NotificationError.self) {
            try await harness.fixture.application.throwing.scheduleLocalNotification(sixtyFifth)
        }
        #expect(refused?.code == .pendingLimitReached)
        #expect(try await harness.fixture.application.throwing.scheduledLocalNotifications().count == 64)
        #expect(try harness.app.allItems().count == 64)

        try await harness.app.removeItem(items[10])
        #expect(harness.app.isAddEnabled)
        try await harness.app.addItem(TodoItem(deadline: Harness.deadline(500), title: "Now fits"))
        #expect(try await harness.fixture.application.throwing.scheduledLocalNotifications().count == 64)
    }
}
