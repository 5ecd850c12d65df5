import Foundation
import PostgresNIO

/// Which attachments' bytes are referred to.
extension PostgresTransaction {
    /// The requests of the deliveries whose attachments' bytes are kept: listed,
    /// answered with a response not yet handled, or in the outbox (a delivery may
    /// come twice); of one app, or (`nil`) of all.
    private func keptDeliveryRequests(of app: AppIdentifier?) throws -> [Data] {
        let name = app?.rawValue
        return try rows(
            """
            SELECT request FROM deliveries WHERE listed AND (\(name)::text IS NULL OR app = \(name))
            UNION ALL SELECT deliveries.request FROM responses JOIN deliveries ON deliveries.id = responses.delivery_id
                WHERE NOT deliveries.listed AND (\(name)::text IS NULL OR responses.app = \(name))
            UNION ALL SELECT deliveries.request FROM outbox JOIN deliveries ON deliveries.id = outbox.delivery_id
                WHERE NOT deliveries.listed AND (\(name)::text IS NULL OR deliveries.app = \(name))
            """,
            "reading which deliveries' attachments are kept"
        ) { try $0.decode(Data.self) }
    }

    private func decodeRequest(_ data: Data) throws -> NotificationRequest {
        try guarding("decoding a stored request") { try RequestCoding.decode(data) }
    }

    func attachmentDigests() throws -> Set<String> {
        // Decodes every pending record and every kept delivery's: the engine asks
        // only when the attachment store holds something, after a change that may
        // have freed some.
        let pending = try rows("SELECT request FROM pending", "reading which attachments are referred to") {
            try $0.decode(Data.self)
        }
        var digests = Set<String>()
        for data in pending + (try keptDeliveryRequests(of: nil)) {
            for attachment in try decodeRequest(data).content.attachments {
                digests.insert(attachment.digest)
            }
        }
        return digests
    }

    func attachmentReferences(_ app: AppIdentifier) throws -> AttachmentReferences {
        var references = AttachmentReferences()
        let pending = try rows(
            "SELECT identifier, request FROM pending WHERE app = \(app.rawValue)", "reading the attachments of \(app)"
        ) { try $0.decode((String, Data).self) }
        for (identifier, data) in pending {
            let attachments = try decodeRequest(data).content.attachments
            if !attachments.isEmpty { references.pending[identifier] = attachments }
        }
        references.delivered = try keptDeliveryRequests(of: app).map { try decodeRequest($0).content.attachments }
            .filter { !$0.isEmpty }
        return references
    }
}
