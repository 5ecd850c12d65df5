import Foundation
import Logging
import Signals

extension NotificationEngine {
    /// Delivers a push that reached this device for `app`, as iOS does with a
    /// remote notification.
    ///
    /// An alert push (something to show) becomes a delivery as a request without
    /// a trigger does, through the one adding path: its request's identifier is
    /// the push's ``RemoteNotification/requestIdentifier``, so a later push with
    /// the same collapse identifier replaces the delivered one; its trigger is
    /// ``NotificationTrigger/push``. It does not count against the pending limit.
    /// The foreground app's `willPresent` decides as for a local notification,
    /// and its category's actions and the responses to it work the same way.
    /// A background push (content available, nothing to show) is neither shown
    /// nor stored as a delivery; a push for an app the user has not authorized is
    /// not shown. The result says which (``RemoteDeliveryResult``).
    ///
    /// ```swift
    /// let push = RemoteNotification(
    ///     id: UUID(), content: NotificationContent(title: "New message", body: "Lunch?"),
    ///     collapseIdentifier: "chat-42")
    /// let result = try await engine.deliverRemoteNotification(push, for: "com.example.chat")
    /// // .delivered(requestIdentifier: "chat-42")
    /// ```
    ///
    /// - Throws: ``NotificationError`` when the push cannot become a delivery and
    ///   nothing changed: an invalid app identifier, content refused as any
    ///   content is (``NotificationError/Code/payloadTooLarge``,
    ///   ``NotificationError/Code/unknownCategory``, …), a collapse identifier
    ///   too long for a request identifier, or a store failure.
    public func deliverRemoteNotification(
        _ push: RemoteNotification, for app: AppIdentifier
    ) async throws -> RemoteDeliveryResult {
        try await offloaded { try self.deliverRemoteNow(push, for: app) }
    }

    private func deliverRemoteNow(_ push: RemoteNotification, for app: AppIdentifier) throws -> RemoteDeliveryResult {
        let record = try record(Self.validated(app))
        let request = NotificationRequest(identifier: push.requestIdentifier, content: push.content, trigger: .push)
            .canonical
        let route = RemoteNotificationPolicy.route(push, authorization: record.preferences.authorizationStatus)
        guard route == .alert else {
            // Checked as the adding flow checks an alert push, so bad content is refused on every route.
            try Validator.validatePushed(request, categories: record.categories, now: scheduler.now)
            logger.info("push \(push.id) for \(app) is not shown: \(route)")
            return Self.result(of: route, request)
        }
        do {
            _ = try addEach([GroupedAdd([request], for: app)], origin: .push)[0].get()
        } catch let error as NotificationError where error.code == .notificationsNotAllowed {
            // The user withdrew the app's authorization since its record was read.
            logger.info("push \(push.id) for \(app) is not shown: \(error.message)")
            return .notAuthorized
        }
        return .delivered(requestIdentifier: request.identifier)
    }

    private static func validated(_ app: AppIdentifier) throws -> AppIdentifier {
        try Validator.validateApp(app)
        return app
    }

    private static func result(
        of route: RemoteNotificationPolicy.Route, _ request: NotificationRequest
    ) -> RemoteDeliveryResult {
        switch route {
        case .alert: .delivered(requestIdentifier: request.identifier)
        case .background: .background
        case .notAuthorized: .notAuthorized
        case .empty: .empty
        }
    }
}
