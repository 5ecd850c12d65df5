import Foundation
import HeraldApps
import Logging
import NIOCore
import NotificationEngine
import PostgresNIO
import PostgresSupport
import Synchronization

/// The bundled apps' documents in the shared database (`daemon_app_documents`),
/// so that a list edited through one node is the list every node shows.
///
/// An app's operation runs under a PostgreSQL advisory lock named after the
/// document, held on a connection of its own for the whole operation (which
/// awaits the engine) and released by closing it — by the server too, if the
/// node dies. Each save is announced; the other nodes tell their open pages to
/// fetch the document again.
final class PostgresDocumentStorage: DocumentStorage {
    private let database: DaemonDatabase
    private let observers = Mutex<[String: [@Sendable () -> Void]]>([:])

    init(database: DaemonDatabase) {
        self.database = database
        let node = database.postgres.node
        database.follow { [weak self] change in
            guard case .document(let name, let saver)? = change, saver != node, let self else { return }
            for observer in observers.withLock({ $0[name] ?? [] }) { observer() }
        }
    }

    var isShared: Bool { true }

    func load(_ name: String) throws -> Data? {
        try database.read { statements in
            try statements.rows(
                "SELECT body FROM daemon_app_documents WHERE name = \(name)", "reading the document \(name)"
            ) { try $0.decode(Data.self) }.first
        }
    }

    func save(_ name: String, _ data: Data) throws {
        try database.write { statements in
            try statements.execute(
                """
                INSERT INTO daemon_app_documents (name, body) VALUES (\(name), \(ByteBuffer(bytes: data)))
                ON CONFLICT (name) DO UPDATE SET body = excluded.body
                """,
                "saving the document \(name)")
            try database.announce(.document(name: name, node: database.postgres.node), in: statements)
        }
    }

    func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T {
        let connection = try await database.postgres.connect()
        do {
            let key = "herald.document." + database.postgres.schema + "." + name
            try await connection.query("SELECT pg_advisory_lock(hashtext(\(key)))", logger: Self.logger)
            let result = try await body()
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    func observe(_ name: String, _ handler: @escaping @Sendable () -> Void) {
        observers.withLock { $0[name, default: []].append(handler) }
    }

    private static let logger = Logger(label: "herald.apps.documents")
}
