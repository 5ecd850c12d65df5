extension UNUserNotificationCenter {
    /// The center's calls in forms that throw, for code that must know whether a
    /// call worked. A Herald addition: Apple's fire-and-forget calls and `async`
    /// getters have no error channel, so the center reports their failures on
    /// ``errors``; these forms throw the ``UNError`` instead, and return once the
    /// call has taken effect.
    ///
    /// ```swift
    /// try await center.throwing.setNotificationCategories([reminder])
    /// let pending = try await center.throwing.pendingNotificationRequests()
    /// ```
    ///
    /// They run in order with the center's other calls.
    public var throwing: Throwing {
        Throwing(center: self)
    }

    /// The throwing forms of the center's calls; see ``UNUserNotificationCenter/throwing``.
    public struct Throwing: Sendable {
        let center: UNUserNotificationCenter

        /// Registers the app's categories, replacing those registered before.
        public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) async throws {
            try await center.enqueue { [center] in try await center.setCategories(categories) }.value
        }

        /// The app's registered categories.
        public func notificationCategories() async throws -> Set<UNNotificationCategory> {
            try await center.enqueue(center.fetchCategories).value
        }

        /// The app's notification settings as the user chose them.
        public func notificationSettings() async throws -> UNNotificationSettings {
            try await center.enqueue(center.fetchSettings).value
        }

        /// The app's requests waiting to fire.
        public func pendingNotificationRequests() async throws -> [UNNotificationRequest] {
            try await center.enqueue(center.fetchPending).value
        }

        /// Removes the app's pending requests with these identifiers; unknown ones are ignored.
        public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async throws {
            try await center.enqueue { [center] in try await center.removePending(identifiers) }.value
        }

        /// Removes all the app's pending requests.
        public func removeAllPendingNotificationRequests() async throws {
            try await center.enqueue(center.removeAllPending).value
        }

        /// The app's notifications in the notification center, oldest first.
        public func deliveredNotifications() async throws -> [UNNotification] {
            try await center.enqueue(center.fetchDelivered).value
        }

        /// Removes the app's delivered notifications whose requests have these identifiers.
        public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async throws {
            try await center.enqueue { [center] in try await center.removeDelivered(identifiers) }.value
        }

        /// Removes all the app's delivered notifications.
        public func removeAllDeliveredNotifications() async throws {
            try await center.enqueue(center.removeAllDelivered).value
        }

        /// Tells the engine whether the app is in the foreground; see
        /// ``UNUserNotificationCenter/setApplicationActive(_:)``.
        public func setApplicationActive(_ isActive: Bool) async throws {
            try await center.enqueue { [center] in try await center.setForeground(isActive) }.value
        }
    }
}
