import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The admin tokens' fingerprints in the shared database (`daemon_admin_tokens`,
/// SHA-256 in hex). A fingerprint a node adds is announced, and every node reads
/// them again (``DaemonServices/follow(_:)``).
struct PostgresAdminTokens: AdminTokenRecords {
    let database: DaemonDatabase

    func record(fingerprint: String) throws -> [String] {
        try database.write { statements in
            let added = try statements.execute(
                "INSERT INTO daemon_admin_tokens (fingerprint) VALUES (\(fingerprint)) ON CONFLICT (fingerprint) DO NOTHING",
                "recording the admin token's fingerprint")
            if added == 1 { try database.announce(.adminTokens, in: statements) }
            return try fingerprints(statements)
        }
    }

    func fingerprints() throws -> [String] {
        try database.read { try fingerprints($0) }
    }

    private func fingerprints(_ statements: PostgresStatements) throws -> [String] {
        try statements.rows(
            "SELECT fingerprint FROM daemon_admin_tokens ORDER BY fingerprint", "reading the admin tokens' fingerprints"
        ) { try $0.decode(String.self) }
    }
}
