import Foundation
import GRDB
import NotificationEngine

/// E3's floor: the engine's firing protocol written directly with GRDB on the store's version 1 tables
/// — per batch of 1,024 due rows, one write transaction that reads them in due order,
/// decodes each request, unlists an earlier delivery of the same identifier, inserts the
/// delivery (reusing the request's JSON text) and its outbox entry and deletes the pending
/// row; then the presentations, then one transaction that clears the outbox entries.
enum BurstFloor {
    static let batch = 1_024

    /// A due row of the pending table.
    private struct Due {
        var identifier: String
        var nextFire: Double
        var json: String
    }

    /// Inserts `count` requests due now, then fires them all; returns the seconds from the
    /// start of firing to the last presentation.
    static func run(count: Int, in directory: URL) throws -> Double {
        let scratch = try ScratchDirectory("floor", in: directory)
        let pool = try GRDBPeer.create(scratch.path("floor.sqlite"))
        let requests = (0..<count).map { Fixtures.request($0, interval: 0) }
        try GRDBPeer.insert(requests, batch: 10_000, into: pool)
        let presenter = CountingPresenter()
        Profiling.enable()
        let start = Date()
        while true {
            let deliveries = try fireBatch(pool)
            if deliveries.isEmpty { break }
            for delivery in deliveries {
                presenter.present(presentation(delivery))
            }
            try pool.write { db in
                let statement = try db.cachedStatement(sql: "DELETE FROM outbox WHERE delivery_id = ?")
                for delivery in deliveries {
                    try statement.execute(arguments: [delivery.id.description])
                }
            }
        }
        Profiling.disable()
        let tally = presenter.snapshot
        guard tally.count == count else {
            throw BenchmarkFailure("E3 floor: \(tally.count) presentations, not \(count)")
        }
        return tally.last.timeIntervalSince(start)
    }

    /// Commits the firing of the next batch of due rows and returns their deliveries.
    private static func fireBatch(_ pool: DatabasePool) throws -> [Delivery] {
        let decoder = JSONDecoder()
        return try pool.write { db in
            let now = Date()
            let due = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT identifier, next_fire, request FROM pending
                        WHERE next_fire IS NOT NULL AND next_fire <= ?
                        ORDER BY next_fire, app, identifier LIMIT ?
                        """),
                arguments: [now.timeIntervalSinceReferenceDate, batch]
            ).map { Due(identifier: $0[0], nextFire: $0[1], json: $0[2]) }
            return try due.map { row in try fire(row, now: now, decoder: decoder, db: db) }
        }
    }

    private static func fire(_ row: Due, now: Date, decoder: JSONDecoder, db: Database) throws -> Delivery {
        let app = benchmarkApp.rawValue
        let delivery = Delivery(
            id: DeliveryID(), app: benchmarkApp,
            request: try decoder.decode(NotificationRequest.self, from: Data(row.json.utf8)),
            scheduledDate: Date(timeIntervalSinceReferenceDate: row.nextFire), date: now, isLate: false)
        let id = delivery.id.description
        try db.cachedStatement(sql: "UPDATE deliveries SET listed = 0 WHERE app = ? AND identifier = ? AND listed = 1")
            .execute(arguments: [app, row.identifier])
        try db.cachedStatement(
            sql: """
                INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, request)
                VALUES (?, ?, ?, ?, ?, 0, 1, 0, ?)
                """
        )
        .execute(arguments: [id, app, row.identifier, row.nextFire, now.timeIntervalSinceReferenceDate, row.json])
        try db.cachedStatement(sql: "INSERT INTO outbox (delivery_id) VALUES (?)").execute(arguments: [id])
        try db.cachedStatement(sql: "DELETE FROM pending WHERE app = ? AND identifier = ?")
            .execute(arguments: [app, row.identifier])
        return delivery
    }

    /// The presentation the engine would build for an authorized app without categories.
    private static func presentation(_ delivery: Delivery) -> Presentation {
        Presentation(
            delivery: delivery, style: .banner, sound: delivery.request.content.sound, badge: 0, actions: [],
            bannerActions: [], reportsDismissal: false)
    }
}
