import Foundation
import GRDB
@testable import HeraldServer
import HeraldTestSupport
import NotificationEngine
import NotificationModel
import PostgresNIO
import PostgresSupport
import PushService
import Testing

/// Queues kept by a version that did not record whether a push was ever sent: a
/// push unsent there may have been sent on a link cut since, so each one counts as
/// sent, and a newer push with its collapse identifier never takes its number.
@Suite("Device queues kept before pushes were marked sent once", .offThePool, .timeLimit(.minutes(5)))
struct DeviceQueueMigrationTests {
    static let device = "device-1"
    static let app = "com.example.chat"
    static let now = DeviceQueueSamples.start

    /// The pushes as the previous schema holds them: `a` (collapse `score`), sent on a
    /// link cut since and so unsent; `b`, sent on the current link.
    static let old: [(sequence: Int64, label: String, collapse: String?, isSent: Bool)] = [
        (1, "a", "score", false), (2, "b", nil, true),
    ]

    /// A push's JSON as a row keeps it.
    static func json(_ label: String, collapse: String?) throws -> String {
        let admitted = try DeviceQueueRow.admit(
            app: app, notification: DeviceQueueSamples.push(label, collapse: collapse), expiration: nil,
            isConnected: false, now: now)
        guard case .row(let row) = admitted else { throw PushServiceError(.storeFailure, "not admitted: \(admitted)") }
        return row.notification
    }

    /// What the migrated store holds and does with a newer push for `score`.
    static func expectMigrated(_ store: any InspectableDeviceQueues) async throws {
        let entries = try store.contents(of: device).entries
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries.map(\.isSent) == [false, true])
        #expect(entries.map(\.wasSent) == [true, true], "what the old schema held may have been sent")
        let outcome = try await store.enqueue(
            device: device, app: app, notification: DeviceQueueSamples.push("c", collapse: "score"), expiration: nil,
            isConnected: false, now: now)
        #expect(outcome == .superseded(3))
        let after = try store.contents(of: device).entries
        #expect(after.map(\.sequence) == [2, 3])
        #expect(after.map(\.notification.content.body) == ["b", "c"])
        #expect(after.map(\.wasSent) == [true, false])
        #expect(try await store.epoch(device: device) == "", "a device kept before epochs has the empty one")
    }

    @Test("a push-queue.sqlite of the first schema: its pushes count as sent once")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("push-queue.sqlite")
        let file = try DatabaseQueue(path: path)
        try DeviceQueueSchema.migrator.migrate(file, upTo: "v1")
        try await file.write { db in
            try db.execute(sql: "INSERT INTO device (device, next_sequence) VALUES (?, 3)", arguments: [Self.device])
            for push in Self.old {
                try db.execute(
                    sql: """
                        INSERT INTO push (device, sequence, app, collapse_id, expires_at, is_sent, notification)
                        VALUES (?, ?, ?, ?, NULL, ?, ?)
                        """,
                    arguments: [
                        Self.device, push.sequence, Self.app, push.collapse, push.isSent,
                        try Self.json(push.label, collapse: push.collapse),
                    ])
            }
        }
        try file.close()
        try await Self.expectMigrated(try SQLiteDeviceQueues(path: path))
    }

    @Test(
        "a push_queue of the schema before: its pushes count as sent once",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func postgres() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        let store = try PostgresStore(url: url)
        defer {
            try? store.dropSchema()
            store.close()
        }
        let before = DaemonDatabase.migrations.prefix { $0.name != "v6" }
        try store.database.migrate(component: "daemon", Array(before))
        try store.database.withTransaction { statements in
            try statements.execute(
                "INSERT INTO push_queue_devices (device, next_sequence) VALUES (\(Self.device), 3)", "the old device")
            for push in Self.old {
                let json = try Self.json(push.label, collapse: push.collapse)
                try statements.execute(
                    """
                    INSERT INTO push_queue (device, sequence, app, collapse_id, expires_at, is_sent, notification)
                    VALUES (\(Self.device), \(push.sequence), \(Self.app), \(push.collapse), NULL, \(push.isSent), \(json))
                    """,
                    "an old push")
            }
        }
        try await Self.expectMigrated(PostgresDeviceQueues(database: try DaemonDatabase(store: store)))
    }
}
