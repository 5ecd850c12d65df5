import Foundation
import PostgresNIO

/// What the store keeps per app (preferences, badge, categories), the engine's
/// settings, and the attachments the rows refer to.
extension PostgresTransaction {
    func preferences(_ app: AppIdentifier) throws -> AppNotificationPreferences? {
        let texts = try rows(
            "SELECT preferences FROM apps WHERE app = \(app.rawValue) AND preferences IS NOT NULL",
            "reading the preferences of \(app)"
        ) { try $0.decode(String.self) }
        return try texts.first.map { try decodeJSON(AppNotificationPreferences.self, $0) }
    }

    func savePreferences(_ preferences: AppNotificationPreferences, for app: AppIdentifier) throws {
        let text = try json(preferences)
        try execute(
            """
            INSERT INTO apps (app, preferences) VALUES (\(app.rawValue), \(text))
            ON CONFLICT (app) DO UPDATE SET preferences = excluded.preferences
            """,
            "saving the preferences of \(app)")
    }

    func badge(_ app: AppIdentifier) throws -> Int {
        try rows("SELECT badge FROM apps WHERE app = \(app.rawValue)", "reading the badge of \(app)") {
            try $0.decode(Int.self)
        }.first ?? 0
    }

    func saveBadge(_ badge: Int, for app: AppIdentifier) throws {
        try execute(
            """
            INSERT INTO apps (app, badge) VALUES (\(app.rawValue), \(badge))
            ON CONFLICT (app) DO UPDATE SET badge = excluded.badge
            """,
            "saving the badge of \(app)")
    }

    func categories(_ app: AppIdentifier) throws -> [NotificationCategory] {
        let texts = try rows(
            "SELECT categories FROM apps WHERE app = \(app.rawValue) AND categories IS NOT NULL",
            "reading the categories of \(app)"
        ) { try $0.decode(String.self) }
        return try texts.first.map { try decodeJSON([NotificationCategory].self, $0) } ?? []
    }

    func saveCategories(_ categories: [NotificationCategory], for app: AppIdentifier) throws {
        let text = try json(categories)
        try execute(
            """
            INSERT INTO apps (app, categories) VALUES (\(app.rawValue), \(text))
            ON CONFLICT (app) DO UPDATE SET categories = excluded.categories
            """,
            "saving the categories of \(app)")
    }

    func apps() throws -> [AppIdentifier] {
        try rows("SELECT app FROM apps ORDER BY app", "listing the apps") {
            AppIdentifier(rawValue: try $0.decode(String.self))
        }
    }

    func scheduleTimeZone() throws -> String? {
        try setting("schedule_time_zone", "reading the schedule's time zone")
    }

    func saveScheduleTimeZone(_ identifier: String) throws {
        try saveSetting("schedule_time_zone", identifier, "saving the schedule's time zone")
    }

    func quietSettings() throws -> String? {
        try setting("quiet_settings", "reading the Focus and summary settings")
    }

    func saveQuietSettings(_ json: String) throws {
        try saveSetting("quiet_settings", json, "saving the Focus and summary settings")
    }

    func lastSummary() throws -> String? {
        try setting("last_summary", "reading the last summary")
    }

    func saveLastSummary(_ json: String) throws {
        try saveSetting("last_summary", json, "saving the last summary")
    }

    /// The engine's setting of this name, if saved.
    private func setting(_ name: String, _ action: @autoclosure () -> String) throws -> String? {
        try rows("SELECT value FROM settings WHERE name = \(name)", action()) { try $0.decode(String.self) }.first
    }

    private func saveSetting(_ name: String, _ value: String, _ action: @autoclosure () -> String) throws {
        try execute(
            """
            INSERT INTO settings (name, value) VALUES (\(name), \(value))
            ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """,
            action())
    }
}
