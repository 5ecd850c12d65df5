import UserNotifications

/// Content builders for tests.
enum Content {
    static func titled(_ title: String, category: String = "") -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title
        content.categoryIdentifier = category
        return content
    }
}
