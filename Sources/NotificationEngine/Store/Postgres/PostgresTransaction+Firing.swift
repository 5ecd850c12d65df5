import Foundation
import NIOCore
import PostgresNIO
import PostgresSupport

/// A firing batch's writes in one statement.
extension PostgresTransaction {
    /// All of the batch's writes as one statement of data-modifying `WITH`
    /// clauses (``SaveFiringStatement``), one round trip where the operations one
    /// by one take up to seven.
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
        var replacedInBatch = rows.unlistReplacedWithinBatch()
        // Beyond the center's limit: the batch's own oldest here, earlier ones in the statement.
        let (trimmedInBatch, listedInBatch) = rows.unlistBeyond(writes.listedLimit)
        replacedInBatch += trimmedInBatch
        let trimmedApps = writes.listedLimit < .max ? writes.appsListing : []
        let c = try columns(rows)
        let apps = rows.map { $0.delivery.app.rawValue }
        let copies: Bool
        switch writes.requests {
        case .own: copies = false
        // The rows are in the batch's own snapshot: copying them in the statement
        // sends no request bytes at all.
        case .read: copies = true
        }
        let requests = try guarding("encoding \(rows.count) requests") {
            try rows.map { copies ? ByteBuffer() : ByteBuffer(bytes: try RequestCoding.encode($0.delivery.request)) }
        }
        let rescheduled = writes.rescheduled
        let badges = writes.badges.sorted { $0.key.rawValue < $1.key.rawValue }
        let statement = SaveFiringStatement(
            handedOver: writes.handedOver.map(\.rawValue), apps: apps, columns: c, requests: requests, copies: copies,
            queued: queuingDeliveries ? c.ids : [], node: node, lease: PostgresStore.outboxLease,
            rescheduledApps: rescheduled.map(\.app.rawValue),
            rescheduledIdentifiers: rescheduled.map(\.pending.request.identifier),
            rescheduledFires: rescheduled.map { $0.pending.nextFireDate?.timeIntervalSinceReferenceDate ?? .nan },
            rescheduledAdded: rescheduled.map(\.pending.addedDate.timeIntervalSinceReferenceDate),
            badgeApps: badges.map(\.key.rawValue), badgeValues: badges.map(\.value),
            finishedApps: writes.finished.map(\.app.rawValue), finishedIdentifiers: writes.finished.map(\.identifier),
            trimmedApps: trimmedApps.map(\.rawValue),
            trimmedKeeps: trimmedApps.map { writes.listedLimit - listedInBatch[$0, default: 0] })
        let (inserted, updated, unlistedApps, unlistedIDs) =
            try self.rows(statement, "saving a batch of \(rows.count) deliveries").first ?? (0, 0, [], [])
        guard inserted == rows.count else {
            throw PostgresFailure.corrupt("\(rows.count - inserted) of \(rows.count) deliveries have no pending request")
        }
        guard updated == rescheduled.count else {
            throw PostgresFailure.corrupt("\(rescheduled.count - updated) of \(rescheduled.count) rescheduled requests are not pending")
        }
        return zip(unlistedApps, unlistedIDs).map { ReplacedDelivery(app: AppIdentifier(rawValue: $0), id: DeliveryID(rawValue: $1)) }
            + replacedInBatch
    }
}

/// A batch's writes (``PostgresTransaction/save(_:queuingDeliveries:)``): `$12`
/// says whether the deliveries copy their requests from the pending rows (`$11`
/// is then empty buffers); NaN stands for no next fire date, since arrays of
/// optionals do not encode. `trimmed` keeps, of each app of `$24`, the newest
/// `$25` of its earlier listed deliveries (those the new ones do not replace).
struct SaveFiringStatement: PostgresPreparedStatement {
    typealias Row = (Int, Int, [String], [UUID])

