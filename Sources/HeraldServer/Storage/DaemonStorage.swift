import Foundation
import HeraldApps
import NotificationEngine
import PostgresSupport
import PushService
import Signals

/// Where the daemon keeps its records, chosen once at start: a node alone keeps
/// them in its data directory (and, for what a restart may forget, in memory);
/// the nodes sharing a PostgreSQL database keep them in it, beside the engine's
/// tables, and follow each other's changes. Each record is one protocol with its
/// two implementations in a folder of its own under `Storage/` (`Apps/`,
/// `Sessions/`, `SignInCodes/`, `AdminTokens/`, `Webhooks/`, `Documents/`,
/// `Events/`, `Push/`, `DeviceQueues/`, `PushResources/`); this value makes every one, and the engine on the matching store.
enum DaemonStorage: Sendable {
    /// The data directory's files.
    case local(DataDirectory)
    /// The PostgreSQL database of `--database`, shared with every node on it.
    case postgres(DaemonDatabase)

    /// The database at `databaseURL` when there is one (its tables created or
    /// migrated), else `directory`.
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached or was
    ///   migrated by a later version.
    init(directory: DataDirectory, databaseURL: String?) throws {
        guard let databaseURL else {
            self = .local(directory)
            return
        }
        self = .postgres(try DaemonDatabase(store: try PostgresStore(url: databaseURL)))
    }

    /// Whether other daemons share the records.
    var isShared: Bool {
        if case .postgres = self { true } else { false }
    }

    /// The engine on `herald.sqlite` in the data directory, or on the database.
    func makeEngine(
        scheduler: any DateScheduler, configuration: NotificationEngine.Configuration, presenters: [any Presenter]
    ) throws -> NotificationEngine {
        switch self {
        case .local(let directory):
            try NotificationEngine(
                store: .sqlite(path: directory.engineDatabase.path), scheduler: scheduler,
                configuration: configuration, presenters: presenters)
        case .postgres(let database):
            try NotificationEngine(
                postgres: database.store, scheduler: scheduler, configuration: configuration, presenters: presenters)
        }
    }

    func makeAppRecords() -> any AppRecords {
        switch self {
        case .local(let directory): AppFile(file: directory.registryFile)
        case .postgres(let database): PostgresAppRecords(database: database)
        }
    }

    func makePushRecords() -> any PushRecords {
        switch self {
        case .local(let directory): PushFile(file: directory.pushFile)
        case .postgres(let database): PostgresPushRecords(database: database)
        }
    }

    /// Where the push service keeps the pushes waiting for devices on other machines,
    /// and its push resources (RFC 8030) with their messages: `push-queue.sqlite` in
    /// the data directory, both in one file, or the database's tables.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` when the file cannot be opened.
    func makePushQueues() throws -> (devices: any DeviceQueueStore, resources: any PushResourceStore) {
        switch self {
        case .local(let directory):
            let devices = try SQLiteDeviceQueues(path: directory.pushQueueDatabase.path)
            return (devices, SQLitePushResources(sharing: devices))
        case .postgres(let database):
            return (PostgresDeviceQueues(database: database), PostgresPushResources(database: database))
        }
    }

    func makeSessionRecords() -> any SessionRecords {
        switch self {
        case .local(let directory): SessionFile(file: directory.sessionsFile)
        case .postgres(let database): PostgresSessionRecords(database: database)
        }
    }

    func makeSignInCodeRecords() -> any SignInCodeRecords {
        switch self {
        case .local: SignInCodeMemory()
        case .postgres(let database): PostgresSignInCodes(database: database)
        }
    }

    func makeAdminTokenRecords() -> any AdminTokenRecords {
        switch self {
        case .local: AdminTokenMemory()
        case .postgres(let database): PostgresAdminTokens(database: database)
        }
    }

    /// The webhook outbox; forgets posts done more than
    /// ``WebhookOutbox/retention`` before `now`.
    ///
    /// - Throws: ``DaemonError`` when the file cannot be opened, ``NotificationError``
    ///   when the database cannot be reached.
    func makeWebhookOutbox(now: Date) throws -> WebhookOutbox {
        switch self {
        case .local(let directory):
            try WebhookOutbox(path: directory.webhookDatabase.path, now: now)
        case .postgres(let database):
            try WebhookOutbox(database: database, node: database.postgres.node, now: now)
        }
    }

    /// The Web Push messages owed to the person's browsers, kept as webhook posts are.
    ///
    /// - Throws: ``DaemonError`` when the file cannot be opened, ``NotificationError``
    ///   when the database cannot be reached.
    func makeWebPushOutbox(now: Date) throws -> WebhookOutbox {
        switch self {
        case .local(let directory):
            try WebhookOutbox(path: directory.webPushDatabase.path, now: now)
        case .postgres(let database):
            WebhookOutbox(
                records: try PostgresWebhookPosts(database: database, node: database.postgres.node, now: now, table: .webPush),
                isShared: true)
        }
    }

    /// Where the bundled apps keep their documents.
    ///
    /// - Throws: ``HeraldAppError`` when the directory cannot be created.
    func makeDocuments() throws -> any DocumentStorage {
        switch self {
        case .local(let directory): try FileDocumentStorage(directory: directory.appsDirectory)
        case .postgres(let database): PostgresDocumentStorage(database: database)
        }
    }

    /// The live event stream of `engine`'s events; `names` gives an app's display name.
    ///
    /// - Throws: ``NotificationError`` when the event log's tables cannot be created
    ///   or read.
    func makeEvents(
        engine: NotificationEngine, names: @escaping @Sendable (AppIdentifier) -> String
    ) throws -> EventStream {
        let log: any EventLog =
            switch self {
            case .local: MemoryEventLog()
            case .postgres(let database): try PostgresEventLog(store: database.postgres)
            }
        return EventStream(log: log, engine: engine, names: names)
    }

    /// Has `services` follow the changes other nodes make (nothing for a node alone).
    func follow(in services: DaemonServices) {
        if case .postgres(let database) = self { services.follow(database) }
    }
}
