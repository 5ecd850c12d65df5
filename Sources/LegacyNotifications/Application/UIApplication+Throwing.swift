extension UIApplication {
    /// The application's notification calls in `async` forms that throw, for
    /// code that must know whether a call worked, or that must not block its
    /// thread. A Herald addition: iOS 8's calls have no error channel, so the
    /// application reports their failures on ``notificationErrors``; these forms
    /// throw the ``NotificationError`` instead.
    ///
    /// ```swift
    /// try await UIApplication.shared.throwing.scheduleLocalNotification(reminder)
    /// ```
    public var throwing: Throwing {
        Throwing(application: self)
    }

    /// The throwing forms of the application's calls; see ``UIApplication/throwing``.
    public struct Throwing: Sendable {
        let application: UIApplication

        /// Schedules the notification; see ``UIApplication/scheduleLocalNotification(_:)``.
        public func scheduleLocalNotification(_ notification: UILocalNotification) async throws {
            try await application.schedule(notification)
        }

        /// Delivers the notification at once; see ``UIApplication/presentLocalNotificationNow(_:)``.
        public func presentLocalNotificationNow(_ notification: UILocalNotification) async throws {
            try await application.presentNow(notification)
        }

        /// Cancels the notification; see ``UIApplication/cancelLocalNotification(_:)``.
        public func cancelLocalNotification(_ notification: UILocalNotification) async throws {
            try await application.cancel(notification)
        }

        /// Cancels every pending notification of the app.
        public func cancelAllLocalNotifications() async throws {
            try await application.cancelAll()
        }

        /// The app's pending notifications, soonest first.
        public func scheduledLocalNotifications() async throws -> [UILocalNotification] {
            try await application.scheduled()
        }

        /// Replaces every pending notification with these; changes nothing if the
        /// service refuses one.
        public func setScheduledLocalNotifications(_ notifications: [UILocalNotification]) async throws {
            try await application.replaceScheduled(with: notifications)
        }

        /// Registers the types and categories, waits for the user's answer and
        /// calls the delegate's `application(_:didRegister:)` before returning.
        public func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) async throws {
            try await application.register(notificationSettings)
        }

        /// The types the user allows the app and its registered categories.
        public func currentUserNotificationSettings() async throws -> UIUserNotificationSettings {
            try await application.answeredSettings()
        }

        /// The number on the app's icon.
        public func applicationIconBadgeNumber() async throws -> Int {
            try await application.readBadge()
        }

        /// Sets the number on the app's icon; `0` clears it.
        public func setApplicationIconBadgeNumber(_ number: Int) async throws {
            try await application.setBadge(number)
        }

        /// Registers for remote notifications, calls the delegate as
        /// ``UIApplication/registerForRemoteNotifications()`` does, and returns
        /// the device token (32 bytes) or throws the failure.
        public func registerForRemoteNotifications() async throws -> Data {
            try await application.registerRemote().get()
        }

        /// Forgets the app's device token; see ``UIApplication/unregisterForRemoteNotifications()``.
        public func unregisterForRemoteNotifications() async throws {
            try await application.service.unregisterForRemoteNotifications(for: application.appIdentifier)
        }

        /// Whether the app holds a device token.
        public func isRegisteredForRemoteNotifications() async throws -> Bool {
            try await application.service.isRegisteredForRemoteNotifications(for: application.appIdentifier)
        }
    }
}