    static let name = "herald.save-firing.2"
    static let sql = """
        WITH cleared AS (
            DELETE FROM outbox WHERE delivery_id = ANY($1::uuid[])
        ), unlisted AS (
            UPDATE deliveries SET listed = false
            FROM (SELECT DISTINCT app, identifier FROM unnest($2::text[], $3::text[]) AS k (app, identifier)) AS k
            WHERE deliveries.app = k.app AND deliveries.identifier = k.identifier AND deliveries.listed
            RETURNING deliveries.app, deliveries.id
        ), inserted AS (
            INSERT INTO deliveries (id, app, identifier, scheduled, date, late, listed, answered, category, request)
            SELECT new.id, new.app, new.identifier, new.scheduled, new.date, new.late, new.listed, new.answered,
                NULLIF(new.category, ''), CASE WHEN $12::boolean THEN pending.request ELSE new.request END
            FROM unnest($4::uuid[], $2::text[], $3::text[], $5::float8[], $6::float8[], $7::boolean[], $8::boolean[],
                $9::boolean[], $10::text[], $11::bytea[])
                WITH ORDINALITY AS new (id, app, identifier, scheduled, date, late, listed, answered, category,
                    request, position)
            LEFT JOIN pending ON $12::boolean AND pending.app = new.app AND pending.identifier = new.identifier
            WHERE NOT $12::boolean OR pending.app IS NOT NULL
            ORDER BY new.position
            RETURNING 1
        ), queued AS (
            INSERT INTO outbox (delivery_id, owner, lease_until)
            SELECT unnest($13::uuid[]), $14::uuid, extract(epoch FROM clock_timestamp()) + $15::float8
            ON CONFLICT DO NOTHING
        ), rescheduled AS (
            UPDATE pending SET next_fire = NULLIF(r.next_fire, 'NaN'::float8), added = r.added
            FROM unnest($16::text[], $17::text[], $18::float8[], $19::float8[]) AS r (app, identifier, next_fire, added)
            WHERE pending.app = r.app AND pending.identifier = r.identifier
            RETURNING 1
        ), badges AS (
            INSERT INTO apps (app, badge)
            SELECT * FROM unnest($20::text[], $21::int8[])
            ON CONFLICT (app) DO UPDATE SET badge = excluded.badge
        ), finished AS (
            DELETE FROM pending
            USING unnest($22::text[], $23::text[]) AS f (app, identifier)
            WHERE pending.app = f.app AND pending.identifier = f.identifier
        ), trimmed AS (
            UPDATE deliveries SET listed = false
            FROM (
                SELECT ranked.id FROM (
                    SELECT d.id, d.app, row_number() OVER (PARTITION BY d.app ORDER BY d.date DESC, d.seq DESC) AS rank
                    FROM deliveries AS d
                    WHERE d.listed AND d.app = ANY($24::text[])
                        AND NOT EXISTS (
                            SELECT 1 FROM unnest($2::text[], $3::text[]) AS k (app, identifier)
                            WHERE k.app = d.app AND k.identifier = d.identifier)
                ) AS ranked
                JOIN unnest($24::text[], $25::int8[]) AS t (app, keep) ON t.app = ranked.app
                WHERE ranked.rank > t.keep
            ) AS doomed
            WHERE deliveries.id = doomed.id
            RETURNING deliveries.app, deliveries.id
        ), gone AS (
            SELECT app, id FROM unlisted UNION ALL SELECT app, id FROM trimmed
        )
        SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM rescheduled),
            ARRAY(SELECT app FROM gone), ARRAY(SELECT id FROM gone)
        """

    var handedOver: [UUID]
    var apps: [String]
    var columns: PostgresTransaction.DeliveryColumns
    var requests: [ByteBuffer]
    var copies: Bool
    var queued: [UUID]
    var node: UUID
    var lease: Double
    var rescheduledApps: [String]
    var rescheduledIdentifiers: [String]
    var rescheduledFires: [Double]
    var rescheduledAdded: [Double]
    var badgeApps: [String]
    var badgeValues: [Int]
    var finishedApps: [String]
    var finishedIdentifiers: [String]
    var trimmedApps: [String]
    var trimmedKeeps: [Int]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 25)
        bindings.append(handedOver)
        bindings.append(apps)
        bindings.append(columns.identifiers)
        bindings.append(columns.ids)
        bindings.append(columns.scheduled)
        bindings.append(columns.dates)
        bindings.append(columns.late)
        bindings.append(columns.listed)
        bindings.append(columns.answered)
        bindings.append(columns.categories)
        bindings.append(requests)
        bindings.append(copies)
        bindings.append(queued)
        bindings.append(node)
        bindings.append(lease)
        bindings.append(rescheduledApps)
        bindings.append(rescheduledIdentifiers)
        bindings.append(rescheduledFires)
        bindings.append(rescheduledAdded)
        bindings.append(badgeApps)
        bindings.append(badgeValues)
        bindings.append(finishedApps)
        bindings.append(finishedIdentifiers)
        bindings.append(trimmedApps)
        bindings.append(trimmedKeeps)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}
