@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization

/// Records what the presenter opened, instead of running xdg-open.
final class RecordingOpener: AppOpener {
    private let opened = Mutex<[(url: String, token: String?)]>([])
    var urls: [String] { opened.withLock { $0.map(\.url) } }
    var tokens: [String?] { opened.withLock { $0.map(\.token) } }
    func open(_ url: String, activationToken: String?) { opened.withLock { $0.append((url, activationToken)) } }
}

/// An engine on virtual time whose deliveries go to a ``DesktopPresenter`` on a
/// ``MockDesktop``, with the Shopping List's reminder category.
struct DesktopFixture {
    let desktop: MockDesktop
    let scheduler = TestScheduler(startDate: Fixtures.start)
    let engine: NotificationEngine
    let presenter: DesktopPresenter
    let opener = RecordingOpener()
    let app = Fixtures.app

    /// The desktop's notification server advertises `capabilities`, with KDE's
    /// `Inhibited` unless it is `nil`; GNOME's settings are a keyfile of the desktop's
    /// own (`show-banners` on until a test changes it).
    init(
        capabilities: [String] = ["actions", "body", "body-markup", "persistence"], style: AlertStyle = .alert,
        onSQLite: Bool = false, callTimeout: Duration = .seconds(5), inhibited: Bool? = nil
    ) async throws {
        desktop = try await MockDesktop(capabilities: capabilities, inhibited: inhibited)
        engine = try NotificationEngine(
            store: onSQLite ? .sqlite(path: desktop.directory.path("engine.sqlite")) : .inMemory, scheduler: scheduler,
            configuration: NotificationEngine.Configuration(authorizationPolicy: .grantAll), presenters: [])
        var configuration = DesktopPresenter.Configuration(centerURL: "http://127.0.0.1:7878", applicationsDirectory: nil)
        configuration.callTimeout = callTimeout
        configuration.doNotDisturb.gnomeKeyfile = desktop.directory.path("config/glib-2.0/settings/keyfile")
        presenter = DesktopPresenter(
            connection: try MockDesktop.connect(desktop.sessionAddress), engine: engine, configuration: configuration,
            opener: opener)
        _ = engine.addPresenter(presenter)
        presenter.start(centerURL: "http://127.0.0.1:7878", apps: [(app, "Shopping List", "http://127.0.0.1:7878/apps/shopping-list/", 0)])
        _ = try await engine.requestAuthorization(options: [.alert, .sound, .badge], for: app)
        try engine.updatePreferences(for: app) { $0.alertStyle = style }
        try await engine.setCategories([
            NotificationCategory(
                identifier: "shoppingListReminderCategory",
                actions: [Fixtures.justInform, Fixtures.editList, Fixtures.trash]),
            NotificationCategory(identifier: "dismissible", actions: [Fixtures.justInform], options: .customDismissAction),
            NotificationCategory(identifier: "chat", actions: [Fixtures.reply]),
        ], for: app)
    }

    /// Schedules `identifier` in `category` a minute ahead and lets it fire; returns
    /// its delivery once the server has shown it, with the server's id.
    func deliver(
        _ identifier: String = "reminder", category: String = "shoppingListReminderCategory", title: String = "Shopping List",
        attachments: [NotificationAttachment] = []
    ) async throws -> (Delivery, serverID: UInt32) {
        let before = try desktop.notifyCalls().count
        var content = NotificationContent(
            title: title, body: "Don't forget your shopping list!", sound: .default, categoryIdentifier: category)
        content.attachments = attachments
        try await engine.add(
            NotificationRequest(
                identifier: identifier, content: content,
                trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false))),
            for: app)
        scheduler.advance(by: 60)
        try await MockDesktop.eventually("Notify") { try desktop.notifyCalls().count > before }
        let delivery = try await engine.deliveredNotifications(for: app).first { $0.request.identifier == identifier }
        let serverID = try await waitForServerID(of: delivery!.id)
        return (delivery!, serverID)
    }

    /// The server's id of the delivery, once `Notify` answered.
    func waitForServerID(of id: DeliveryID) async throws -> UInt32 {
        var found: UInt32?
        try await MockDesktop.eventually("the server's id") {
            presenter.flush()
            found = presenter.state.withLock { $0.entries[id]?.serverID }
            return found != nil
        }
        return found!
    }

    /// Whether the delivery is still unanswered in the notification center.
    func isListed(_ id: DeliveryID) async throws -> Bool {
        try await engine.deliveredNotifications(for: app).contains { $0.id == id }
    }

    /// Waits until the engine has the app's response to `id` (or gives up).
    func response(to id: DeliveryID, recorder: ResponseRecorder) async throws -> NotificationResponse {
        var found: NotificationResponse?
        try await MockDesktop.eventually("a response to \(id)") {
            presenter.flush()
            found = recorder.responses.first { $0.delivery.id == id }
            return found != nil
        }
        return found!
    }
}

/// The responses that reach an app.
final class ResponseRecorder: Sendable {
    private final class Box: Sendable {
        let received = Mutex<[NotificationResponse]>([])
    }

    private let box = Box()
    private let subscription: any Disposable

    init(_ engine: NotificationEngine, app: AppIdentifier) {
        let box = self.box
        subscription = engine.responses(for: app).subscribeNext { response in box.received.withLock { $0.append(response) } }
    }

    deinit { subscription.dispose() }

    var responses: [NotificationResponse] { box.received.withLock { $0 } }
}
