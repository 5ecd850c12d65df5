public import NotificationModel
public import Signals

/// One of the bundled apps: a page and a JSON API served by the daemon, its logic
/// running in the daemon's process.
///
/// The daemon serves ``page`` at `/apps/{slug}/`, forwards
/// `POST /apps/{slug}/api/{action}` to ``handle(action:body:)``, pushes each value
/// of ``changes`` to the open page over the WebSocket at `/apps/{slug}/events`,
/// and reports with ``setPageOpen(_:)`` whether a page is connected.
///
/// ```swift
/// let apps = try BundledApps.make(service: engine, directory: dataDirectory, scheduler: scheduler)
/// for app in apps { try await app.start() }
/// let todo = apps.first { $0.slug == "todo" }!
/// let reply = try await todo.handle(
///     action: "add", body: ["title": "Pay rent", "deadline": "2026-01-31T09:00:00Z"])
/// ```
public protocol HeraldApp: AnyObject, Sendable {
    /// The app's identity in the engine: `"app.herald.shopping-list"`,
    /// `"app.herald.todo"` or `"app.herald.nag-me"`.
    var identifier: AppIdentifier { get }

    /// The app's name as the user sees it: "Shopping List", "Todo", "Nag Me".
    var displayName: String { get }

    /// The app's URL segment: `"shopping-list"`, `"todo"`, `"nag-me"`.
    var slug: String { get }

    /// The app's page: an HTML document with its script and style sheet (no inline
    /// script or style, no build step, no external URL), served at `/apps/{slug}/`.
    ///
    /// - Throws: ``HeraldAppError`` `pageMissing` when the page's files are not
    ///   installed with the module.
    var page: AppPage { get throws }

    /// Connects the app to the notification service: sets its delegate or
    /// handler, registers its categories and asks for authorization. Returns
    /// without waiting for the user's answer (with the engine's `.ask` policy the
    /// user answers in the notification center); until the answer, actions that
    /// schedule notifications are refused with the code `notificationsNotAllowed`.
    /// Call it once, as the daemon starts.
    func start() async throws

    /// Runs an action of the page's API: `POST /apps/{slug}/api/{action}` with a
    /// JSON body (``JSONValue/null`` when empty). Returns the JSON reply.
    ///
    /// - Throws: ``HeraldAppError``: `unknownAction` for an action the app does
    ///   not have, `invalidInput` for a bad body, `notFound`, `limitReached`,
    ///   `notificationsNotAllowed` or `storeFailure`. A refused action changes nothing.
    func handle(action: String, body: JSONValue) async throws -> JSONValue

    /// Messages for the open page, one JSON object each with a `"type"`:
    /// `"changed"` (fetch the state again), `"focusAddItem"` (fetch the state,
    /// which says to focus the add field) or `"notification"` (show `title` and
    /// `body` in the page). Hot: a subscriber sees the messages sent after it
    /// subscribes.
    var changes: Signal<JSONValue, Never> { get }

    /// The page was opened (the first WebSocket connected: the app is in the
    /// foreground) or closed (the last one went: the app is in the background).
    func setPageOpen(_ isOpen: Bool) async
}
