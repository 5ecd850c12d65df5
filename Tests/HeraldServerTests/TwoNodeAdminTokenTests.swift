import Foundation
import HeraldAPI
import HTTPTypes
@testable import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NotificationEngine
import PostgresNIO
import PostgresSupport
import Testing

/// The admin tokens of daemons sharing a PostgreSQL database: each node keeps its
/// own in its data directory, the database only their fingerprints, and every node
/// accepts every node's.
@Suite("Admin tokens on a shared database")
struct TwoNodeAdminTokenTests {
    @Test(
        "every node accepts every node's admin token, and the database holds only their fingerprints",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func fingerprintsOnly() async throws {
        let (one, two, url) = try TwoNodeDaemonTests.nodes()
        #expect(one.admin != two.admin, "a node started on an empty data directory makes its own")
        for node in [one, two] {
            let file = try String(contentsOf: node.directory.appendingPathComponent("admin-token"), encoding: .utf8)
            #expect(file.trimmingCharacters(in: .whitespacesAndNewlines) == node.admin)
        }
        let stored = try Self.adminRows(url)
        #expect(stored.tokens == [one.admin, two.admin].map(Secrets.fingerprint).sorted())
        #expect(stored.settings.allSatisfy { !$0.contains(one.admin) && !$0.contains(two.admin) })
        try await one.withRouter { first in
            try await two.withRouter { second in
                #expect(try await second.call(.get, "/v1/apps", token: one.admin).status == .ok)
                try await TwoNodeDaemonTests.eventually("the first node learns the second's token") {
                    try await first.call(.get, "/v1/apps", token: two.admin).status == .ok
                }
                #expect(try await first.call(.get, "/v1/apps", token: "had_" + String(repeating: "x", count: 43)).status == .unauthorized)
            }
        }
    }

    @Test(
        "a database from before keeps the admin token in clear: it becomes its fingerprint, and the token still works",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func migratesClearToken() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        let token = Secrets.makeToken(prefix: "had_")
        let store = try PostgresStore(url: url)
        defer { store.close() }
        try store.database.migrate(component: "daemon", Array(DaemonDatabase.migrations.prefix(1)))
        _ = try store.database.withTransaction { statements in
            try statements.execute(
                "INSERT INTO daemon_settings (name, value) VALUES ('admin_token', \(token))", "the old clear token")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data((token + "\n").utf8).write(to: directory.appendingPathComponent("admin-token"))
        let node = try TestDaemon(directory: directory, databaseURL: url)
        #expect(node.admin == token)
        let stored = try Self.adminRows(url)
        #expect(stored.tokens == [Secrets.fingerprint(token)])
        #expect(stored.settings.allSatisfy { !$0.contains(token) }, "\(stored.settings)")
        try await node.withRouter { client in
            let answer = try await client.call(.get, "/v1/apps", token: token)
            #expect(answer.status == .ok)
        }
    }

    /// What the schema holds: `daemon_admin_tokens` and every value of `daemon_settings`.
    static func adminRows(_ url: String) throws -> (tokens: [String], settings: [String]) {
        let store = try PostgresStore(url: url)
        defer { store.close() }
        return try store.database.withTransaction(readOnly: true) { statements in
            let tokens = try statements.rows(
                "SELECT fingerprint FROM daemon_admin_tokens ORDER BY fingerprint", "reading the fingerprints"
            ) { try $0.decode(String.self) }
            let settings = try statements.rows("SELECT name || '=' || value FROM daemon_settings", "reading the settings") {
                try $0.decode(String.self)
            }
            return (tokens, settings)
        }
    }
}
