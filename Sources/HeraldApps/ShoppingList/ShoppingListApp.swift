import Foundation
import LegacyNotifications
import Logging
import NotificationModel
import Signals
import Synchronization

/// "Shopping Alert" of seeds 000 and 003 on the iOS 8 API: a shopping list saved
/// to `shopping-list.json` and one interactive reminder whose "Delete list"
/// action empties the list without the page open, and whose "Edit list" action
/// opens the page with the add-item field focused.
///
/// Actions: `state`, `addItem {name}`, `deleteItem {id}`,
/// `scheduleReminder {date}`, `cancelReminder`; each replies with the state
/// (``reply(consumingFocus:)``).
final class ShoppingListApp: NSObject, HeraldApp, UIApplicationDelegate {
    static let categoryIdentifier = "shoppingListReminderCategory"
    static let justInform = "justInform"
    static let editList = "editList"
    static let trashAction = "trashAction"
    /// The seed's reminder text and its alert button.
    static let reminderBody = "Hey, you must go shopping, remember?"
    static let reminderAction = "View List"
    static let maximumItems = 200
    static let maximumNameLength = 200

    let identifier: AppIdentifier = "app.herald.shopping-list"
    let displayName = "Shopping List"
    let slug = "shopping-list"
    var page: AppPage { get throws { try AppPage.bundled(slug) } }
    var changes: Signal<JSONValue, Never> { messages.signal }

    let application: UIApplication
    let scheduler: any DateScheduler
    let calendar: Calendar
    let queue: SerialQueue
    let registration = Registration()
    let messages = PageMessages()
    let logger = Logger(label: "herald.apps.shopping-list")
    let store: DocumentStore<ShoppingListDocument>
    let state: Mutex<State>

    struct State {
        /// Set by "Edit list"; the page reads and clears it with the `state` action.
        var focusAddItem = false
    }

    /// The app over `service`, with the list saved in `storage`.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` if the saved list cannot be read.
    init(service: any NotificationService, storage: any DocumentStorage, scheduler: any DateScheduler, calendar: Calendar)
        throws(HeraldAppError)
    {
        application = UIApplication(appIdentifier: "app.herald.shopping-list", service: service)
        store = try DocumentStore(storage: storage, name: "shopping-list.json", empty: ShoppingListDocument())
        queue = SerialQueue(guarding: store)
        self.scheduler = scheduler
        self.calendar = calendar
        state = Mutex(State())
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
        let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [Self.reminderCategory()])
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
        case "state":
            try requireEmpty(body)
            return try await queue.run { try await self.reply(consumingFocus: true) }
        case "addItem":
            let name = try ActionBody(body).text("name", maximumLength: Self.maximumNameLength)
            return try await queue.run { try self.addItem(name); return try await self.reply() }
        case "deleteItem":
            let id = try ActionBody(body).identifier("id")
            return try await queue.run { try self.deleteItem(id); return try await self.reply() }
        case "scheduleReminder":
            let date = try ActionBody(body).date("date")
            return try await queue.run {
                try await self.scheduleReminder(at: date)
                return try await self.reply()
            }
        case "cancelReminder":
            try requireEmpty(body)
            return try await queue.run {
                try await self.application.throwing.cancelAllLocalNotifications()
                return try await self.reply()
            }
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
}
