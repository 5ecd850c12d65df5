/// The stored properties of a category.
struct CategoryProperties: Sendable {
    var identifier: String?
    var actions: [UIUserNotificationActionContext: [UIUserNotificationAction]] = [:]
}

/// What a `UIUserNotificationCategory` writes to an `NSCoder`, as JSON under one key.
struct CategoryArchive: Codable {
    static let key = "herald.UIUserNotificationCategory"

    var identifier: String?
    /// Each context's actions, by the context's raw value.
    var actions: [String: [ActionArchive]]
}
