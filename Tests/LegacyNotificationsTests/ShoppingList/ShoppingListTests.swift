import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import Signals
import Testing

@Suite("Acceptance: Shopping Alert (seeds 000, 003)")
struct ShoppingListTests {
    /// The app on a fresh engine and directory, with notifications set up.
    struct Harness {
        let fixture: LegacyFixture
        let directory: TemporaryDirectory
        let app: ShoppingList

        init() async throws {
            fixture = try LegacyFixture()
            directory = try TemporaryDirectory()
            app = try ShoppingList(
                application: fixture.application, directory: directory.url, calendar: LegacyFixture.calendar)
            try await app.setupNotificationSettings()
        }

        /// The app as it starts next time, from the saved list.
        func relaunched() throws -> ShoppingList {
            let application = UIApplication(appIdentifier: "com.example.relaunched", service: fixture.engine)
            return try ShoppingList(application: application, directory: directory.url, calendar: LegacyFixture.calendar)
        }

        var savedFile: Data {
            get throws { try Data(contentsOf: directory.url.appendingPathComponent(ShoppingList.fileName)) }
        }

        /// Adds three items and lets a reminder for 14:00 fire with the app in the background.
        func remindedAtTwo() async throws {
            for item in ["Milk", "Eggs", "Bread"] {
                try app.addItem(item)
            }
            try await app.scheduleReminder(at: LegacyFixture.date(2025, 1, 15, 14, 0, 37))
            fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 15, 14, 0))
        }
    }

    @Test("Items are added and deleted, and the list is saved")
    func addAndDelete() async throws {
        let harness = try await Harness()
        #expect(harness.app.items.isEmpty)
        for item in ["Milk", "Eggs", "Bread"] {
            try harness.app.addItem(item)
        }
        try harness.app.removeItem(at: 1)
        #expect(harness.app.items == ["Milk", "Bread"])
        #expect(try JSONDecoder().decode([String].self, from: harness.savedFile) == ["Milk", "Bread"])
        #expect(try harness.relaunched().items == ["Milk", "Bread"])
    }

    @Test("Setup registers the reminder category with its three actions")
    func category() async throws {
        let harness = try await Harness()
        let settings = try await harness.fixture.application.throwing.currentUserNotificationSettings()
        #expect(settings.types == [.alert, .sound])
        let category = try #require(try await harness.fixture.engine.categories(for: harness.fixture.app).first)
        #expect(category.identifier == "shoppingListReminderCategory")
        #expect(category.actions.map(\.identifier) == ["justInform", "editList", "trashAction"])
        #expect(category.actions.map(\.title) == ["OK, got it", "Edit list", "Delete list"])
        #expect(category.actions.map(\.options) == [
            [], [.foreground, .authenticationRequired], [.destructive, .authenticationRequired],
        ])
        #expect(category.minimalActions?.map(\.identifier) == ["trashAction", "editList"])
        try await harness.app.setupNotificationSettings()
        #expect(try await harness.fixture.engine.categories(for: harness.fixture.app) == [category])
    }

    @Test("The reminder fires at the picked minute, second zero, with every action")
    func firesAtWholeMinute() async throws {
        let harness = try await Harness()
        let picked = LegacyFixture.date(2025, 1, 15, 14, 0, 37)
        try await harness.app.scheduleReminder(at: picked)
        let scheduled = try #require(try await harness.fixture.application.throwing.scheduledLocalNotifications().first)
        #expect(scheduled.fireDate == LegacyFixture.date(2025, 1, 15, 14, 0, 0))
        #expect(scheduled.alertAction == "View List")
        harness.fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 15, 13, 59, 59))
        #expect(harness.fixture.presenter.presentations.isEmpty)
        harness.fixture.scheduler.advance(to: picked)
        let shown = try #require(harness.fixture.presenter.presentations.first)
        #expect(harness.fixture.presenter.presentations.count == 1)
        #expect(shown.delivery.date == LegacyFixture.date(2025, 1, 15, 14, 0, 0))
        #expect(shown.delivery.request.content.body == "Hey, you must go shopping, remember?")
        #expect(shown.actions.map(\.identifier) == ["justInform", "editList", "trashAction"])
        #expect(shown.bannerActions.map(\.identifier) == ["trashAction", "editList"])
    }

    @Test("Scheduling again cancels the old reminder: exactly one is pending")
    func reschedule() async throws {
        let harness = try await Harness()
        try await harness.app.scheduleReminder(at: LegacyFixture.date(2025, 1, 15, 14, 0))
        try await harness.app.scheduleReminder(at: LegacyFixture.date(2025, 1, 15, 15, 30, 12))
        let scheduled = try await harness.fixture.application.throwing.scheduledLocalNotifications()
        #expect(scheduled.map(\.fireDate) == [LegacyFixture.date(2025, 1, 15, 15, 30)])
        harness.fixture.scheduler.advance(to: LegacyFixture.date(2025, 1, 15, 16, 0))
        #expect(harness.fixture.presenter.presentations.map(\.delivery.date) == [LegacyFixture.date(2025, 1, 15, 15, 30)])
    }

    @Test("\"Delete list\" empties and saves the list while the app stays in the background")
    func deleteList() async throws {
        let harness = try await Harness()
        try await harness.remindedAtTwo()
        let refused = await #expect(throws: NotificationError.self) {
            try await harness.fixture.respondToLastShown(with: ShoppingList.trashAction, authenticated: false)
        }
        #expect(refused?.code == .authenticationRequired)
        #expect(harness.app.items == ["Milk", "Eggs", "Bread"])
        try await harness.fixture.respondToLastShown(with: ShoppingList.trashAction, authenticated: true)
        #expect(harness.app.items.isEmpty)
        #expect(harness.app.lastError == nil)
        #expect(try JSONDecoder().decode([String].self, from: harness.savedFile).isEmpty)
        #expect(try harness.relaunched().items.isEmpty, "next time the app opens, the list is gone")
        #expect(harness.fixture.application.applicationState == .background)
        #expect(!harness.app.isAddItemFieldFocused)
    }

    @Test("\"Edit list\" opens the app with the add-item field focused")
    func editList() async throws {
        let harness = try await Harness()
        try await harness.remindedAtTwo()
        #expect(!harness.app.isAddItemFieldFocused)
        try await harness.fixture.respondToLastShown(with: ShoppingList.editList, authenticated: true)
        #expect(harness.fixture.application.applicationState == .active)
        #expect(harness.app.isAddItemFieldFocused)
        #expect(harness.app.items == ["Milk", "Eggs", "Bread"])
        try harness.app.addItem("Butter")
        #expect(!harness.app.isAddItemFieldFocused)
        #expect(harness.app.items == ["Milk", "Eggs", "Bread", "Butter"])
    }

    @Test("\"OK, got it\" changes nothing")
    func justInform() async throws {
        let harness = try await Harness()
        try await harness.remindedAtTwo()
        let before = try harness.savedFile
        try await harness.fixture.respondToLastShown(with: ShoppingList.justInform, authenticated: false)
        #expect(harness.app.items == ["Milk", "Eggs", "Bread"])
        #expect(try harness.savedFile == before)
        #expect(harness.fixture.application.applicationState == .background)
        #expect(!harness.app.isAddItemFieldFocused)
        #expect(try await harness.fixture.engine.deliveredNotifications(for: harness.fixture.app).isEmpty)
    }
}
