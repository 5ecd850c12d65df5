/// A transaction's apps: each app's record (its preferences, badge and
/// categories), and the app as a whole.
package protocol AppTransaction {
    func preferences(_ app: AppIdentifier) throws -> AppNotificationPreferences?
    func savePreferences(_ preferences: AppNotificationPreferences, for app: AppIdentifier) throws
    func badge(_ app: AppIdentifier) throws -> Int
    func saveBadge(_ badge: Int, for app: AppIdentifier) throws
    func categories(_ app: AppIdentifier) throws -> [NotificationCategory]
    func saveCategories(_ categories: [NotificationCategory], for app: AppIdentifier) throws
    /// Every app the store knows, sorted.
    func apps() throws -> [AppIdentifier]
    /// Deletes every row the app owns: its record (preferences, badge, categories),
    /// pending requests, deliveries with their outbox and summary queue entries, and
    /// responses.
    func deleteApp(_ app: AppIdentifier) throws
}
