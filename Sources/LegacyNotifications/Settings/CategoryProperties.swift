/// The stored properties of a category.
struct CategoryProperties: Sendable {
    var identifier: String?
    var actions: [UIUserNotificationActionContext: [UIUserNotificationAction]] = [:]
}
