import Foundation
import GRDB
import HeraldTestSupport
@testable import NotificationEngine
import Signals
import Testing

/// The v5 migration: deliveries keep their category. Those stored before it have
/// none, and are answered by the app's current category.
@Suite("SQLite store: migrating to deliveries with their category")
struct SQLiteCategoryMigrationTests {
    static let shop: AppIdentifier = "com.example.shopping"

    /// A version 4 file: the app, authorized with ``CategorySnapshotTests/original``,
    /// and a listed delivery of `request`, whose id it returns.
    static func writeVersion4(_ request: NotificationRequest, at path: String) throws -> DeliveryID {
        try OldSchemaRows.database(at: path, upTo: "v4").write { db in
            try OldSchemaRows.insertAuthorizedApp(shop, categories: [CategorySnapshotTests.original], in: db)
            return try OldSchemaRows.insertDelivery(request, of: shop, at: StoreSamples.date(0), in: db)
        }
    }

    @Test("A delivery stored before categories were kept has none, and is answered by the app's current category")
    func olderDeliveryFallsBack() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v4.sqlite")
        let request = NotificationRequest(
            identifier: "r", content: NotificationContent(title: "T", categoryIdentifier: "list"))
        let id = try Self.writeVersion4(request, at: path)
        let fixture = try EngineFixture(store: .sqlite(path: path))
        let delivery = try #require(try fixture.engine.delivery(id))
        #expect(delivery.category == nil)
        let refused = #expect(throws: NotificationError.self) {
            try fixture.engine.respond(to: id, actionIdentifier: "trash", authenticated: false)
        }
        #expect(refused?.code == .authenticationRequired, "the app's current category requires authentication")
        let saved = try SQLiteStore(path: path).read { try $0.delivery(id) }
        #expect(saved?.delivery == delivery, "a delivery without a category reads back without one")
        try await fixture.engine.setCategories([CategorySnapshotTests.redefined], for: Self.shop)
        try fixture.engine.respond(to: id, actionIdentifier: "sneak", authenticated: false)
    }
}
