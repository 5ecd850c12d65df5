import Foundation
import GRDB
@testable import NotificationEngine

/// Rows written into a database the way an earlier version of the SQLite store
/// wrote them, for the tests of the migrations that follow: identifiers spelled
/// as given, no columns added since.
enum OldSchemaRows {
    /// A new database at `path`, migrated up to and including `version`.
    static func database(at path: String, upTo version: String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: version)
        return queue
    }

    static func insertPending(
        _ request: NotificationRequest, of app: AppIdentifier, fire: Date, added: Date, in db: Database
    ) throws {
        try db.execute(
            sql: "INSERT INTO pending (app, identifier, next_fire, added, is_location, request) VALUES (?, ?, ?, ?, 0, ?)",
            arguments: [
                app.rawValue, request.identifier, fire.timeIntervalSinceReferenceDate,
                added.timeIntervalSinceReferenceDate, try RequestCoding.encode(request),
            ])
    }

    /// Inserts a listed, unanswered delivery of `request`; returns its id.
    static func insertDelivery(
        _ request: NotificationRequest, of app: AppIdentifier, at date: Date, in db: Database
    ) throws -> DeliveryID {
        let id = DeliveryID()
        try db.execute(
            sql: """
                INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, request)
                VALUES (?, ?, ?, ?, ?, 0, 1, 0, ?)
                """,
            arguments: [
                id.description, app.rawValue, request.identifier, date.timeIntervalSinceReferenceDate,
                date.timeIntervalSinceReferenceDate, try RequestCoding.encode(request),
            ])
        return id
    }

    /// Inserts the app's row: authorized for alerts, with these categories.
    static func insertAuthorizedApp(
        _ app: AppIdentifier, categories: [NotificationCategory] = [], in db: Database
    ) throws {
        let preferences = AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert])
        try db.execute(
            sql: "INSERT INTO apps (app, preferences, categories) VALUES (?, ?, ?)",
            arguments: [app.rawValue, try json(preferences), try json(categories)])
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}
