public import Signals

/// Everything an app does with notifications, for one app at a time: the one
/// interface that `UNUserNotificationCenter` and `UIApplication` use, served by
/// ``NotificationEngine`` in process and, later, by the Herald daemon over HTTP.
///
/// Every method names the app it acts for; an app sees and changes only its own
/// requests, deliveries, categories and settings. A refused call throws a
/// ``NotificationError`` and changes nothing.
public protocol NotificationService: Sendable {
    // MARK: Authorization and settings

    /// Asks the user once whether the app may post notifications; later calls
    /// return the stored answer without asking. Returns whether it is authorized.
    func requestAuthorization(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool
    func notificationSettings(for app: AppIdentifier) async throws -> NotificationSettings

    // MARK: Categories

    /// Replaces the app's categories.
    func setCategories(_ categories: [NotificationCategory], for app: AppIdentifier) async throws
    func categories(for app: AppIdentifier) async throws -> [NotificationCategory]

    // MARK: Pending requests

    /// Schedules a request, replacing a pending one with the same identifier.
    /// Returns the identifiers of requests dropped to keep the pending limit.
    @discardableResult
    func add(_ request: NotificationRequest, for app: AppIdentifier) async throws -> AddResult
    /// Schedules many requests in one transaction: all of them or, if one is
    /// invalid, none.
    @discardableResult
    func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult
    func pendingRequests(for app: AppIdentifier) async throws -> [PendingRequest]
    func removePendingRequests(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws
    func removeAllPendingRequests(for app: AppIdentifier) async throws

    // MARK: Delivered notifications

    /// The app's notifications in the notification center, oldest first.
    func deliveredNotifications(for app: AppIdentifier) async throws -> [Delivery]
    func removeDeliveredNotifications(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws
    func removeAllDeliveredNotifications(for app: AppIdentifier) async throws

    // MARK: Badge and app state

    func setBadgeCount(_ count: Int, for app: AppIdentifier) async throws
    func badgeCount(for app: AppIdentifier) async throws -> Int
    /// Tells the engine whether the app is in the foreground, where its
    /// handler's `willPresent` decides how a notification is shown.
    func setForeground(_ isForeground: Bool, for app: AppIdentifier) async throws

    // MARK: The app's side

    /// Connects the running app: it is asked how to present deliveries while in
    /// the foreground and receives the user's responses, first those that came
    /// while it was not connected. Disposing disconnects.
    func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable
    /// Every delivery of the app, as it fires.
    func deliveries(for app: AppIdentifier) -> Signal<Delivery, Never>
    /// Every response the user gives to the app's notifications.
    func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never>

    // MARK: The user's side

    /// Answers a delivery as the user: `actionIdentifier` is
    /// ``NotificationAction/defaultIdentifier`` for a tap,
    /// ``NotificationAction/dismissIdentifier`` for a dismissal or one of the
    /// category's actions; `userText` is the text of a text-input action;
    /// `authenticated` says whether the user is authenticated, which
    /// ``NotificationAction/Options/authenticationRequired`` actions need.
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
    /// Requests of the app removed to keep the pending limit: the latest-firing ones.
    public var evictedIdentifiers: [String]

    public init(evictedIdentifiers: [String] = []) {
        self.evictedIdentifiers = evictedIdentifiers
    }
}

/// The running app's side of the engine: how a notification arriving in the
/// foreground is shown, and what the user answered.
///
/// Each method must call its completion handler exactly once; one that is not
/// called within the engine's ``NotificationEngine/Configuration/handlerTimeout``
/// is logged and treated as called (with no presentation for `willPresent`).
public protocol NotificationAppHandler: Sendable {
    /// The app is in the foreground and a notification arrived: decide how it is
    /// shown. No options means it is not shown.
    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void)

    /// The user answered a notification.
    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void)
}
