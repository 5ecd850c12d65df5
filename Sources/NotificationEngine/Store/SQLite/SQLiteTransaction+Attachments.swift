import Foundation
import GRDB

extension SQLiteTransaction {
    /// The requests of the deliveries whose attachments' bytes are kept: listed,
    /// answered with a response not yet handled, or in the outbox (a delivery may
    /// come twice). `?1` is the app, where `scoped`.
    private static func keptDeliveryRequests(scoped: Bool) -> String {
        let app = scoped ? "app = ?1 AND " : ""
        let responseApp = scoped ? "AND r.app = ?1 " : ""
        return """
            SELECT request FROM deliveries WHERE \(app)listed = 1
            UNION ALL SELECT d.request FROM responses AS r JOIN deliveries AS d ON d.id = r.delivery_id
                WHERE d.listed = 0 \(responseApp)
            UNION ALL SELECT request FROM deliveries WHERE \(app)listed = 0 AND id IN \(queuedIDs)
            """
    }

    func attachmentDigests() throws -> Set<String> {
        try guarding("reading which attachments are referred to") {
            // Decodes every pending record and every kept delivery's: the engine asks
            // only when the attachment store holds files, after a change that may
            // have freed some.
            var digests = Set<String>()
            for sql in ["SELECT request FROM pending", Self.keptDeliveryRequests(scoped: false)] {
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql))
                while let row = try rows.next() {
                    for attachment in try request(row, at: 0).content.attachments {
                        digests.insert(attachment.digest)
                    }
                }
            }
            return digests
        }
    }

    func attachmentReferences(_ app: AppIdentifier) throws -> AttachmentReferences {
        try guarding("reading the attachments of \(app)") {
            var references = AttachmentReferences()
            let pending = try fetch("SELECT identifier, request FROM pending WHERE app = ?", [app.rawValue]) { row in
                (try row.decode(String.self, atIndex: 0), try request(row, at: 1).content.attachments)
            }
            for (identifier, attachments) in pending where !attachments.isEmpty {
                references.pending[identifier] = attachments
            }
            references.delivered = try fetch(Self.keptDeliveryRequests(scoped: true), [app.rawValue]) { row in
                try request(row, at: 0).content.attachments
            }.filter { !$0.isEmpty }
            return references
        }
    }
}
