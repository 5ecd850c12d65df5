import Foundation
import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The waiting sign-in codes in the shared database (`daemon_sign_in_codes`),
/// numbered in the order they were issued. Redeeming looks the fingerprint up (a
/// SHA-256 of 256 random bits, which timing cannot guess).
struct PostgresSignInCodes: SignInCodeRecords {
    let database: DaemonDatabase

    func issue(fingerprint: String, expiresAt: Date, now: Date, limit: Int) throws {
        try database.write { statements in
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

    func redeem(fingerprint: String, now: Date) throws -> Bool {
        try database.write { statements in
            try statements.execute(
                """
                DELETE FROM daemon_sign_in_codes
                WHERE fingerprint = \(fingerprint) AND expires_at > \(now.timeIntervalSince1970)
                """,
                "redeeming a sign-in code") == 1
        }
    }
}
