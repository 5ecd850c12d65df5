import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import PostgresNIO
import Testing

/// The firing path's prepared statements (``LockAndClaimStatement``,
/// ``SaveFiringStatement``) on a real server.
@Suite("PostgreSQL store: prepared statements", .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
struct PostgresPreparedStatementTests {
    let shop: AppIdentifier = "com.example.shopping"

    @Test("A prepared statement that fails leaves no connection that keeps failing")
    func failureReplacesConnection() throws {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        let store = try PostgresStore(url: url)
        defer { try? store.dropSchema() }
        try store.write { try $0.savePending(StoreSamples.pending("milk", fire: 10), for: shop) }
        // Its first use on the connection comes in a transaction an earlier error
        // aborted, so preparing it fails; postgres-nio keeps that failure for the
        // statement's name on that connection.
        #expect(throws: NotificationError.self) {
            try store.write { transaction in
                let postgres = try #require(transaction as? PostgresTransaction)
                _ = try? postgres.execute("SELECT 1 / 0", "dividing by zero")
                _ = try postgres.lockAppsSkippingLockedAndClaim([(shop, "milk")])
            }
        }
        // The next transactions prepare it afresh and claim the row.
        for _ in 0..<2 {
            let claimed = try store.write { transaction in
                try #require(transaction as? PostgresTransaction).lockAppsSkippingLockedAndClaim([(shop, "milk")])
            }
            #expect(claimed.claimed.map(\.identifier) == ["milk"])
            #expect(claimed.apps.keys.sorted() == [shop])
        }
    }
}
