import Foundation
import NIOCore
import PostgresNIO

/// Deliveries, the outbox and responses.
extension PostgresTransaction {
    private static let deliveryColumns =
        "deliveries.id, deliveries.app, deliveries.request, deliveries.scheduled, deliveries.date, "
        + "deliveries.late, deliveries.listed, deliveries.answered, deliveries.category"

    // MARK: Deliveries

    /// One statement, the firing batch's (``save(_:queuingDeliveries:)``) without its other writes.
    /// With ``DeliveryRequests/read(_:)`` the statement copies the requests from the
    /// pending rows, and sends no request bytes at all.
    func saveDeliveries(_ batch: [StoredDelivery], requests: DeliveryRequests) throws -> [ReplacedDelivery] {
        guard !batch.isEmpty else { return [] }
        return try save(FiringWrites(deliveries: batch, requests: requests), queuingDeliveries: false)
    }

    /// The columns a new delivery has of its own, as parallel arrays.
    struct DeliveryColumns {
        var ids: [UUID] = []
        var identifiers: [String] = []
        var scheduled: [Double] = []
        var dates: [Double] = []
        var late: [Bool] = []
        var listed: [Bool] = []
        var answered: [Bool] = []
        /// JSON, or "" for none (a category's JSON is never empty).
        var categories: [String] = []
    }

    func columns(_ rows: [StoredDelivery]) throws -> DeliveryColumns {
        var columns = DeliveryColumns()
        for stored in rows {
            let delivery = stored.delivery
            columns.ids.append(delivery.id.rawValue)
            columns.identifiers.append(delivery.request.identifier)
            columns.scheduled.append(delivery.scheduledDate.timeIntervalSinceReferenceDate)
            columns.dates.append(delivery.date.timeIntervalSinceReferenceDate)
            columns.late.append(delivery.isLate)
            columns.listed.append(stored.isListed)
            columns.answered.append(stored.isAnswered)
            columns.categories.append(try delivery.category.map(categoryJSON) ?? "")
        }
        return columns
    }

    /// The category as JSON, encoded once per transaction.
    private func categoryJSON(_ category: NotificationCategory) throws -> String {
        if let encoded = encodedCategories[category] { return encoded }
        let encoded = try json(category)
        encodedCategories[category] = encoded
        return encoded
    }

    func delivery(_ id: DeliveryID) throws -> StoredDelivery? {
        try rows(
            "SELECT \(unescaped: Self.deliveryColumns) FROM deliveries WHERE id = \(id.rawValue)",
            "reading the delivery \(id)", storedDelivery
        ).first
    }

    func listedDeliveries(_ app: AppIdentifier) throws -> [Delivery] {
        try rows(
            """
            SELECT \(unescaped: Self.deliveryColumns) FROM deliveries
            WHERE app = \(app.rawValue) AND listed ORDER BY date, seq
            """,
            "reading the delivered notifications of \(app)", delivery)
    }

    func unlistDeliveries(_ app: AppIdentifier, identifiers: [String]) throws {
        _ = try unlist(identifiers.map { (app, $0) })
    }

    func unlistAllDeliveries(_ app: AppIdentifier) throws {
        try execute(
            "UPDATE deliveries SET listed = false WHERE app = \(app.rawValue) AND listed",
            "removing the delivered notifications of \(app)")
    }

    func trimListedDeliveries(_ app: AppIdentifier, keeping limit: Int) throws -> [ReplacedDelivery] {
        try rows(
            """
            UPDATE deliveries SET listed = false
            WHERE app = \(app.rawValue) AND listed AND seq NOT IN (
                SELECT seq FROM deliveries WHERE app = \(app.rawValue) AND listed
                ORDER BY date DESC, seq DESC LIMIT \(max(limit, 0)))
            RETURNING id
            """,
            "keeping the newest \(limit) delivered notifications of \(app)"
        ) { ReplacedDelivery(app: app, id: DeliveryID(rawValue: try $0.decode(UUID.self))) }
    }

    func pruneDeliveries(unlistedBefore date: Date) throws -> Int {
        try execute(
            """
            DELETE FROM deliveries WHERE NOT listed AND date < \(date.timeIntervalSinceReferenceDate)
                AND NOT EXISTS (SELECT 1 FROM outbox WHERE outbox.delivery_id = deliveries.id)
                AND NOT EXISTS (SELECT 1 FROM responses WHERE responses.delivery_id = deliveries.id)
            """,
            "pruning deliveries from before \(date)")
    }

    func updateDelivery(_ id: DeliveryID, isListed: Bool, isAnswered: Bool) throws {
        try execute(
            "UPDATE deliveries SET listed = \(isListed), answered = \(isAnswered) WHERE id = \(id.rawValue)",
            "updating the delivery \(id)")
    }

