import Foundation
import NIOCore
import PostgresNIO

/// A firing batch's writes in one statement.
extension PostgresTransaction {
    /// All of the batch's writes as one statement of data-modifying `WITH`
    /// clauses, one round trip where the operations one by one take up to seven.
    /// The clauses run on one snapshot and none sees another's changes, which is
    /// what the order of ``StoreTransaction/saveFiring(_:)`` asks for: the
    /// deliveries copy their requests from the pending rows as they were before
    /// the batch, and unlisting earlier deliveries cannot touch the new ones. No
    /// two clauses change the same row: a request is either rescheduled or
    /// finished, and the outbox entries taken out are of earlier batches.
    func saveFiring(_ writes: FiringWrites) throws -> [ReplacedDelivery] {
        try save(writes, queuingDeliveries: true)
    }

    /// `writes` in one statement; the deliveries go in the outbox only when
    /// `queuingDeliveries` (``saveDeliveries(_:requests:)`` saves them alone).
    func save(_ writes: FiringWrites, queuingDeliveries: Bool) throws -> [ReplacedDelivery] {
        var rows = writes.deliveries
        let replacedInBatch = rows.unlistReplacedWithinBatch()
        let c = try columns(rows)
        let apps = rows.map { $0.delivery.app.rawValue }
        let copies = writes.requests == .pending
        let requests = try guarding("encoding \(rows.count) requests") {
            try rows.map { copies ? ByteBuffer() : ByteBuffer(bytes: try RequestCoding.encode($0.delivery.request)) }
        }
        let rescheduled = writes.rescheduled
        let badges = writes.badges.sorted { $0.key.rawValue < $1.key.rawValue }
        let (inserted, updated, unlistedApps, unlistedIDs) = try self.rows(
            """
            WITH cleared AS (
                DELETE FROM outbox WHERE delivery_id = ANY(\(writes.handedOver.map(\.rawValue)))
            ), unlisted AS (
                UPDATE deliveries SET listed = false
                FROM (SELECT DISTINCT app, identifier FROM unnest(\(apps), \(c.identifiers)) AS k (app, identifier)) AS k
                WHERE deliveries.app = k.app AND deliveries.identifier = k.identifier AND deliveries.listed
                RETURNING deliveries.app, deliveries.id
            ), inserted AS (
                INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, category, request)
                SELECT new.id, new.app, new.identifier, new.scheduled, new.date, new.late, new.listed, new.answered,
                    NULLIF(new.category, ''), CASE WHEN \(copies) THEN pending.request ELSE new.request END
                FROM unnest(\(c.ids), \(apps), \(c.identifiers), \(c.scheduled), \(c.dates), \(c.late), \(c.listed),
                    \(c.answered), \(c.categories), \(requests))
                    WITH ORDINALITY AS new (id, app, identifier, scheduled, date, late, listed, answered, category,
                        request, position)
                LEFT JOIN pending ON \(copies) AND pending.app = new.app AND pending.identifier = new.identifier
                WHERE NOT \(copies) OR pending.app IS NOT NULL
                ORDER BY new.position
                RETURNING 1
            ), queued AS (
                INSERT INTO outbox (delivery_id, owner, lease_until)
                SELECT unnest(\(queuingDeliveries ? c.ids : [])), \(node), extract(epoch FROM clock_timestamp()) + \(PostgresStore.outboxLease)
                ON CONFLICT DO NOTHING
            ), rescheduled AS (
                UPDATE pending SET next_fire = NULLIF(r.next_fire, 'NaN'::float8), added = r.added
                FROM unnest(\(rescheduled.map(\.app.rawValue)), \(rescheduled.map(\.pending.request.identifier)),
                    \(rescheduled.map { $0.pending.nextFireDate?.timeIntervalSinceReferenceDate ?? .nan }),
                    \(rescheduled.map(\.pending.addedDate.timeIntervalSinceReferenceDate)))
                    AS r (app, identifier, next_fire, added)
                WHERE pending.app = r.app AND pending.identifier = r.identifier
                RETURNING 1
            ), badges AS (
                INSERT INTO apps (app, badge)
                SELECT * FROM unnest(\(badges.map(\.key.rawValue)), \(badges.map(\.value)))
                ON CONFLICT (app) DO UPDATE SET badge = excluded.badge
            ), finished AS (
                DELETE FROM pending
                USING unnest(\(writes.finished.map(\.app.rawValue)), \(writes.finished.map(\.identifier)))
                    AS f (app, identifier)
                WHERE pending.app = f.app AND pending.identifier = f.identifier
            )
            SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM rescheduled),
                ARRAY(SELECT app FROM unlisted), ARRAY(SELECT id FROM unlisted)
            """,
            "saving a batch of \(rows.count) deliveries"
        ) { try $0.decode((Int, Int, [String], [UUID]).self) }.first ?? (0, 0, [], [])
        guard inserted == rows.count else {
            throw PostgresStoreFailure.corrupt("\(rows.count - inserted) of \(rows.count) deliveries have no pending request")
        }
        guard updated == rescheduled.count else {
            throw PostgresStoreFailure.corrupt("\(rescheduled.count - updated) of \(rescheduled.count) rescheduled requests are not pending")
        }
        return zip(unlistedApps, unlistedIDs).map { ReplacedDelivery(app: AppIdentifier(rawValue: $0), id: DeliveryID(rawValue: $1)) }
            + replacedInBatch
    }
}
