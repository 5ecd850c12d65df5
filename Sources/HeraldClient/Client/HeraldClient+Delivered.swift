public import HeraldAPI

extension HeraldClient {
    /// The app's notifications in the notification center, oldest first:
    /// `GET /v1/apps/{app}/delivered`.
    public func deliveredNotifications(for app: String) async throws -> [API.Delivery] {
        try await call(.get, ["v1", "apps", app, "delivered"], as: DeliveryList.self).deliveries
    }

    /// Takes the app's deliveries of one request identifier out of the
    /// notification center: `DELETE /v1/apps/{app}/delivered/{identifier}`.
    public func removeDeliveredNotification(_ identifier: String, for app: String) async throws {
        try await perform(.delete, ["v1", "apps", app, "delivered", identifier])
    }

    /// Takes all of the app's deliveries out of the notification center:
    /// `DELETE /v1/apps/{app}/delivered`.
    public func removeAllDeliveredNotifications(for app: String) async throws {
        try await perform(.delete, ["v1", "apps", app, "delivered"])
    }

    /// The app's badge number: `GET /v1/apps/{app}/badge`.
    public func badge(for app: String) async throws -> Int {
        try await call(.get, ["v1", "apps", app, "badge"], as: API.Badge.self).badge
    }

    /// Sets the app's badge number; 0 clears it: `PUT /v1/apps/{app}/badge`.
    @discardableResult
    public func setBadge(_ badge: Int, for app: String) async throws -> Int {
        try await call(.put, ["v1", "apps", app, "badge"], body: API.Badge(badge: badge), as: API.Badge.self).badge
    }

    /// One delivery, by its id: `GET /v1/deliveries/{deliveryID}`.
    public func delivery(_ id: String) async throws -> API.Delivery {
        try await call(.get, ["v1", "deliveries", id])
    }

    /// Answers a delivery as the user: `POST /v1/deliveries/{deliveryID}/response`.
    /// With the admin token the user counts as authenticated; with an app's token
    /// it does not, and `authenticationRequired` actions are refused.
    ///
    /// - Parameters:
    ///   - actionIdentifier: `com.apple.UNNotificationDefaultActionIdentifier` for a tap,
    ///     `com.apple.UNNotificationDismissActionIdentifier` for a dismissal, or one of
    ///     the category's actions.
    ///   - userText: The text of a text-input action.
    public func respond(to deliveryID: String, actionIdentifier: String, userText: String? = nil) async throws {
        let body = API.ResponseBody(actionIdentifier: actionIdentifier, userText: userText)
        try await perform(.post, ["v1", "deliveries", deliveryID, "response"], body: body)
    }
}

/// `{"deliveries": [...]}`.
struct DeliveryList: Codable, Sendable {
    var deliveries: [API.Delivery]
}
