import Foundation
import HeraldAPI
import NotificationEngine
import PostgresNIO

/// The app registry in the shared database (`daemon_apps`). Each change is
/// checked against the table, not this node's copy, so two nodes registering
/// one identifier at once get one app and one conflict.
struct SharedAppRecords: AppRecords {
    let database: DaemonDatabase

    func load() throws -> [RegisteredApp] {
        try database.store.withTransaction(readOnly: true) { statements in
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

/// The browser sessions in the shared database (`daemon_sessions`).
struct SharedSessionRecords: SessionRecords {
    let database: DaemonDatabase

    func load() throws -> [SessionStore.Session] {
        try database.store.withTransaction(readOnly: true) { statements in
            try statements.rows(
                "SELECT fingerprint, created_at, expires_at FROM daemon_sessions", "reading the browser sessions"
            ) { row in
                let (fingerprint, created, expires) = try row.decode((String, Double, Double).self)
                return SessionStore.Session(
                    fingerprint: fingerprint, createdAt: Date(timeIntervalSince1970: created),
                    expiresAt: Date(timeIntervalSince1970: expires))
            }
        }
    }

    func save(_ change: SessionStore.Change, all: [SessionStore.Session], now: Date) throws {
        try database.write { statements in
            try statements.execute(
                "DELETE FROM daemon_sessions WHERE expires_at <= \(now.timeIntervalSince1970)",
                "forgetting expired sessions")
            switch change {
            case .created(let session):
                try statements.execute(
                    """
                    INSERT INTO daemon_sessions (fingerprint, created_at, expires_at)
                    VALUES (\(session.fingerprint), \(session.createdAt.timeIntervalSince1970),
                        \(session.expiresAt.timeIntervalSince1970))
                    """,
                    "starting a browser session")
            case .ended(let fingerprint):
                try statements.execute(
                    "DELETE FROM daemon_sessions WHERE fingerprint = \(fingerprint)", "ending a browser session")
            case .endedAll:
                try statements.execute("DELETE FROM daemon_sessions", "ending every browser session")
            }
            try database.announce(.sessions, in: statements)
        }
    }
}

extension DaemonDatabase {
    /// The admin credential every node accepts, kept in `daemon_settings`: the
    /// first node to start makes it (taking `local`, the token already in its
    /// data directory, if it has one, so a daemon moved onto the database keeps
    /// its token); the others read it.
    func adminToken(local: String?) throws -> String {
        try write { statements in
            try statements.execute(
                """
                INSERT INTO daemon_settings (name, value)
                VALUES ('admin_token', \(local ?? Secrets.makeToken(prefix: "had_")))
                ON CONFLICT (name) DO NOTHING
                """,
                "recording the admin credential")
            let token = try statements.rows(
                "SELECT value FROM daemon_settings WHERE name = 'admin_token'", "reading the admin credential"
            ) { try $0.decode(String.self) }.first
            guard let token, token.count >= 32 else {
                throw DaemonError("the database holds no usable admin credential (daemon_settings.admin_token)")
            }
            return token
        }
    }

    /// Records a sign-in code by its fingerprint; forgets expired codes, and the
    /// oldest beyond `limit`.
    func issueSignInCode(fingerprint: String, expiresAt: Date, now: Date, limit: Int) throws {
        try write { statements in
            try statements.execute(
                "DELETE FROM daemon_sign_in_codes WHERE expires_at <= \(now.timeIntervalSince1970)",
                "forgetting expired sign-in codes")
            try statements.execute(
                """
                INSERT INTO daemon_sign_in_codes (fingerprint, expires_at)
                VALUES (\(fingerprint), \(expiresAt.timeIntervalSince1970))
                """,
                "recording a sign-in code")
            try statements.execute(
                """
                DELETE FROM daemon_sign_in_codes WHERE fingerprint NOT IN (
                    SELECT fingerprint FROM daemon_sign_in_codes ORDER BY issued DESC LIMIT \(limit))
                """,
                "forgetting the oldest sign-in codes")
        }
    }

    /// Uses up the code with this fingerprint: whether it was waiting and had not
    /// expired. Two nodes redeeming it at once: one gets it.
    func redeemSignInCode(fingerprint: String, now: Date) throws -> Bool {
        try write { statements in
            try statements.execute(
                """
                DELETE FROM daemon_sign_in_codes
                WHERE fingerprint = \(fingerprint) AND expires_at > \(now.timeIntervalSince1970)
                """,
                "redeeming a sign-in code") == 1
        }
    }
}
