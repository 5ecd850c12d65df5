import Foundation
import HeraldAPI
import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The app registry in the shared database (`daemon_apps`). Each change is
/// checked against the table, not this node's copy, so two nodes registering
/// one identifier at once get one app and one conflict.
struct PostgresAppRecords: AppRecords {
    let database: DaemonDatabase

    func load() throws -> [RegisteredApp] {
        try database.read { statements in
            try statements.rows("SELECT record FROM daemon_apps ORDER BY identifier", "reading the app registry") { row in
                try API.decoder().decode(RegisteredApp.self, from: Data(try row.decode(String.self).utf8))
            }
        }
    }

    func save(_ change: AppRegistry.Change, all: [RegisteredApp]) throws {
        try database.write { statements in
            switch change {
            case .added(let app):
                let record = try Self.json(app)
                let added = try statements.execute(
                    """
                    INSERT INTO daemon_apps (identifier, token_fingerprint, record)
                    VALUES (\(app.identifier.rawValue), \(app.tokenFingerprint), \(record))
                    ON CONFLICT (identifier) DO NOTHING
                    """,
                    "registering \(app.identifier)")
                guard added == 1 else { throw AppRegistry.taken(app.identifier) }
            case .renewed(let app):
                let record = try Self.json(app)
                let renewed = try statements.execute(
                    """
                    UPDATE daemon_apps SET token_fingerprint = \(app.tokenFingerprint), record = \(record)
                    WHERE identifier = \(app.identifier.rawValue)
                    """,
                    "renewing the token of \(app.identifier)")
                guard renewed == 1 else { throw AppRegistry.unknown(app.identifier) }
            case .removed(let identifier):
                let removed = try statements.execute(
                    "DELETE FROM daemon_apps WHERE identifier = \(identifier.rawValue)", "removing \(identifier)")
                guard removed == 1 else { throw AppRegistry.unknown(identifier) }
            }
            try database.announce(.apps, in: statements)
        }
    }

    private static func json(_ app: RegisteredApp) throws -> String {
        String(decoding: try API.encoder().encode(app), as: UTF8.self)
    }
}