    /// Unlists the listed deliveries of these request identifiers; returns them.
    private func unlist(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [ReplacedDelivery] {
        var unlisted: [ReplacedDelivery] = []
        guard !keys.isEmpty else { return [] }
        for (app, group) in Dictionary(grouping: keys, by: \.app) {
            unlisted += try rows(
                """
                UPDATE deliveries SET listed = false
                WHERE app = \(app.rawValue) AND listed
                    AND identifier = ANY(ARRAY(SELECT unnest(\(group.map(\.identifier))::text[])))
                RETURNING id
                """,
                "removing delivered notifications of \(app)"
            ) { ReplacedDelivery(app: app, id: DeliveryID(rawValue: try $0.decode(UUID.self))) }
        }
        return unlisted
    }

    /// A delivery from the `deliveryColumns`.
    private func delivery(_ row: PostgresRow) throws -> Delivery {
        try storedDelivery(row).delivery
    }

    /// A delivery and its flags from the `deliveryColumns`.
    private func storedDelivery(_ row: PostgresRow) throws -> StoredDelivery {
        let (id, app, request, scheduled, date, late, listed, answered, category) =
            try row.decode((UUID, String, Data, Double, Double, Bool, Bool, Bool, String?).self)
        let delivery = Delivery(
            id: DeliveryID(rawValue: id),
            app: AppIdentifier(rawValue: app),
            request: try guarding("decoding a delivery's request") { try RequestCoding.decode(request) },
            scheduledDate: Date(timeIntervalSinceReferenceDate: scheduled),
            date: Date(timeIntervalSinceReferenceDate: date),
            isLate: late,
            category: try category.map { try decodeJSON(NotificationCategory.self, $0) })
        return StoredDelivery(delivery: delivery, isListed: listed, isAnswered: answered)
    }

    // MARK: Outbox

    /// Adds the entries under this engine's lease (``PostgresStore/outboxLease``).
    func addToOutbox(_ ids: [DeliveryID]) throws {
        guard !ids.isEmpty else { return }
        try execute(
            """
            INSERT INTO outbox (delivery_id, owner, lease_until)
            SELECT unnest(\(ids.map(\.rawValue))), \(node),
                extract(epoch FROM clock_timestamp()) + \(PostgresStore.outboxLease)
            ON CONFLICT DO NOTHING
            """,
            "adding \(ids.count) deliveries to the outbox")
    }

    func outbox() throws -> [Delivery] {
        try rows(
            """
            SELECT \(unescaped: Self.deliveryColumns) FROM outbox JOIN deliveries ON deliveries.id = outbox.delivery_id
            ORDER BY deliveries.seq
            """,
            "reading the outbox", delivery)
    }

    /// The deliveries of these outbox entries, in order.
    func outbox(among ids: [UUID]) throws -> [Delivery] {
        try rows(
            """
            SELECT \(unescaped: Self.deliveryColumns) FROM deliveries WHERE id = ANY(\(ids))
            ORDER BY deliveries.seq
            """,
            "reading \(ids.count) outbox entries", delivery)
    }

    func removeFromOutbox(_ ids: [DeliveryID]) throws {
        guard !ids.isEmpty else { return }
        try execute(
            "DELETE FROM outbox WHERE delivery_id = ANY(\(ids.map(\.rawValue)))",
            "removing deliveries from the outbox")
    }

    // MARK: Summary queue

    func holdForSummary(_ deliveries: [(id: DeliveryID, app: AppIdentifier)], until date: Date) throws {
        guard !deliveries.isEmpty else { return }
        try execute(
            """
            INSERT INTO summary_queue (delivery_id, app, summary_at)
            SELECT unnest(\(deliveries.map(\.id.rawValue))), unnest(\(deliveries.map(\.app.rawValue))),
                \(date.timeIntervalSinceReferenceDate)
            ON CONFLICT DO NOTHING
            """,
            "keeping \(deliveries.count) deliveries for the summary")
    }

    /// Deleting the entries first makes two engines at the same summary take each
    /// delivery once: the second waits for the first's commit and finds them gone.
    func takeSummary(through date: Date) throws -> [Delivery] {
        try rows(
            """
            WITH taken AS (
                DELETE FROM summary_queue WHERE summary_at <= \(date.timeIntervalSinceReferenceDate) RETURNING delivery_id)
            SELECT \(unescaped: Self.deliveryColumns) FROM deliveries JOIN taken ON deliveries.id = taken.delivery_id
            WHERE deliveries.listed ORDER BY deliveries.seq
            """,
            "taking the summary's deliveries", delivery)
    }

    func nextSummaryDate() throws -> Date? {
        try rows("SELECT min(summary_at) FROM summary_queue", "reading the next summary's date") {
            try $0.decode(Double?.self).map(Date.init(timeIntervalSinceReferenceDate:))
        }.first ?? nil
    }

    func summaryHolds(_ app: AppIdentifier) throws -> [DeliveryID: Date] {
        let rows = try rows(
            """
            SELECT q.delivery_id, q.summary_at FROM deliveries d JOIN summary_queue q ON q.delivery_id = d.id
            WHERE d.app = \(app.rawValue) AND d.listed
            """,
            "reading what of \(app) waits for the summary"
        ) { row in
            let (id, date) = try row.decode((UUID, Double).self)
            return (DeliveryID(rawValue: id), Date(timeIntervalSinceReferenceDate: date))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Responses

    func saveResponse(_ response: NotificationResponse) throws {
        let text = try json(response)
        try execute(
            """
            INSERT INTO responses (delivery_id, app, response)
            VALUES (\(response.delivery.id.rawValue), \(response.delivery.app.rawValue), \(text))
            """,
            "saving the response to the delivery \(response.delivery.id)")
    }

    func unhandledResponses(_ app: AppIdentifier) throws -> [NotificationResponse] {
        let texts = try rows(
            "SELECT response FROM responses WHERE app = \(app.rawValue) ORDER BY seq",
            "reading the unhandled responses of \(app)"
        ) { try $0.decode(String.self) }
        return try texts.map { try decodeJSON(NotificationResponse.self, $0) }
    }

    func markResponseHandled(_ id: DeliveryID) throws {
        try execute(
            "DELETE FROM responses WHERE delivery_id = \(id.rawValue)",
            "marking the response to the delivery \(id) handled")
    }

    func removeResponse(_ id: DeliveryID, of app: AppIdentifier) throws -> Bool {
        try execute(
            "DELETE FROM responses WHERE delivery_id = \(id.rawValue) AND app = \(app.rawValue)",
            "removing the response of \(app) to the delivery \(id)") > 0
    }
}
