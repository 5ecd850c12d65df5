import Foundation
import HeraldAPI
import PostgresNIO
import PostgresSupport
import PushService

/// The push service's keys and registrations in the shared database
/// (`push_keys`, `push_registrations`); each change is announced, and every node
/// reads them again (``PushDirectory`` also does on a miss). A topic is given to a team in the
/// database's transaction, so two nodes adding keys of two teams for one topic
/// get one key and one `topicTaken`.
struct PostgresPushRecords: PushRecords {
    let database: DaemonDatabase

    func load() throws -> PushDirectory.Contents {
        do {
            return try database.read { statements in
                let keys = try statements.rows("SELECT record FROM push_keys ORDER BY identifier", "reading push keys") {
                    try API.decoder().decode(ProviderKey.self, from: Data(try $0.decode(String.self).utf8))
                }
                let registrations = try statements.rows(
                    "SELECT record FROM push_registrations ORDER BY registered_at", "reading device registrations"
                ) {
                    try API.decoder().decode(DeviceRegistration.self, from: Data(try $0.decode(String.self).utf8))
                }
                return PushDirectory.Contents(keys: keys, registrations: registrations)
            }
        } catch let error as PushServiceError {
            throw error
        } catch {
            throw PushServiceError(.storeFailure, "\(error)")
        }
    }

    func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {
        do {
            try database.write { statements in
                try save(change, in: statements)
                try database.announce(.push, in: statements)
            }
        } catch let error as PushServiceError {
            throw error
        } catch {
            throw PushServiceError(.storeFailure, "\(error)")
        }
    }

    private func save(_ change: PushDirectory.Change, in statements: PostgresStatements) throws {
        switch change {
        case .keyAdded(let key):
            let taken = try statements.rows(
                "SELECT record FROM push_keys WHERE team <> \(key.team) AND identifier <> \(key.identifier) FOR UPDATE",
                "reading other teams' keys"
            ) { try API.decoder().decode(ProviderKey.self, from: Data(try $0.decode(String.self).utf8)) }
            if let other = taken.first(where: { !Set($0.topics).isDisjoint(with: key.topics) }) {
                throw PushServiceError(.topicTaken, "a topic of this key belongs to team \(other.team)")
            }
            try statements.execute(
                """
                INSERT INTO push_keys (identifier, team, record) VALUES (\(key.identifier), \(key.team), \(try Self.json(key)))
                ON CONFLICT (identifier) DO UPDATE SET team = excluded.team, record = excluded.record
                """,
                "adding push key \(key.identifier)")
        case .keyRemoved(let identifier):
            try statements.execute("DELETE FROM push_keys WHERE identifier = \(identifier)", "removing push key \(identifier)")
        case .registered(let registration), .unregistered(let registration):
            try statements.execute(
                """
                INSERT INTO push_registrations (token, registered_at, record)
                VALUES (\(registration.token.description), \(registration.registeredAt.timeIntervalSince1970),
                        \(try Self.json(registration)))
                ON CONFLICT (token) DO UPDATE SET record = excluded.record
                """,
                "saving the registration of \(registration.app)")
        }
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try API.encoder().encode(value), as: UTF8.self)
    }
}
