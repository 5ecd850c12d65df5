public import Foundation
public import Signals

/// Everything an app does with notifications, for one app at a time: the one
/// interface that `UNUserNotificationCenter` and `UIApplication` use, served by
/// ``NotificationEngine`` in process and, later, by the Herald daemon over HTTP.
///
/// Every method names the app it acts for; an app sees and changes only its own
/// requests, deliveries, categories and settings. A refused call throws a
/// ``NotificationError`` and changes nothing; every throwing call refuses an
/// invalid app identifier with ``NotificationError/Code/invalidAppIdentifier``,
/// and a failing store with ``NotificationError/Code/storeFailure``.
///
/// ```swift
/// func startNagging(about task: String, with service: any NotificationService, as app: AppIdentifier)
///     async throws
/// {
///     guard try await service.requestAuthorization(options: [.alert, .sound], for: app) else { return }
///     let cancel = NotificationAction(identifier: "cancel", title: "Cancel", options: .foreground)
///     try await service.setCategories([NotificationCategory(identifier: "reminder", actions: [cancel])], for: app)
///     let content = NotificationContent(
///         title: "Task Reminder", body: task, sound: .default, categoryIdentifier: "reminder")
///     let trigger = NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 60, repeats: true))
///     try await service.add(NotificationRequest(identifier: task, content: content, trigger: trigger), for: app)
/// }
/// ```
public protocol NotificationService: Sendable {
    // MARK: Authorization and settings

