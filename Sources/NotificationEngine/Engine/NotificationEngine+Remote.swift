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
        guard shown != push else {
            return try await offloaded { try self.deliverRemoteEach([GroupedPush(push, for: app)])[0].get() }
        }
        do {
            return try await offloaded {
                try self.deliverRemoteEach([GroupedPush(shown, for: app, payload: push.content.userInfo)])[0].get()
            }
        } catch let error as NotificationError where error.code != .storeFailure {
            // Refused when it was added (an attachment that cannot be read, say): shown as it came.
            logger.warning("push \(push.id) for \(app) is shown as it came: its extension's content was refused: \(error)")
            return try await offloaded { try self.deliverRemoteEach([GroupedPush(push, for: app)])[0].get() }
        }
    }

    /// A push for ``deliverRemoteEach(_:)``: the notification and the app it reached.
    package struct GroupedPush: Sendable {
        package var push: RemoteNotification
        package var app: AppIdentifier
        /// What the app's background fetch gets, where a service extension changed
        /// what is shown: the push's own payload. `nil`: `push`'s.
        package var payload: [String: JSONValue]?

        package init(_ push: RemoteNotification, for app: AppIdentifier, payload: [String: JSONValue]? = nil) {
            self.push = push
            self.app = app
            self.payload = payload
        }
    }

    /// ``deliverRemoteNotification(_:for:)`` for several pushes, in order, with one
    /// result each (service extensions aside: the caller has run them): the alert
    /// pushes are added in one store transaction (``addEach(_:origin:)``), so a
    /// refused push fails alone and the others go ahead. Two pushes of one app and
    /// request identifier (one collapse identifier) go in transactions one after the
    /// other, so the later replaces the earlier's delivery as it does one by one.
    package func deliverRemoteEach(_ pushes: [GroupedPush]) -> [Result<RemoteDeliveryResult, any Error>] {
        var results: [Result<RemoteDeliveryResult, any Error>] = []
        var start = 0
        while start < pushes.count {
            var seen: Set<String> = []
            var end = start
            while end < pushes.count, seen.insert(pushes[end].app.rawValue + "\u{0}" + pushes[end].push.requestIdentifier).inserted {
                end += 1
            }
            results += deliverRemoteGroup(pushes[start..<end])
            start = end
        }
        return results
    }

    /// Pushes of distinct requests: their alerts added together, then each one's result.
    private func deliverRemoteGroup(_ pushes: ArraySlice<GroupedPush>) -> [Result<RemoteDeliveryResult, any Error>] {
        let routed = pushes.map { grouped in Result { try self.route(grouped) } }
        let alerts = routed.indices.compactMap { index -> (index: Int, add: GroupedAdd)? in
            guard case .success(let routing) = routed[index], routing.route == .alert else { return nil }
            return (index, GroupedAdd([routing.request], for: routing.app))
        }
        var added: [Int: Result<AddResult, any Error>] = [:]
        if !alerts.isEmpty {
            for (alert, result) in zip(alerts, addEach(alerts.map(\.add), origin: .push)) {
                added[alert.index] = result
            }
        }
        return zip(pushes, routed).enumerated().map { index, pair in
            Result { try self.finish(pair.0, routing: pair.1.get(), added: added[index]) }
        }
    }

    /// What becomes of a push, and the request it would be.
    private struct Routing {
        var route: RemoteNotificationPolicy.Route
        var request: NotificationRequest
        var app: AppIdentifier
    }

    /// The push's route; a push not to be shown is checked as the adding flow checks
    /// an alert push, so bad content is refused on every route.
    private func route(_ grouped: GroupedPush) throws -> Routing {
        let (push, app) = (grouped.push, grouped.app)
        let record = try record(Self.validated(app))
        let request = NotificationRequest(identifier: push.requestIdentifier, content: push.content, trigger: .push)
            .canonical
        let route = RemoteNotificationPolicy.route(push, authorization: record.preferences.authorizationStatus)
        if route != .alert {
            try Validator.validatePushed(request, now: scheduler.now)
            logger.info("push \(push.id) for \(app) is not shown: \(route)")
        }
        return Routing(route: route, request: request, app: app)
    }

    /// The push's result once its alert, if any, was added (`added`); a push with
    /// `content-available` goes to the running app.
    private func finish(
        _ grouped: GroupedPush, routing: Routing, added: Result<AddResult, any Error>?
    ) throws -> RemoteDeliveryResult {
        let push = grouped.push
        var delivered: RemoteDeliveryResult?
        if let added {
            do {
                _ = try added.get()
                delivered = .delivered(requestIdentifier: routing.request.identifier)
            } catch let error as NotificationError where error.code == .notificationsNotAllowed {
                // The user withdrew the app's authorization since its record was read.
                logger.info("push \(push.id) for \(routing.app) is not shown: \(error.message)")
                delivered = .notAuthorized
            }
        }
        let reached =
            RemoteNotificationPolicy.wakesApp(push)
            && announceAndWake(routing.app, with: push, grouped.payload ?? push.content.userInfo)
        switch routing.route {
        case .alert: return delivered ?? .notAuthorized
        case .background: return .background(reachedApp: reached)
        case .notAuthorized: return .notAuthorized
        case .empty: return .empty
        }
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
