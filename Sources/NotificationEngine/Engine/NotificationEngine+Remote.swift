import Foundation
import Logging
import Signals
import Synchronization

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
    /// and its category's actions and the responses to it work the same way; a
    /// push of a category the app has not registered is shown without actions
    /// (its category identifier kept), as on iOS, where an app's own request of
    /// one is refused.
    /// A background push (content available, nothing to show) is neither shown
    /// nor stored as a delivery; a push for an app the user has not authorized is
    /// not shown. The result says which (``RemoteDeliveryResult``). Every push
    /// with `content-available`, shown or not, goes to the running app's
    /// ``NotificationAppHandler/didReceiveRemoteNotification(_:completionHandler:)``
    /// (not waited for; a fetch that does not complete within the handler
    /// timeout is logged), and is announced on ``events`` as
    /// ``NotificationEvent/remoteNotificationReceived(app:id:userInfo:)``, with
    /// or without a handler connected, for apps connected over HTTP.
    ///
    /// A `mutable-content` alert push for an app with a service extension
    /// (``connectServiceExtension(_:for:)``) goes through it first, and this call
    /// waits for it: the content it gives within 30 s of the engine's clock (or
    /// during `serviceExtensionTimeWillExpire()`) is shown; content refused as any
    /// content is, or none in time, shows the push as it came (``ServiceExtensionHandler``).
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
    ///   ``NotificationError/Code/invalidNoContent``, …), a collapse identifier
    ///   too long for a request identifier, or a store failure.
    public func deliverRemoteNotification(
        _ push: RemoteNotification, for app: AppIdentifier
    ) async throws -> RemoteDeliveryResult {
        let shown = try await throughServiceExtension(push, for: app)
        guard shown != push else { return try await offloaded { try self.deliverRemoteNow(push, for: app) } }
        do {
            return try await offloaded { try self.deliverRemoteNow(shown, for: app, payload: push.content.userInfo) }
        } catch let error as NotificationError where error.code != .storeFailure {
            // Refused when it was added (an attachment that cannot be read, say): shown as it came.
            logger.warning("push \(push.id) for \(app) is shown as it came: its extension's content was refused: \(error)")
            return try await offloaded { try self.deliverRemoteNow(push, for: app) }
        }
    }

    /// Delivers `push`; a background fetch gets `payload`, the push's own (`nil`:
    /// `push`'s), where a service extension changed what is shown.
    private func deliverRemoteNow(
        _ push: RemoteNotification, for app: AppIdentifier, payload: [String: JSONValue]? = nil
    ) throws -> RemoteDeliveryResult {
        let record = try record(Self.validated(app))
        let request = NotificationRequest(identifier: push.requestIdentifier, content: push.content, trigger: .push)
            .canonical
        let route = RemoteNotificationPolicy.route(push, authorization: record.preferences.authorizationStatus)
        var delivered: RemoteDeliveryResult?
        if route == .alert {
            delivered = try deliverAlert(push, request, for: app)
        } else {
            // Checked as the adding flow checks an alert push, so bad content is refused on every route.
            try Validator.validatePushed(request, now: scheduler.now)
            logger.info("push \(push.id) for \(app) is not shown: \(route)")
        }
        let wakes = RemoteNotificationPolicy.wakesApp(push)
        let reached = wakes && announceAndWake(app, with: push, payload ?? push.content.userInfo)
        switch route {
        case .alert: return delivered ?? .notAuthorized
        case .background: return .background(reachedApp: reached)
        case .notAuthorized: return .notAuthorized
        case .empty: return .empty
        }
    }

    /// Adds the request an alert push becomes, which delivers it at once.
    private func deliverAlert(
        _ push: RemoteNotification, _ request: NotificationRequest, for app: AppIdentifier
    ) throws -> RemoteDeliveryResult {
        do {
            _ = try addEach([GroupedAdd([request], for: app)], origin: .push)[0].get()
        } catch let error as NotificationError where error.code == .notificationsNotAllowed {
            // The user withdrew the app's authorization since its record was read.
            logger.info("push \(push.id) for \(app) is not shown: \(error.message)")
            return .notAuthorized
        }
        return .delivered(requestIdentifier: request.identifier)
    }

    /// Tells ``events`` that a push asking for a fetch reached `app` (for an app
    /// connected over the daemon's event stream), then wakes its handler
    /// connected in process; `false` if there is none.
    private func announceAndWake(
        _ app: AppIdentifier, with push: RemoteNotification, _ payload: [String: JSONValue]
    ) -> Bool {
        emit(.remoteNotificationReceived(app: app, id: push.id, userInfo: payload))
        return wake(app, with: push, payload)
    }

    /// Hands the push's payload to the connected app's background fetch (its
    /// application handler's, else its notification handler's); `false` if no
    /// app is connected. A fetch not completed within the handler timeout is logged.
    private func wake(_ app: AppIdentifier, with push: RemoteNotification, _ payload: [String: JSONValue]) -> Bool {
        guard let handler = state.withLock({ $0.connections[app]?.remoteHandler }) else {
            logger.info("push \(push.id) for \(app) asks for a background fetch, but the app is not running")
            return false
        }
        let logger = logger
        let call = HandlerCall<BackgroundFetchResult>(
            engine: self, what: "didReceiveRemoteNotification for push \(push.id) of \(app)", fallback: .failed
        ) { result in
            logger.debug("the background fetch of \(app) for push \(push.id) ended: \(result)")
        }
        handler.didReceiveRemoteNotification(payload) { result in call.complete(result) }
        return true
    }

    private static func validated(_ app: AppIdentifier) throws -> AppIdentifier {
        try Validator.validateApp(app)
        return app
    }
}
