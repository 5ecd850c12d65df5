import Foundation
import NotificationEngine

extension UIApplication {
    /// Schedules the notification under a new identifier, which the object
    /// remembers; scheduling the same object again schedules another one, as on
    /// iOS 8. A one-shot `fireDate` in the past delivers it at once.
    ///
    /// - Throws: ``NotificationError`` and schedules nothing: `.notificationsNotAllowed`
    ///   before the user allowed notifications, `.unknownCategory`, `.invalidPayload`
    ///   for a `userInfo` that is not JSON, `.invalidTrigger` for an unsupported
    ///   `repeatInterval` or both a `fireDate` and a `region`, `.pendingLimitReached`
    ///   when the app has as many pending notifications as allowed (64), all due sooner.
    public func scheduleLocalNotification(_ notification: UILocalNotification) async throws {
        try await connected()
        let properties = notification.properties
        let identifier = UUID().uuidString
        do {
            try await service.add(properties.request(identifier: identifier), for: appIdentifier)
        } catch let error as NotificationError where error.code == .invalidNoDate && properties.firesOnceAtDate {
            try await service.add(properties.immediateRequest(identifier: identifier), for: appIdentifier)
        }
        notification.remember(identifier)
    }

    /// Delivers the notification at once, whatever its `fireDate`: shown if the
    /// app is in the background, handed to the delegate if it is in the foreground.
    public func presentLocalNotificationNow(_ notification: UILocalNotification) async throws {
        try await connected()
        let identifier = UUID().uuidString
        try await service.add(notification.properties.immediateRequest(identifier: identifier), for: appIdentifier)
        notification.remember(identifier)
    }

    /// Cancels the notification: every pending request the object was scheduled
    /// (or read back) under, and every other one scheduled from an equal
    /// notification. Those already delivered leave the notification center, as
    /// iOS dismisses a cancelled notification that is on screen. Cancelling a
    /// notification that is not scheduled does nothing.
    public func cancelLocalNotification(_ notification: UILocalNotification) async throws {
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

    /// Cancels every pending notification of the app.
    public func cancelAllLocalNotifications() async throws {
        try await connected()
        try await service.removeAllPendingRequests(for: appIdentifier)
    }

    /// The app's pending notifications, soonest first: new objects, each equal to
    /// the one scheduled and remembering the identifier it was read from, so
    /// ``cancelLocalNotification(_:)`` cancels it.
    public var scheduledLocalNotifications: [UILocalNotification] {
        get async throws {
            try await connected()
            return try await service.pendingRequests(for: appIdentifier).map {
                UILocalNotification(request: $0.request, fireDate: $0.nextFireDate)
            }
        }
    }
}
