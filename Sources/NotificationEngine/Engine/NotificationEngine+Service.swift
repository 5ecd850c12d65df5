public import Signals

extension NotificationEngine: NotificationService {
    public func requestAuthorization(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool {
        try await requestAuthorizationNow(options: options, for: app)
    }

    public func notificationSettings(for app: AppIdentifier) async throws -> NotificationSettings {
        try preferences(for: app).settings
    }

    public func setCategories(_ categories: [NotificationCategory], for app: AppIdentifier) async throws {
        try setCategoriesNow(categories, for: app)
    }

    public func categories(for app: AppIdentifier) async throws -> [NotificationCategory] {
        try categoriesNow(for: app)
    }

    @discardableResult
    public func add(_ request: NotificationRequest, for app: AppIdentifier) async throws -> AddResult {
        try addNow([request], for: app)
    }

    @discardableResult
    public func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        try addNow(requests, for: app)
    }

    public func pendingRequests(for app: AppIdentifier) async throws -> [PendingRequest] {
        try pendingNow(for: app)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws {
        try removePendingNow(identifiers, for: app)
    }

    public func removeAllPendingRequests(for app: AppIdentifier) async throws {
        try removeAllPendingNow(for: app)
    }

    public func deliveredNotifications(for app: AppIdentifier) async throws -> [Delivery] {
        try deliveredNow(for: app)
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws {
        try removeDeliveredNow(identifiers, for: app)
    }

    public func removeAllDeliveredNotifications(for app: AppIdentifier) async throws {
        try removeDeliveredNow(nil, for: app)
    }

    public func setBadgeCount(_ count: Int, for app: AppIdentifier) async throws {
        try setBadgeNow(count, for: app)
    }

    public func badgeCount(for app: AppIdentifier) async throws -> Int {
        try badgeNow(for: app)
    }

    public func setForeground(_ isForeground: Bool, for app: AppIdentifier) async throws {
        try setForegroundNow(isForeground, for: app)
    }

    public func showNotificationSettings(for app: AppIdentifier) async throws {
        try Validator.validateApp(app)
        _ = try preferences(for: app)
        emit(.settingsShown(app: app))
    }

    public func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable {
        try connectNow(handler, for: app)
    }

    public func deliveries(for app: AppIdentifier) -> Signal<Delivery, Never> {
        deliverySubject.signal.filter { $0.app == app }
    }

    public func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never> {
        responseSubject.signal.filter { $0.delivery.app == app }
    }

    public func respond(
        to delivery: DeliveryID, actionIdentifier: String, userText: String?, authenticated: Bool,
        for app: AppIdentifier
    ) async throws {
        try respondNow(
            to: delivery, actionIdentifier: actionIdentifier, userText: userText, authenticated: authenticated,
            for: app)
    }
}