    /// Asks the user once whether the app may post notifications; later calls
    /// return the stored answer without asking. Returns whether it is authorized.
    ///
    /// With the engine's ``NotificationEngine/AuthorizationPolicy/ask`` policy the
    /// first call waits until the user answers through a presenter
    /// (``NotificationEngine/answerAuthorization(for:granted:)``); calls made
    /// meanwhile wait for the same answer. ``NotificationEngine/AuthorizationPolicy/grantAll``
    /// and ``NotificationEngine/AuthorizationPolicy/denyAll`` answer at once.
    ///
    /// - Parameters:
    ///   - options: What the app wants to use; a grant covers these options only.
    ///   - app: The app asking.
    /// - Returns: `true` if the app is authorized, `false` if it is denied.
    func requestAuthorization(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool

    /// The app's notification settings: its authorization and what its
    /// notifications may use, as the user left them.
    func notificationSettings(for app: AppIdentifier) async throws -> NotificationSettings

    // MARK: Categories

    /// Replaces the app's categories with `categories`; an empty array removes them all.
    ///
    /// The categories are checked together (see ``NotificationLimits``); a bad one
    /// is refused with ``NotificationError/Code/invalidCategory`` or
    /// ``NotificationError/Code/invalidIdentifier`` and the old categories stay.
    /// A delivery keeps the category it was made with (``Delivery/category``):
    /// responses to it are checked against that, whatever is registered since.
    func setCategories(_ categories: [NotificationCategory], for app: AppIdentifier) async throws

    /// The app's registered categories, in the order they were set; empty until it sets some.
    func categories(for app: AppIdentifier) async throws -> [NotificationCategory]

    // MARK: Pending requests

    /// Schedules a request, replacing a pending one with the same identifier.
    /// Returns the identifiers of requests dropped to keep the pending limit.
    ///
    /// The app must be authorized (else ``NotificationError/Code/notificationsNotAllowed``)
    /// and the request valid: see ``NotificationLimits`` and the rules of
    /// ``NotificationContent`` and ``NotificationTrigger``. A request without a
    /// trigger is delivered before the call returns.
    ///
    /// When the app would have more pending requests than the engine's
    /// ``NotificationEngine/Configuration/pendingLimitPerApp``, the latest-firing
    /// ones are dropped (a repeating request counts once, by its next fire date;
    /// location-triggered ones count as firing last). If the new request would
    /// itself be dropped, it is refused with ``NotificationError/Code/pendingLimitReached``
    /// and nothing changes.
    ///
    /// - Parameters:
    ///   - request: The request to schedule.
    ///   - app: The app it belongs to.
    /// - Returns: The requests of the app that were dropped to make room.
    @discardableResult
    func add(_ request: NotificationRequest, for app: AppIdentifier) async throws -> AddResult

    /// Schedules many requests in one transaction: all of them or, if one is
    /// invalid, none.
    ///
    /// Each request is handled as the single-request `add` handles it; of two
    /// requests with the same identifier, the later one wins. The pending limit
    /// applies to the whole batch: if any new request would be dropped, none is added.
    @discardableResult
    func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult

    /// The app's requests waiting to fire, soonest first; location-triggered
    /// requests, which have no fire date, come last.
    func pendingRequests(for app: AppIdentifier) async throws -> [PendingRequest]

    /// Removes the app's pending requests with these identifiers, so they do not
    /// fire again. An identifier that is not pending, such as that of a one-shot
    /// request that already fired, is ignored. Delivered notifications stay.
    func removePendingRequests(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws

    /// Removes every pending request of the app. Delivered notifications stay.
    func removeAllPendingRequests(for app: AppIdentifier) async throws

    // MARK: Delivered notifications

    /// The app's notifications in the notification center, oldest first: those
    /// delivered and not yet answered, removed or replaced by a later delivery of
    /// the same request identifier.
    func deliveredNotifications(for app: AppIdentifier) async throws -> [Delivery]

    /// Takes the app's deliveries of the requests with these identifiers (request
    /// identifiers, not ``DeliveryID``s) out of the notification center; the
    /// presenters withdraw them. Unknown identifiers are ignored. A response to a
    /// removed delivery is still accepted.
    func removeDeliveredNotifications(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws

    /// Takes all of the app's deliveries out of the notification center, as
    /// ``removeDeliveredNotifications(withIdentifiers:for:)`` does.
    func removeAllDeliveredNotifications(for app: AppIdentifier) async throws

    // MARK: Badge and app state

    /// Sets the app's badge number and tells the presenters; `0` clears the
    /// badge. A negative count is refused with ``NotificationError/Code/badgeInputInvalid``.
    func setBadgeCount(_ count: Int, for app: AppIdentifier) async throws

    /// The app's badge number: the last one set by the app or by a delivered
    /// notification's ``NotificationContent/badge``; `0` for a new app.
    func badgeCount(for app: AppIdentifier) async throws -> Int

    /// Tells the engine whether the app is in the foreground, where its
    /// handler's `willPresent` decides how a notification is shown.
    ///
    /// A notification that arrives while the app is in the foreground with no
    /// handler connected is neither shown nor kept in the notification center. A
    /// response that opens the app (a tap, a foreground action) brings it to the
    /// foreground too.
    func setForeground(_ isForeground: Bool, for app: AppIdentifier) async throws

    /// The app asks to show the user its notification settings, as iOS apps do by
    /// opening `UIApplication.openNotificationSettingsURLString`: the notification
    /// center shows the app's settings.
    func showNotificationSettings(for app: AppIdentifier) async throws

    // MARK: Remote notifications

    /// Registers the app with the push service and returns its device token
    /// (32 bytes): what its server sends pushes to. The same token comes back at
    /// each later call until the app unregisters, as `UIApplication`'s
    /// `registerForRemoteNotifications()` hands it to the app's delegate.
    ///
    /// - Throws: ``NotificationError/Code/remoteNotificationsUnavailable`` when no
    ///   push service is configured, or it cannot be reached or refuses.
    func registerForRemoteNotifications(for app: AppIdentifier) async throws -> Data

    /// Forgets the app's device token: the push service refuses pushes to it from
    /// now on (`Unregistered`). Does nothing for an app that is not registered.
    ///
    /// - Throws: ``NotificationError/Code/remoteNotificationsUnavailable`` as
    ///   ``registerForRemoteNotifications(for:)`` does.
    func unregisterForRemoteNotifications(for app: AppIdentifier) async throws

    /// Whether the app holds a device token.
    ///
    /// - Throws: ``NotificationError/Code/remoteNotificationsUnavailable`` as
    ///   ``registerForRemoteNotifications(for:)`` does.
    func isRegisteredForRemoteNotifications(for app: AppIdentifier) async throws -> Bool

    // MARK: The app's side

    /// Connects the running app: it is asked how to present deliveries while in
    /// the foreground and receives the user's responses, first those that came
    /// while it was not connected. Disposing disconnects.
    ///
    /// An app has one connection per ``AppHandlerRole`` of its handler:
    /// connecting again with a handler of the same role replaces the earlier
    /// one, and disposing a replaced connection does nothing. A handler of the
    /// other role is kept beside it: notifications (`willPresent`, responses,
    /// settings) go to the ``AppHandlerRole/notifications`` handler if one is
    /// connected, else to the ``AppHandlerRole/application`` one; background
    /// pushes to the application handler if one is connected, else to the
    /// notification handler. The responses waiting at a connection go to the
    /// handler that receives notifications after it. A response counts as
    /// handled once the handler calls its completion handler (or the call times
    /// out); one still unhandled when the engine stops is handed over again at the
    /// app's first connection after the restart.
    func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable

    /// Every delivery of the app, as it fires (after it is committed), whether or
    /// not it is shown. Hot: a subscriber sees the deliveries made after it
    /// subscribes.
    func deliveries(for app: AppIdentifier) -> Signal<Delivery, Never>

    /// Every response the user gives to the app's notifications that reaches the
    /// app: taps, actions, text, and dismissals for categories with
    /// ``NotificationCategory/Options/customDismissAction``. Hot, and sent whether or
    /// not a handler is connected.
    func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never>

    // MARK: The user's side

    /// Answers a delivery as the user: `actionIdentifier` is
    /// ``NotificationAction/defaultIdentifier`` for a tap,
    /// ``NotificationAction/dismissIdentifier`` for a dismissal or one of the
    /// category's actions; `userText` is the text of a text-input action;
    /// `authenticated` says whether the user is authenticated, which
    /// ``NotificationAction/Options/authenticationRequired`` actions need.
    ///
    /// The answered delivery leaves the notification center and cannot be answered
    /// again. A tap or a ``NotificationAction/Options/foreground`` action opens the
    /// app; the response then reaches the app as ``responses(for:)`` describes.
    ///
    /// - Parameters:
    ///   - delivery: The delivery answered; it must be the app's and not yet answered
    ///     (else ``NotificationError/Code/deliveryNotFound``).
    ///   - actionIdentifier: What the user chose; an action the delivery's category
    ///     (``Delivery/category``, as it was when the request fired) lacks is refused
    ///     with ``NotificationError/Code/invalidResponse``.
    ///   - userText: The text typed into a text-input action; `nil` for anything
    ///     else (a mismatch is ``NotificationError/Code/invalidResponse``).
    ///   - authenticated: Whether the user is authenticated (else
    ///     ``NotificationError/Code/authenticationRequired`` for an action that needs it).
    ///   - app: The app the delivery belongs to.
    func respond(
        to delivery: DeliveryID,
        actionIdentifier: String,
        userText: String?,
        authenticated: Bool,
        for app: AppIdentifier
    ) async throws
}

/// What an add did.
public struct AddResult: Sendable, Hashable, Codable {
    /// Requests of the app removed to keep the pending limit: the latest-firing
    /// ones. Empty when the limit was not reached.
    public var evictedIdentifiers: [String]

    /// A result that names the requests evicted; none by default.
    public init(evictedIdentifiers: [String] = []) {
        self.evictedIdentifiers = evictedIdentifiers
    }
}

/// The running app's side of the engine: how a notification arriving in the
/// foreground is shown, and what the user answered.
///
/// An app may connect two handlers, one of each ``role``
/// (``NotificationService/connect(_:for:)``).
///
/// Each method must call its completion handler exactly once; one that is not
/// called within the engine's ``NotificationEngine/Configuration/handlerTimeout``
/// is logged and treated as called (with no presentation for `willPresent`).
public protocol NotificationAppHandler: Sendable {
    /// Which face of the app this handler is; ``AppHandlerRole/notifications``
    /// by default.
    var role: AppHandlerRole { get }

    /// The app is in the foreground and a notification arrived: decide how it is
    /// shown. No options means it is not shown.
    ///
    /// - Parameters:
    ///   - delivery: The notification that arrived.
    ///   - completionHandler: Call it once with the options to present with: for
    ///     instance `[.banner, .list, .sound]`, or `[]` to show nothing and keep
    ///     nothing in the notification center.
    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void)

    /// The user answered a notification. Runs whether the app is in the
    /// foreground or not: a background action reaches the app without opening it.
    ///
    /// - Parameters:
    ///   - response: What the user did.
    ///   - completionHandler: Call it once the response is handled; a response
    ///     whose completion handler was not called when the engine stopped is
    ///     handed over again after the restart.
    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void)

    /// The user asked for the app's own notification settings (the app asked
    /// for ``AuthorizationOptions/providesAppNotificationSettings``): open them.
    ///
    /// - Parameter delivery: The notification the user asked from, or `nil`
    ///   when asked from the notification center's settings.
    func openSettings(from delivery: Delivery?)

    /// A push asking for a background fetch (`content-available`) reached the
    /// running app: fetch what it announces, then call `completionHandler` once
    /// with the result, within the handler timeout (30 s by default; a call that
    /// does not come is logged). iOS's `didReceiveRemoteNotification` with its
    /// `fetchCompletionHandler`.
    ///
    /// - Parameters:
    ///   - userInfo: The push's whole JSON payload, `aps` included.
    ///   - completionHandler: Call it once the fetch is done.
    func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void)
}

extension NotificationAppHandler {
    /// The app's notification handler.
    public var role: AppHandlerRole { .notifications }

    /// Does nothing: an app without settings of its own.
    public func openSettings(from delivery: Delivery?) {}

    /// Fetches nothing: calls `completionHandler` with ``BackgroundFetchResult/noData``.
    public func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
}
