import Foundation
import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The browser sessions in the shared database (`daemon_sessions`).
struct PostgresSessionRecords: SessionRecords {
    let database: DaemonDatabase

    func load() throws -> [SessionStore.Session] {
        try database.read { statements in
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
