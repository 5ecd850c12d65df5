public import Signals

extension NotificationEngine: NotificationService {
    public func requestAuthorization(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool {
        try await offloaded { try await self.requestAuthorizationNow(options: options, for: app) }
    }

    public func notificationSettings(for app: AppIdentifier) async throws -> NotificationSettings {
        try await offloaded { try self.preferences(for: app).settings }
    }

    public func setCategories(_ categories: [NotificationCategory], for app: AppIdentifier) async throws {
        try await offloaded { try self.setCategoriesNow(categories, for: app) }
    }

    public func categories(for app: AppIdentifier) async throws -> [NotificationCategory] {
        try await offloaded { try self.categoriesNow(for: app) }
    }

    @discardableResult
    public func add(_ request: NotificationRequest, for app: AppIdentifier) async throws -> AddResult {
        try await offloaded { try self.addNow([request], for: app) }
    }

    @discardableResult
    public func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        try await offloaded { try self.addNow(requests, for: app) }
    }

    public func pendingRequests(for app: AppIdentifier) async throws -> [PendingRequest] {
        try await offloaded { try self.pendingNow(for: app) }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws {
        try await offloaded { try self.removePendingNow(identifiers, for: app) }
    }

    public func removeAllPendingRequests(for app: AppIdentifier) async throws {
        try await offloaded { try self.removeAllPendingNow(for: app) }
    }

    public func deliveredNotifications(for app: AppIdentifier) async throws -> [Delivery] {
        try await offloaded { try self.deliveredNow(for: app) }
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws {
        try await offloaded { try self.removeDeliveredNow(identifiers, for: app) }
    }

    public func removeAllDeliveredNotifications(for app: AppIdentifier) async throws {
        try await offloaded { try self.removeDeliveredNow(nil, for: app) }
    }

    public func setBadgeCount(_ count: Int, for app: AppIdentifier) async throws {
        try await offloaded { try self.setBadgeNow(count, for: app) }
    }

    public func badgeCount(for app: AppIdentifier) async throws -> Int {
        try await offloaded { try self.badgeNow(for: app) }
    }

    public func setForeground(_ isForeground: Bool, for app: AppIdentifier) async throws {
        try await offloaded { try self.setForegroundNow(isForeground, for: app) }
    }

    public func showNotificationSettings(for app: AppIdentifier) async throws {
        try await offloaded {
            try Validator.validateApp(app)
            _ = try self.preferences(for: app)
            self.emit(.settingsShown(app: app))
        }
    }

    public func connect(_ handler: any NotificationAppHandler, for app: AppIdentifier) async throws -> any Disposable {
        try await offloaded { try self.connectNow(handler, for: app) }
    }

    public func deliveries(for app: AppIdentifier) -> Signal<Delivery, Never> {
        deliverySubject.signal.filter { $0.app == app }.map { [weak self] in self?.withStoreURLs($0) ?? $0 }
    }

    public func responses(for app: AppIdentifier) -> Signal<NotificationResponse, Never> {
        responseSubject.signal.filter { $0.delivery.app == app }.map { [weak self] response in
            var response = response
            response.delivery = self?.withStoreURLs(response.delivery) ?? response.delivery
            return response
        }
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

extension NotificationEngine {
    /// Runs `body` where waiting on the store holds none of Swift concurrency's
    /// threads: on the ``BlockingExecutor`` when the store's calls wait on a
    /// server (PostgreSQL), in place otherwise.
    func offloaded<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        guard coordination.waitsOnServer else { return try await body() }
        return try await withTaskExecutorPreference(BlockingExecutor.shared) { try await body() }
    }
}
