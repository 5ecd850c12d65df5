import Foundation
import LegacyNotifications
import Logging
import NotificationModel
import Signals
import Synchronization

/// The to-do list with deadlines of seed 001 on the iOS 8 API: items saved to
/// `todo.json`, each with a reminder "Todo Item "…" Is Overdue" at its deadline;
/// completing an item cancels its reminder; at most 64 items, the most
/// notifications iOS keeps scheduled.
///
/// Actions: `list`, `add {title, deadline}`, `complete {UUID}` (also named
/// `delete`); each replies with the list (``reply()``). The page fetches the
/// list again when told: when a reminder fires while it is open, and when it
/// opens.
final class TodoApp: NSObject, HeraldApp, UIApplicationDelegate {
    /// iOS keeps at most 64 scheduled notifications per app.
    static let maximumItems = 64
    static let maximumTitleLength = 200
    /// The seed's category; registered with no actions, as the seed has none.
    static let categoryIdentifier = "TODO_CATEGORY"

    let identifier: AppIdentifier = "app.herald.todo"
    let displayName = "Todo"
    let slug = "todo"
    var page: AppPage { get throws { try AppPage.bundled(slug) } }
    var changes: Signal<JSONValue, Never> { messages.signal }

    let application: UIApplication
    let scheduler: any DateScheduler
    let queue: SerialQueue
    let registration = Registration()
    let messages = PageMessages()
    let logger = Logger(label: "herald.apps.todo")
    let store: DocumentStore<TodoDocument>

    /// The app over `service`, with its items saved in `storage`.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` if the saved items cannot be read.
    init(service: any NotificationService, storage: any DocumentStorage, scheduler: any DateScheduler)
        throws(HeraldAppError)
    {
        application = UIApplication(appIdentifier: "app.herald.todo", service: service)
        store = try DocumentStore(storage: storage, name: "todo.json", empty: TodoDocument())
        queue = SerialQueue(guarding: store)
        self.scheduler = scheduler
        super.init()
    }

    func start() async throws {
        application.delegate = self
        store.observe { [messages] in messages.changed() }
        do {
            _ = try await application.throwing.currentUserNotificationSettings()
        } catch {
            throw HeraldAppError.converting(error)
        }
        let category = UIMutableUserNotificationCategory()
        category.identifier = Self.categoryIdentifier
        let settings = UIUserNotificationSettings(types: [.alert, .badge, .sound], categories: [category])
        registration.begin({ [application] in
            try await application.throwing.registerUserNotificationSettings(settings)
        }, then: { [messages] in messages.changed() })
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
        case "add":
            let fields = try ActionBody(body)
            let title = try fields.text("title", maximumLength: Self.maximumTitleLength)
            let deadline = try fields.date("deadline")
            return try await queue.run {
                try await self.addItem(title: title, deadline: deadline)
                return try await self.reply()
            }
        case "complete", "delete":
            let uuid = try ActionBody(body).identifier("UUID")
            return try await queue.run { try await self.removeItem(uuid); return try await self.reply() }
        default:
            throw HeraldAppError.unknownAction(action, of: displayName)
        }
    }

    func setPageOpen(_ isOpen: Bool) async {
        do {
            try await queue.run { try await self.application.setApplicationState(isOpen ? .active : .background) }
        } catch {
            logger.error("telling the engine the page is \(isOpen ? "open" : "closed") failed: \(error)")
        }
    }

    // MARK: UIApplicationDelegate

    /// A reminder arrived while the page is open: the page shows it and fetches
    /// the list, where the item is now overdue. A tapped reminder only refreshes.
    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        if application.applicationState != .inactive {
            messages.notification(
                title: notification.alertTitle ?? displayName, body: notification.alertBody,
                identifier: notification.userInfo?["UUID"] as? String ?? "")
        }
        messages.changed()
    }

    /// The page opened: it fetches the list, with overdue items as of now.
    func applicationDidBecomeActive(_ application: UIApplication) {
        messages.changed()
    }
}
