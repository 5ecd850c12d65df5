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
                "SELECT fingerprint, key_fingerprint, created_at, expires_at, used_at FROM daemon_sessions",
                "reading the browser sessions"
            ) { row in
                let (fingerprint, key, created, expires, used) = try row.decode((String, String, Double, Double, Double).self)
                return SessionStore.Session(
                    fingerprint: fingerprint, keyFingerprint: key, createdAt: Date(timeIntervalSince1970: created),
                    expiresAt: Date(timeIntervalSince1970: expires), usedAt: Date(timeIntervalSince1970: used))
            }
        }
    }

    func save(_ change: SessionStore.Change, all: [SessionStore.Session], now: Date) throws {
        try database.write { statements in
            let now = now.timeIntervalSince1970
            try statements.execute(
                """
                DELETE FROM daemon_sessions WHERE expires_at <= \(now) OR used_at + \(SessionStore.idleLifetime) <= \(now)
                """,
                "forgetting ended sessions")
            switch change {
            case .created(let session):
                try statements.execute(
                    """
                    INSERT INTO daemon_sessions (fingerprint, key_fingerprint, created_at, expires_at, used_at)
                    VALUES (\(session.fingerprint), \(session.keyFingerprint), \(session.createdAt.timeIntervalSince1970),
                        \(session.expiresAt.timeIntervalSince1970), \(session.usedAt.timeIntervalSince1970))
                    """,
                    "starting a browser session")
            case .used(let fingerprint, let date):
                try statements.execute(
                    """
                    UPDATE daemon_sessions SET used_at = greatest(used_at, \(date.timeIntervalSince1970))
                    WHERE fingerprint = \(fingerprint)
                    """,
                    "recording a browser session's use")
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
    /// Records the fingerprint of a node's admin token in `daemon_admin_tokens`, so
    /// that every node accepts it, and returns every node's. The table holds no token
    /// itself: each node keeps its own in its data directory's `admin-token`.
    func recordAdminToken(fingerprint: String) throws -> [String] {
        try write { statements in
            let added = try statements.execute(
                "INSERT INTO daemon_admin_tokens (fingerprint) VALUES (\(fingerprint)) ON CONFLICT (fingerprint) DO NOTHING",
                "recording the admin token's fingerprint")
            if added == 1 { try announce(.adminTokens, in: statements) }
            return try adminTokenFingerprints(statements)
        }
    }

    /// The fingerprints of every node's admin token.
    func adminTokenFingerprints() throws -> [String] {
        try store.withTransaction(readOnly: true) { try adminTokenFingerprints($0) }
    }

    private func adminTokenFingerprints(_ statements: PostgresStatements) throws -> [String] {
        try statements.rows(
            "SELECT fingerprint FROM daemon_admin_tokens ORDER BY fingerprint", "reading the admin tokens' fingerprints"
        ) { try $0.decode(String.self) }
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
