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
                let devices = try statements.rows("SELECT record FROM push_devices ORDER BY enrolled_at", "reading devices") {
                    try API.decoder().decode(RemoteDevice.self, from: Data(try $0.decode(String.self).utf8))
                }
                let invites = try statements.rows("SELECT record FROM push_invites ORDER BY expires_at", "reading device invites") {
                    try API.decoder().decode(DeviceInvite.self, from: Data(try $0.decode(String.self).utf8))
                }
                let browsers = try statements.rows(
                    "SELECT record FROM push_browsers ORDER BY subscribed_at, identifier", "reading browsers"
                ) {
                    try API.decoder().decode(BrowserSubscription.self, from: Data(try $0.decode(String.self).utf8))
                }
                let vapidKey = try statements.rows(
                    "SELECT value FROM daemon_settings WHERE name = 'vapid_key'", "reading the VAPID key"
                ) { try $0.decode(String.self) }.first
                return PushDirectory.Contents(
                    keys: keys, registrations: registrations, devices: devices, invites: invites, browsers: browsers,
                    vapidKey: vapidKey)
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
            try save(registration, in: statements)
        case .invited(let invite):
            try statements.execute(
                "DELETE FROM push_invites WHERE expires_at <= \(invite.expiresAt.timeIntervalSince1970 - DeviceInvite.lifetime)",
                "removing expired invites")
            try statements.execute(
                """
                INSERT INTO push_invites (code_digest, expires_at, record)
                VALUES (\(invite.codeDigest), \(invite.expiresAt.timeIntervalSince1970), \(try Self.json(invite)))
                """,
                "adding a device invite")
        case .enrolled(let device, let invite):
            // The invite is spent in the transaction that enrolls: of two nodes taking one
            // code at once, the second finds no row and enrolls nothing.
            let spent = try statements.rows(
                "DELETE FROM push_invites WHERE code_digest = \(invite.codeDigest) RETURNING code_digest", "spending the invite"
            ) { try $0.decode(String.self) }
            guard !spent.isEmpty else {
                throw PushServiceError(.invalidInvite, "the invite code is unknown, used or expired: ask for a new one")
            }
            try statements.execute(
                """
                INSERT INTO push_devices (identifier, enrolled_at, record)
                VALUES (\(device.identifier), \(device.enrolledAt.timeIntervalSince1970), \(try Self.json(device)))
                """,
                "enrolling device \(device.identifier)")
        case .browserSaved(let browser):
            try statements.execute(
                """
                INSERT INTO push_browsers (identifier, subscribed_at, record)
                VALUES (\(browser.identifier), \(browser.subscribedAt.timeIntervalSince1970), \(try Self.json(browser)))
                ON CONFLICT (identifier) DO UPDATE SET record = excluded.record
                """,
                "saving browser \(browser.identifier)")
        case .browserRemoved(let identifier):
            try statements.execute("DELETE FROM push_browsers WHERE identifier = \(identifier)", "removing browser \(identifier)")
        case .vapidKeyMade(let pem):
            let made = try statements.rows(
                "INSERT INTO daemon_settings (name, value) VALUES ('vapid_key', \(pem)) ON CONFLICT (name) DO NOTHING RETURNING name",
                "keeping the VAPID key"
            ) { try $0.decode(String.self) }
            guard !made.isEmpty else { throw PushServiceError(.keyTaken, "another node made the VAPID key first") }
        case .deviceRemoved(let device, let ended):
            try statements.execute("DELETE FROM push_devices WHERE identifier = \(device.identifier)", "removing device \(device.identifier)")
            for registration in ended { try save(registration, in: statements) }
        }
    }

    private func save(_ registration: DeviceRegistration, in statements: PostgresStatements) throws {
        try statements.execute(
            """
            INSERT INTO push_registrations (token, registered_at, record)
            VALUES (\(registration.token.description), \(registration.registeredAt.timeIntervalSince1970),
                    \(try Self.json(registration)))
            ON CONFLICT (token) DO UPDATE SET record = excluded.record
            """,
            "saving the registration of \(registration.app)")
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try API.encoder().encode(value), as: UTF8.self)
    }
}
