import Foundation
import GRDB
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Engine: what a crash left in the outbox")
struct OutboxRecoveryTests {
    /// A delivery a crash left in the outbox, its app's record written as `preferences`.
    private func crashedStore(preferences: String) throws -> (TemporaryDirectory, String, DeliveryID) {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let app: AppIdentifier = "com.example.crashed"
        let delivery = Delivery(
            id: DeliveryID(), app: app, request: NotificationRequest(identifier: "left", content: .init(title: "Left")),
            scheduledDate: EngineFixture.start, date: EngineFixture.start, isLate: false)
        let store = try SQLiteStore(path: path)
        try store.write { transaction in
            try transaction.savePreferences(AppNotificationPreferences(), for: app)
            try transaction.saveDelivery(StoredDelivery(delivery: delivery, isListed: true, isAnswered: false))
            try transaction.addToOutbox([delivery.id])
        }
        let database = try Self.database(path)
        try database.write { try $0.execute(sql: "UPDATE apps SET preferences = ?", arguments: [preferences]) }
        try database.close()
        return (directory, path, delivery.id)
    }

    /// The file opened beside the engine, waiting while the engine's own
    /// connections (its checkpointer among them) hold it.
    private static func database(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private func start(on path: String) throws -> (NotificationEngine, RecordingPresenter) {
        let presenter = RecordingPresenter()
        let engine = try NotificationEngine(
            store: .sqlite(path: path), scheduler: TestScheduler(startDate: EngineFixture.start),
            configuration: .init(authorizationPolicy: .grantAll), presenters: [presenter])
        return (engine, presenter)
    }

    @Test("A delivery whose app's record cannot be read stays in the outbox, and is shown once it can be")
    func unreadableRecordLosesNothing() throws {
        let (directory, path, id) = try crashedStore(preferences: "{not json")
        let (_, first) = try start(on: path)
        #expect(first.presentations.isEmpty, "nothing shown while the app's record cannot be read")
        #expect(try SQLiteStore(path: path).read { try $0.outbox() }.map(\.id) == [id], "still owed")

        let database = try Self.database(path)
        try database.write { try $0.execute(sql: "UPDATE apps SET preferences = NULL") }
        try database.close()
        let (_, second) = try start(on: path)
        #expect(second.presentations.map(\.delivery.id) == [id])
        #expect(try SQLiteStore(path: path).read { try $0.outbox() }.isEmpty)
        _ = directory
    }
}
