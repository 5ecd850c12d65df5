import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationEngine
import PushService
import Testing

/// A store of push resources that the tests can look into.
protocol InspectablePushResources: PushResourceStore {
    /// The receiver's messages, in order.
    func queue(of agent: PushAgent) throws -> PushAgentQueue
}

extension MemoryPushResources: InspectablePushResources {}
extension PostgresPushResources: InspectablePushResources {}
extension SQLitePushResources: InspectablePushResources {}

/// A kind of ``PushResourceStore`` to run a test on: the in-memory model always,
/// PostgreSQL when `HERALD_TEST_POSTGRES_URL` is set (always in CI). Another store
/// joins every test with a line in ``all``.
struct PushResourceStoreKind: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether several nodes share it, and its announcements come after the commit,
    /// once its listening connection is up (which it says with a `nil`).
    let isShared: Bool
    /// Opens a fresh store, as `nodes` nodes (one for a store in one process).
    let open: @Sendable (_ nodes: Int) throws -> OpenedPushResources

    var testDescription: String { name }

    static let memory = PushResourceStoreKind(name: "memory", isShared: false) { _ in OpenedPushResources(MemoryPushResources()) }

    static let postgres = PushResourceStoreKind(name: "PostgreSQL", isShared: true) { nodes in
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        return try OpenedPushResources(postgresAt: url, nodes: nodes)
    }

    static let sqlite = PushResourceStoreKind(name: "SQLite", isShared: false) { _ in
        let directory = try TemporaryDirectory()
        let queues = try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))
        return OpenedPushResources(SQLitePushResources(sharing: queues), keeping: directory)
    }

    static var all: [PushResourceStoreKind] {
        TestPostgres.url != nil || TestPostgres.isRequired ? [memory, sqlite, postgres] : [memory, sqlite]
    }
}

/// A store under test: its nodes' stores (one for a store in one process); a
/// PostgreSQL schema is dropped, and its connections closed, when let go of: a
/// test keeps it until it ends (`withExtendedLifetime`).
final class OpenedPushResources {
    let nodes: [any InspectablePushResources]
    private let postgres: [PostgresStore]
    /// What the store's file is in, removed with it.
    private let directory: TemporaryDirectory?

    init(_ store: any InspectablePushResources, keeping directory: TemporaryDirectory? = nil) {
        nodes = [store]
        postgres = []
        self.directory = directory
    }

    init(postgresAt url: String, nodes count: Int) throws {
        postgres = try (0..<count).map { _ in try PostgresStore(url: url) }
        nodes = try postgres.map { PostgresPushResources(database: try DaemonDatabase(store: $0)) }
        directory = nil
    }

    deinit {
        try? postgres.first?.dropSchema()
        for store in postgres { store.close() }
    }

    /// The first node's store.
    var store: any InspectablePushResources { nodes[0] }
}

/// Receivers, keys and messages for the tests.
enum PushResourceSamples {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let browser = PushAgent(.browser, "0123456789abcdef0123456789abcdef")
    static let otherBrowser = PushAgent(.browser, "fedcba9876543210fedcba9876543210")
    static let app = PushAgent(.unifiedPush, "org.example.Chat")
    static let otherApp = PushAgent(.unifiedPush, ":1.42")
    /// Two VAPID public keys (65 bytes, uncompressed points in form only).
    static let key = Data([4] + (1...64).map(UInt8.init))
    static let otherKey = Data([4] + (1...64).map { UInt8(255 - $0) })

    /// A message `id` on `resource`, kept `ttl` seconds from `now` (0: now or
    /// never), its body bytes no text holds.
    static func message(
        _ id: String, on resource: PushResource, topic: String? = nil, ttl: TimeInterval = 60,
        receipt: Bool = false, now: Date = start
    ) -> PushResourceMessage {
        PushResourceMessage(
            id: id, resource: resource.token, channel: resource.channel,
            body: Data([0, 0xff, 0x80]) + Data(id.utf8),
            encoding: id.hasSuffix("-aesgcm")
                ? PushContentEncoding(name: "aesgcm", encryption: "salt=abc", cryptoKey: "dh=def;p256ecdsa=ghi") : .aes128gcm,
            urgency: "high", topic: topic, expiresAt: ttl == 0 ? nil : now.addingTimeInterval(ttl),
            wantsReceipt: receipt)
    }
}
