import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationEngine
import NotificationModel
import PushService
import Testing

/// A store of pushes for devices that the tests can look into.
protocol InspectableDeviceQueues: DeviceQueueStore {
    /// The device's pushes, in order, and the number its next push gets.
    func contents(of device: String) throws -> (entries: [DeviceQueue.Entry], nextSequence: UInt64)
}

extension SQLiteDeviceQueues: InspectableDeviceQueues {}
extension PostgresDeviceQueues: InspectableDeviceQueues {}

/// A kind of ``DeviceQueueStore`` to run a test on: SQLite always, PostgreSQL when
/// `HERALD_TEST_POSTGRES_URL` is set (always in CI).
struct DeviceQueueKind: Sendable, CustomTestStringConvertible {
    let name: String
    /// Opens a fresh store, as `nodes` nodes (one for SQLite, a node alone).
    let open: @Sendable (_ nodes: Int) throws -> OpenedDeviceQueues

    var testDescription: String { name }

    static let sqlite = DeviceQueueKind(name: "SQLite") { _ in try OpenedDeviceQueues(sqliteIn: TemporaryDirectory()) }

    static let postgres = DeviceQueueKind(name: "PostgreSQL") { nodes in
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        return try OpenedDeviceQueues(postgresAt: url, nodes: nodes)
    }

    static var all: [DeviceQueueKind] {
        TestPostgres.url != nil || TestPostgres.isRequired ? [sqlite, postgres] : [sqlite]
    }
}

/// A store under test: its nodes' stores (one for SQLite), reopened at will; a
/// PostgreSQL schema is dropped when let go of.
final class OpenedDeviceQueues {
    private(set) var nodes: [any InspectableDeviceQueues]
    private let directory: TemporaryDirectory?
    private let postgres: [PostgresStore]

    init(sqliteIn directory: TemporaryDirectory) throws {
        self.directory = directory
        postgres = []
        nodes = [try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))]
    }

    init(postgresAt url: String, nodes count: Int) throws {
        directory = nil
        postgres = try (0..<count).map { _ in try PostgresStore(url: url) }
        nodes = try postgres.map { PostgresDeviceQueues(database: try DaemonDatabase(store: $0)) }
    }

    deinit {
        try? postgres.first?.dropSchema()
        for store in postgres { store.close() }
    }

    /// The first node's store.
    var store: any InspectableDeviceQueues { nodes[0] }

    /// Closes the SQLite file and opens it again, as a restart does (nothing for
    /// PostgreSQL, whose stores hold nothing between calls).
    func reopen() throws {
        guard let directory, let file = nodes.first as? SQLiteDeviceQueues else { return }
        try file.close()
        nodes = [try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))]
    }
}

/// Pushes for the tests.
enum DeviceQueueSamples {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A push with `collapse` whose body names `label`.
    static func push(_ label: String, collapse: String? = nil) -> RemoteNotification {
        RemoteNotification(
            id: UUID(), content: NotificationContent(title: "Push", body: label), collapseIdentifier: collapse)
    }
}
