import Foundation
import HeraldTestSupport
import Logging
@testable import NotificationEngine
import PostgresNIO
import PostgresSupport
import Testing

/// What the PostgreSQL store does beyond the conformance suites: transactions,
/// migrations, bad URLs, lost connections. Runs when a test database is given
/// (``TestPostgres``), which CI requires.
@Suite("PostgreSQL store", .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
struct PostgresStoreTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"

    /// A new schema's URL; fails the test when there is no test database.
    private func schemaURL() throws -> String {
        try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
    }

    @Test("Everything written survives closing the store and opening the URL again")
    func survivesReopen() throws {
        let url = try schemaURL()
        let first = try PostgresStore(url: url)
        try first.write { transaction in
            try transaction.savePending(S.pending("milk", fire: 10), for: shop)
            try transaction.saveBadge(4, for: shop)
        }
        first.close()
        let second = try PostgresStore(url: url)
        defer { try? second.dropSchema() }
        #expect(try second.read { try $0.pendingRequests(shop) }.identifiers == ["milk"])
        #expect(try second.read { try $0.badge(shop) } == 4)
    }

    @Test("A transaction whose body throws leaves nothing behind, and its error comes out unchanged")
    func rollback() throws {
        let store = try PostgresStore(url: try schemaURL())
        defer { try? store.dropSchema() }
        struct Refused: Error, Equatable {}
        #expect(throws: Refused()) {
            try store.write { transaction in
                try transaction.savePending(S.pending("milk", fire: 10), for: shop)
                throw Refused()
            }
        }
        #expect(try store.read { try $0.pendingRequests(shop) }.isEmpty)
        #expect(try store.read { try $0.apps() }.isEmpty)
        // The connection is usable after the rollback.
        try store.write { try $0.saveBadge(1, for: shop) }
        #expect(try store.read { try $0.badge(shop) } == 1)
    }

    @Test("A read transaction refuses to write, with a store failure")
    func readIsReadOnly() throws {
        let store = try PostgresStore(url: try schemaURL())
        defer { try? store.dropSchema() }
        let error = #expect(throws: NotificationError.self) {
            try store.read { try $0.saveBadge(3, for: shop) }
        }
        #expect(error?.code == .storeFailure)
        #expect(error?.message.contains("read-only") == true)
        #expect(try store.read { try $0.badge(shop) } == 0)
    }

    @Test("Stores in two schemas of one database see their own rows only")
    func schemasAreSeparate() throws {
        let one = try PostgresStore(url: try schemaURL())
        let two = try PostgresStore(url: try schemaURL())
        defer {
            try? one.dropSchema()
            try? two.dropSchema()
        }
        try one.write { try $0.savePending(S.pending("milk", fire: 10), for: shop) }
        #expect(try two.read { try $0.pendingCounts() }.isEmpty)
        #expect(try one.read { try $0.pendingCounts() } == [shop: 1])
    }

    @Test("Nodes opening a new schema together migrate it once")
    func concurrentMigration() async throws {
        let url = try schemaURL()
        let opened = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await Self.detached { try PostgresStore(url: url) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(opened.count == 4)
        let names = try await Self.query(url, "SELECT name FROM herald_migrations ORDER BY name") {
            try $0.decode(String.self)
        }
        #expect(names == ["v1", "v2"])
        try opened[0].dropSchema()
    }

    @Test("A schema migrated by a later version is refused, naming the migration")
    func laterVersionRefused() async throws {
        let url = try schemaURL()
        let store = try PostgresStore(url: url)
        defer { try? store.dropSchema() }
        _ = try await Self.query(url, "INSERT INTO herald_migrations (name) VALUES ('v99')") { _ in () }
        let error = #expect(throws: NotificationError.self) { try PostgresStore(url: url) }
        #expect(error?.code == .storeFailure)
        #expect(error?.message.contains("later version of Herald (migration v99)") == true)
    }

    @Test("A URL that is not usable is refused with a store failure saying why",
          arguments: [
            ("mysql://localhost/herald", "not a postgres:// URL"),
            ("postgres://localhost/herald?sslmode=sometimes", "sslmode must be"),
            ("postgres://localhost/herald?schema=" + String(repeating: "s", count: 64), "1 to 63 bytes"),
          ])
    func badURL(url: String, reason: String) throws {
        let error = #expect(throws: NotificationError.self) { try PostgresStore(url: url) }
        #expect(error?.code == .storeFailure)
        #expect(error?.message.contains(reason) == true)
    }

    @Test("A server that cannot be reached makes the service unavailable, naming the URL without its password")
    func unreachable() throws {
        let error = #expect(throws: NotificationError.self) {
            try PostgresStore(url: "postgres://herald:s3cret@127.0.0.1:1/herald?sslmode=disable")
        }
        #expect(error?.code == .serviceUnavailable)
        #expect(error?.message.contains("127.0.0.1:1/herald") == true)
        #expect(error?.message.contains("s3cret") == false)
    }

    @Test("Connections the server closed are replaced by the next transaction, and nothing is lost")
    func reconnects() async throws {
        let name = "herald-test-\(UUID().uuidString.prefix(8))"
        let url = try schemaURL() + "&application_name=" + name
        let store = try PostgresStore(url: url)
        defer { try? store.dropSchema() }
        try store.write { try $0.savePending(S.pending("before", fire: 1), for: shop) }
        let ended = try await Self.query(
            url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(name)"
        ) { try $0.decode(Bool.self) }
        #expect(!ended.isEmpty && ended.allSatisfy { $0 })
        try store.write { try $0.savePending(S.pending("after", fire: 2), for: shop) }
        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["before", "after"])
    }

    @Test("A list of an app's identifiers reaches their rows only, on tables never analyzed")
    func identifierListsUseTheKeyWithoutStatistics() throws {
        let store = try PostgresStore(url: try schemaURL())
        defer { try? store.dropSchema() }
        let rows = 20_000
        let wanted = (1...400).map { "r\($0 * 37)" }
        // One app with many rows and no statistics yet, as a new schema filling up has:
        // shown the array, the planner read every row of the app (20,000 here) and
        // filtered them through it.
        try store.database.withTransaction { sql in
            for table in ["pending", "deliveries"] {
                try sql.execute("ALTER TABLE \(unescaped: table) SET (autovacuum_enabled = false)", "pausing autovacuum")
            }
            try sql.execute(
                """
                INSERT INTO pending (app, identifier, next_fire, added, is_location, request)
                SELECT \(shop.rawValue), 'r' || g, g, 0, false, '\\x00'::bytea FROM generate_series(1, \(rows)) AS g
                """, "adding pending rows")
            try sql.execute(
                """
                INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, request)
                SELECT gen_random_uuid(), \(shop.rawValue), 'r' || g, g, g, false, true, false, '\\x00'::bytea
                FROM generate_series(1, \(rows)) AS g
                """, "adding deliveries")
        }
        try store.write { storeTransaction in
            let transaction = try #require(storeTransaction as? PostgresTransaction)
            /// Rows of `table` this transaction has read so far, by scans and through indexes.
            func rowsRead(_ table: String) throws -> Int {
                try transaction.rows(
                    """
                    SELECT seq_tup_read + COALESCE(idx_tup_fetch, 0) FROM pg_stat_xact_user_tables
                    WHERE relname = \(table) AND schemaname = current_schema()
                    """, "reading the transaction's statistics"
                ) { try $0.decode(Int.self) }.first ?? 0
            }
            var before = try rowsRead("pending")
            #expect(try transaction.pendingRecords(wanted.map { (shop, $0) }, lockingRows: true).count == wanted.count)
            #expect(try rowsRead("pending") - before <= wanted.count)
            before = try rowsRead("pending")
            #expect(try transaction.deletePending(shop, identifiers: wanted) == wanted.count)
            #expect(try rowsRead("pending") - before <= wanted.count)
            before = try rowsRead("deliveries")
            try transaction.unlistDeliveries(shop, identifiers: wanted)
            #expect(try rowsRead("deliveries") - before <= wanted.count)
        }
        #expect(try store.read { try $0.pendingCounts() } == [shop: rows - wanted.count])
    }

    // MARK: Helpers

    /// Runs `body` on a thread of its own: the store waits on NIO futures, which
    /// must not block Swift concurrency's few threads for long.
    static func detached<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result(catching: body)) }
        }
    }

    /// Runs one statement in the URL's schema on a connection of its own.
    static func query<T>(
        _ url: String, _ query: PostgresQuery, _ transform: (PostgresRow) throws -> T
    ) async throws -> [T] {
        let components = try #require(URLComponents(string: url))
        let schema = components.queryItems?.first { $0.name == "schema" }?.value ?? "public"
        var configuration = PostgresConnection.Configuration(
            host: components.host ?? "127.0.0.1", port: components.port ?? 5432,
            username: components.user ?? "postgres", password: components.password,
            database: String(components.path.dropFirst()), tls: .disable)
        configuration.options.additionalStartupParameters = [("search_path", schema)]
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "test.postgres"))
        do {
            var rows: [T] = []
            for try await row in try await connection.query(query, logger: Logger(label: "test.postgres")) {
                rows.append(try transform(row))
            }
            try await connection.close()
            return rows
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
