import Foundation
import NotificationModel

extension UIApplication {
    /// Schedules the notification under a new identifier, which the object
    /// remembers; scheduling the same object again schedules another one, as on
    /// iOS 8. A one-shot `fireDate` in the past delivers it at once.
    ///
    /// Returns once the service has scheduled it. Nothing is scheduled when the
    /// service refuses it: `.notificationsNotAllowed` before the user allowed
    /// notifications, `.unknownCategory`, `.invalidPayload` for a `userInfo`
    /// that is not JSON, `.invalidTrigger` for an unsupported `repeatInterval`
    /// or both a `fireDate` and a `region`, `.pendingLimitReached` when the app
    /// has as many pending notifications as allowed (64), all due sooner. The
    /// ``NotificationError`` is logged and sent on ``notificationErrors``;
    /// ``throwing`` has the form that throws it.
    public func scheduleLocalNotification(_ notification: UILocalNotification) {
        run("scheduleLocalNotification") { [self] in try await schedule(notification) }
    }

    /// Delivers the notification at once, whatever its `fireDate`: shown if the
    /// app is in the background, handed to the delegate if it is in the
    /// foreground. A refusal is reported as for ``scheduleLocalNotification(_:)``.
    public func presentLocalNotificationNow(_ notification: UILocalNotification) {
        run("presentLocalNotificationNow") { [self] in try await presentNow(notification) }
    }

    /// Cancels the notification: every pending request the object was scheduled
    /// (or read back) under, and every other one scheduled from an equal
    /// notification. Those already delivered leave the notification center, as
    /// iOS dismisses a cancelled notification that is on screen. Cancelling a
    /// notification that is not scheduled does nothing.
    public func cancelLocalNotification(_ notification: UILocalNotification) {
        run("cancelLocalNotification") { [self] in try await cancel(notification) }
    }

    /// Cancels every pending notification of the app.
    public func cancelAllLocalNotifications() {
        run("cancelAllLocalNotifications") { [self] in try await cancelAll() }
    }

    /// The app's pending notifications, soonest first: new objects, each equal to
    /// the one scheduled and remembering the identifier it was read from, so
    /// ``cancelLocalNotification(_:)`` cancels it.
    ///
    /// Setting it replaces every pending notification with these (`nil` or `[]`
    /// cancels them all). When the service refuses one of them, the setting
    /// changes nothing: the notifications pending before are put back.
    ///
    /// `nil` when the service cannot be read (the failure is reported on
    /// ``notificationErrors``).
    public var scheduledLocalNotifications: [UILocalNotification]? {
        get { run("scheduledLocalNotifications") { [self] in try await scheduled() } }
        set { run("scheduledLocalNotifications") { [self] in try await replaceScheduled(with: newValue ?? []) } }
    }

    // MARK: The work behind the calls

    func schedule(_ notification: UILocalNotification) async throws {
        try await connected()
        await authorizationAnswered()
        let identifier = try await add(notification.properties)
        notification.remember(identifier)
    }

    func presentNow(_ notification: UILocalNotification) async throws {
        try await connected()
        await authorizationAnswered()
        let identifier = UUID().uuidString
        try await service.add(notification.properties.immediateRequest(identifier: identifier), for: appIdentifier)
        notification.remember(identifier)
    }

    func cancel(_ notification: UILocalNotification) async throws {
        try await connected()
        let carried = Set(notification.identifiers)
        let fingerprint = notification.properties.fingerprint
        func matches(_ request: NotificationRequest, _ date: Date?) -> Bool {
            carried.contains(request.identifier)
                || LocalNotificationProperties(request: request, fireDate: date).fingerprint == fingerprint
        }
        let pending = try await service.pendingRequests(for: appIdentifier)
            .filter { matches($0.request, $0.nextFireDate) }.map(\.request.identifier)
        let delivered = try await service.deliveredNotifications(for: appIdentifier)
            .filter { matches($0.request, $0.scheduledDate) }.map(\.request.identifier)
        if !pending.isEmpty {
            try await service.removePendingRequests(withIdentifiers: pending, for: appIdentifier)
        }
        if !delivered.isEmpty {
            try await service.removeDeliveredNotifications(withIdentifiers: delivered, for: appIdentifier)
        }
        notification.forget(Set(pending).union(delivered))
    }

    func cancelAll() async throws {
        try await connected()
        try await service.removeAllPendingRequests(for: appIdentifier)
    }

    func scheduled() async throws -> [UILocalNotification] {
        try await connected()
        return try await service.pendingRequests(for: appIdentifier).map {
            UILocalNotification(request: $0.request, fireDate: $0.nextFireDate)
        }
    }

    /// Replaces every pending request with `notifications`; should the service
    /// refuse one, removes those added and adds back the requests pending before.
    func replaceScheduled(with notifications: [UILocalNotification]) async throws {
        try await connected()
        await authorizationAnswered()
        let properties = notifications.map(\.properties)
        for each in properties {
            _ = try each.content()
            _ = try each.trigger()
        }
        let before = try await service.pendingRequests(for: appIdentifier).map(\.request)
        try await service.removeAllPendingRequests(for: appIdentifier)
        var added: [String] = []
        do {
            for each in properties {
                added.append(try await add(each))
            }
        } catch {
            try? await service.removeAllPendingRequests(for: appIdentifier)
            if !before.isEmpty { _ = try? await service.add(before, for: appIdentifier) }
            throw error
        }
        for (notification, identifier) in zip(notifications, added) {
            notification.remember(identifier)
        }
    }

    /// Adds the notification's request under a new identifier, delivering it at
    /// once when its one-shot date has passed; returns the identifier.
    private func add(_ properties: LocalNotificationProperties) async throws -> String {
        let identifier = UUID().uuidString
        do {
            try await service.add(properties.request(identifier: identifier), for: appIdentifier)
        } catch let error as NotificationError where error.code == .invalidNoDate && properties.firesOnceAtDate {
            try await service.add(properties.immediateRequest(identifier: identifier), for: appIdentifier)
        }
        return identifier
    }
}
