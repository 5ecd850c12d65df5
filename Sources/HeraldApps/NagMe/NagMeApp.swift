import Foundation
import Logging
import NotificationModel
import Signals
import Synchronization
import UserNotifications

/// The "Nag me" alarm of seed 004 on the `UserNotifications` API: tasks saved to
/// `nag-me.json`, each with a bell; a task whose bell is on is reminded every
/// 60 seconds until the bell is turned off or a reminder is answered with
/// "Cancel". Reminders arriving while the page is open are shown too: the
/// delegate presents them, and the page shows them in place.
///
/// Actions: `list`, `addTask {title}`, `deleteTask {title}`, `toggle {title}`;
/// each replies with the list (``reply()``).
final class NagMeApp: NSObject, HeraldApp, UNUserNotificationCenterDelegate {
    /// The seed's `Identifiers`, so "cancel" and "Cancel" cannot be confused.
    enum Identifiers {
        static let reminderCategory = "reminder"
        static let cancelAction = "cancel"
    }

    static let maximumTasks = 64
    static let maximumTitleLength = 100

    let identifier: AppIdentifier = "app.herald.nag-me"
    let displayName = "Nag Me"
    let slug = "nag-me"
    var page: AppPage { get throws { try AppPage.bundled(slug) } }
    var changes: Signal<JSONValue, Never> { messages.signal }

    let center: UNUserNotificationCenter
    let queue: SerialQueue
    let registration = Registration()
    let messages = PageMessages()
    let logger = Logger(label: "herald.apps.nag-me")
    let store: DocumentStore<NagMeDocument>

    /// The app over `service`, with its tasks saved in `storage`.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` if the saved tasks cannot be read.
    init(service: any NotificationService, storage: any DocumentStorage) throws(HeraldAppError) {
        center = UNUserNotificationCenter(appIdentifier: "app.herald.nag-me", service: service)
        store = try DocumentStore(storage: storage, name: "nag-me.json", empty: NagMeDocument())
        queue = SerialQueue(guarding: store)
        super.init()
    }

    /// The seed's `application(_:didFinishLaunchingWithOptions:)`: become the
    /// delegate, register the reminder category, ask for alerts and sounds.
    func start() async throws {
        center.delegate = self
        store.observe { [messages] in messages.changed() }
        do {
            _ = try await center.throwing.notificationSettings()
            try await addCategory()
        } catch {
            throw HeraldAppError.converting(error)
        }
        registration.begin({ [center] in
            _ = try await center.requestAuthorization(options: [.sound, .alert])
        }, then: { [messages] in messages.changed() })
    }

    /// The seed's `addCategory()`: "Cancel" opens the app.
    private func addCategory() async throws {
        let cancelAction = UNNotificationAction(
            identifier: Identifiers.cancelAction, title: "Cancel", options: [.foreground])
        let category = UNNotificationCategory(
            identifier: Identifiers.reminderCategory, actions: [cancelAction], intentIdentifiers: [], options: [])
        try await center.throwing.setNotificationCategories([category])
    }

    func handle(action: String, body: JSONValue) async throws -> JSONValue {
        do {
            return try await perform(action, body)
        } catch {
            throw HeraldAppError.converting(error)
        }
    }

    private func perform(_ action: String, _ body: JSONValue) async throws -> JSONValue {
        switch action {
        case "list":
            try requireEmpty(body)
            return try await queue.run { try await self.reply() }
        case "addTask":
            let title = try ActionBody(body).text("title", maximumLength: Self.maximumTitleLength)
            return try await queue.run { try self.addTask(title); return try await self.reply() }
        case "deleteTask":
            let title = try ActionBody(body).identifier("title")
            return try await queue.run { try await self.deleteTask(title); return try await self.reply() }
        case "toggle":
            let title = try ActionBody(body).identifier("title")
            return try await queue.run {
                try await self.toggleReminder(for: title)
                return try await self.reply()
            }
        default:
            throw HeraldAppError.unknownAction(action, of: displayName)
        }
    }

    /// Tells the center whether the app is active. While the user has not
    /// answered the authorization request the center's queue waits for the
    /// answer, so the change is left to take effect then rather than awaited.
    func setPageOpen(_ isOpen: Bool) async {
        guard registration.progress != .waiting else { return center.setApplicationActive(isOpen) }
        do {
            try await center.throwing.setApplicationActive(isOpen)
        } catch {
            logger.error("telling the engine the page is \(isOpen ? "open" : "closed") failed: \(error)")
        }
    }
}
