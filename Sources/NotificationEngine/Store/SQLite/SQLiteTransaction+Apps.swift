import Foundation
import GRDB

/// What the store keeps per app: preferences, badge, categories.
extension SQLiteTransaction {
    func preferences(_ app: AppIdentifier) throws -> AppNotificationPreferences? {
        try guarding("reading the preferences of \(app)") {
            try fetch("SELECT preferences FROM apps WHERE app = ? AND preferences IS NOT NULL", [app.rawValue]) {
                try decodeJSON(AppNotificationPreferences.self, $0, at: 0)
            }.first
        }
    }

    func savePreferences(_ preferences: AppNotificationPreferences, for app: AppIdentifier) throws {
        try guarding("saving the preferences of \(app)") {
            try upsert(app, column: .preferences, value: try json(preferences))
        }
    }

    func badge(_ app: AppIdentifier) throws -> Int {
        try guarding("reading the badge of \(app)") {
            try fetch("SELECT badge FROM apps WHERE app = ?", [app.rawValue]) {
                try $0.decode(Int.self, atIndex: 0)
            }.first ?? 0
        }
    }

    func saveBadge(_ badge: Int, for app: AppIdentifier) throws {
        try guarding("saving the badge of \(app)") {
            try upsert(app, column: .badge, value: badge)
        }
    }

    func categories(_ app: AppIdentifier) throws -> [NotificationCategory] {
        try guarding("reading the categories of \(app)") {
            try fetch("SELECT categories FROM apps WHERE app = ? AND categories IS NOT NULL", [app.rawValue]) {
                try decodeJSON([NotificationCategory].self, $0, at: 0)
            }.first ?? []
        }
    }

    func saveCategories(_ categories: [NotificationCategory], for app: AppIdentifier) throws {
        try guarding("saving the categories of \(app)") {
            try upsert(app, column: .categories, value: try json(categories))
        }
    }

    func apps() throws -> [AppIdentifier] {
        try guarding("listing the apps") {
            try fetch("SELECT app FROM apps ORDER BY app", []) {
                AppIdentifier(rawValue: try $0.decode(atIndex: 0))
            }
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
        try guarding(action()) {
            try fetch("SELECT value FROM settings WHERE name = ?", [name]) { try $0.decode(String.self, atIndex: 0) }.first
        }
    }

    private func saveSetting(_ name: String, _ value: String, _ action: @autoclosure () -> String) throws {
        try guarding(action()) {
            try execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                [name, value])
        }
    }

    /// Sets one column of the app's row, inserting the row if it is new.
    private func upsert(_ app: AppIdentifier, column: AppColumn, value: some DatabaseValueConvertible) throws {
        let name = column.rawValue
        try execute(
            """
            INSERT INTO apps (app, \(name)) VALUES (?, ?)
            ON CONFLICT (app) DO UPDATE SET \(name) = excluded.\(name)
            """,
            [app.rawValue, value])
    }
}

/// The columns of `apps` that ``SQLiteTransaction`` sets one at a time.
private enum AppColumn: String {
    case preferences, badge, categories
}
