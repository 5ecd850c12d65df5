package import Foundation
import NIOCore
import PostgresNIO
import Synchronization

/// The PostgreSQL store's attachments: bytes in its `attachments` table, one row
/// per digest, so that every node serving the database can read every
/// attachment. Pins are this process's own.
package final class PostgresAttachmentStore: AttachmentStore {
    private let store: PostgresStore
    private let pins = Mutex(AttachmentPins())

    package init(store: PostgresStore) {
        self.store = store
    }

    package func put(_ data: Data, digest: String) throws {
        pins.withLock { $0.pin(digest) }
        do {
            _ = try store.transaction(begin: "BEGIN", isReadOnly: false) { transaction in
                try transaction.execute(
                    """
                    INSERT INTO attachments (digest, data) VALUES (\(digest), \(ByteBuffer(bytes: data)))
                    ON CONFLICT DO NOTHING
                    """,
                    "keeping the attachment \(digest)")
            }
        } catch {
            unpin([digest])
            throw error
        }
    }

    package func pin(_ digest: String) -> Int? {
        // Pinned first, so that a sweep between the check and the pin keeps it.
        pins.withLock { $0.pin(digest) }
        let size = (try? store.transaction(begin: "BEGIN", isReadOnly: true) { transaction in
            try transaction.rows(
                "SELECT octet_length(data) FROM attachments WHERE digest = \(digest)", "looking up \(digest)"
            ) { try $0.decode(Int.self) }.first
        }) ?? nil
        if size == nil { unpin([digest]) }
        return size
    }

    package func unpin(_ digests: [String]) {
        pins.withLock { pins in digests.forEach { pins.unpin($0) } }
    }

    package func data(_ digest: String) throws -> Data? {
        try store.transaction(begin: "BEGIN", isReadOnly: true) { transaction in
            try transaction.rows(
                "SELECT data FROM attachments WHERE digest = \(digest)", "reading the attachment \(digest)"
            ) { try $0.decode(Data.self) }.first
        }
    }

    package func url(_ digest: String) -> URL? { nil }

    package var isEmpty: Bool {
        let any = try? store.transaction(begin: "BEGIN", isReadOnly: true) { transaction in
            try transaction.rows("SELECT 1 FROM attachments LIMIT 1", "looking for attachments") { _ in true }
        }
        return any?.isEmpty ?? true
    }

    package func removeAll(except referenced: Set<String>) throws -> Int {
        // Under the pins' lock: a digest pinned after this is put again by its add.
        try pins.withLock { pins in
            let kept = Array(referenced) + pins.digests
            return try store.transaction(begin: "BEGIN", isReadOnly: false) { transaction in
                try transaction.execute(
                    "DELETE FROM attachments WHERE NOT (digest = ANY(\(kept)))", "removing unused attachments")
            }
        }
    }
}
