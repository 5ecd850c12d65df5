import Foundation
import GRDB

/// Deliveries, the outbox and responses.
extension SQLiteTransaction {
    private static let deliveryColumns =
        "deliveries.id, deliveries.app, deliveries.request, deliveries.scheduled, deliveries.date, "
        + "deliveries.late, deliveries.listed, deliveries.answered, deliveries.category"

    // MARK: Deliveries

    /// Rows per multi-row statement: at most ten values each, within SQLite's
    /// historical limit of 999 bound values per statement.
    private static let rowsPerStatement = 99

    /// With ``DeliveryRequests/read(_:)`` the bytes read from the pending rows are
    /// bound as they are: copying them from the rows in the statement looked each
    /// row up again and sorted the batch.
    func saveDeliveries(_ batch: [StoredDelivery], requests: DeliveryRequests) throws -> [ReplacedDelivery] {
        guard !batch.isEmpty else { return [] }
        return try guarding("saving \(batch.count) deliveries") {
            var rows = batch
            var replaced = try unlist(rows.map { ($0.delivery.app, $0.delivery.request.identifier) })
            replaced += rows.unlistReplacedWithinBatch()
            switch requests {
            case .own:
                try insert(rows) { try RequestCoding.encode(rows[$0].delivery.request) }
            case .read(let payloads):
                guard payloads.count == rows.count else {
                    throw SQLiteStoreFailure.corrupt("\(payloads.count) requests read for \(rows.count) deliveries")
                }
                try insert(rows) { index in
                    switch payloads[index] {
                    case .encoded(let data): data
                    case .decoded(let request): try RequestCoding.encode(request)
                    }
                }
            }
            return replaced
        }
    }

    /// The category as JSON, encoded once per transaction: a burst's deliveries
    /// share a few categories.
    private func categoryJSON(_ category: NotificationCategory) throws -> String {
        if let encoded = encodedCategories[category] { return encoded }
        let encoded = try json(category)
        encodedCategories[category] = encoded
        return encoded
    }

    /// Inserts `rows` in order, `rowsPerStatement` at a time, each with the
    /// stored form of its request that `request` gives for its index.
    private func insert(_ rows: [StoredDelivery], request: (Int) throws -> Data) throws {
        for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
            let end = min(start + Self.rowsPerStatement, rows.count)
            try run(Self.insertStatement(rows: end - start)) { bindings in
                for index in start..<end {
                    let delivery = rows[index].delivery
                    bindings.bind(delivery.id)
                    bindings.bind(delivery.request.identifier)
                    bindings.bind(delivery.scheduledDate)
                    bindings.bind(delivery.date)
                    bindings.bind(delivery.isLate)
                    bindings.bind(rows[index].isListed)
                    bindings.bind(rows[index].isAnswered)
                    bindings.bind(try delivery.category.map(categoryJSON))
                    bindings.bind(delivery.app.rawValue)
                    bindings.bind(try request(index))
                }
            }
        }
    }

    /// The text of an insert of `rows` deliveries; that of a full statement is made once.
    private static func insertStatement(rows: Int) -> String {
        rows == rowsPerStatement ? fullInsertStatement : makeInsertStatement(rows: rows)
    }

    private static let fullInsertStatement = makeInsertStatement(rows: rowsPerStatement)

    private static func makeInsertStatement(rows: Int) -> String {
        let marks = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        return """
            INSERT OR REPLACE INTO deliveries (id, identifier, scheduled, date, late, listed, answered, category, app, request)
            VALUES \(marks)
            """
    }

    func delivery(_ id: DeliveryID) throws -> StoredDelivery? {
        try guarding("reading the delivery \(id)") {
            try fetch("SELECT \(Self.deliveryColumns) FROM deliveries WHERE id = ?", [id.description]) { row in
                StoredDelivery(
                    delivery: try delivery(row),
                    isListed: try row.decode(atIndex: 6),
                    isAnswered: try row.decode(atIndex: 7))
            }.first
        }
    }

    func listedDeliveries(_ app: AppIdentifier) throws -> [Delivery] {
        try guarding("reading the delivered notifications of \(app)") {
            try fetch(
                "SELECT \(Self.deliveryColumns) FROM deliveries WHERE app = ? AND listed = 1 ORDER BY date, seq",
                [app.rawValue], delivery)
        }
    }

    func unlistDeliveries(_ app: AppIdentifier, identifiers: [String]) throws {
        try guarding("removing delivered notifications of \(app)") {
            _ = try unlist(identifiers.map { (app, $0) })
        }
    }

    func unlistAllDeliveries(_ app: AppIdentifier) throws {
        try guarding("removing the delivered notifications of \(app)") {
            try execute("UPDATE deliveries SET listed = 0 WHERE app = ? AND listed = 1", [app.rawValue])
        }
    }

    func trimListedDeliveries(_ app: AppIdentifier, keeping limit: Int) throws -> [ReplacedDelivery] {
        try guarding("keeping the newest \(limit) delivered notifications of \(app)") {
            try fetch(
                """
                UPDATE deliveries SET listed = 0
                WHERE app = ?1 AND listed = 1 AND seq NOT IN (
                    SELECT seq FROM deliveries WHERE app = ?1 AND listed = 1 ORDER BY date DESC, seq DESC LIMIT ?2)
                RETURNING id
                """,
                [app.rawValue, max(limit, 0)]
            ) { row in ReplacedDelivery(app: app, id: try deliveryID(row.decode(atIndex: 0))) }
        }
    }

    func pruneDeliveries(unlistedBefore date: Date) throws -> Int {
        try guarding("pruning deliveries from before \(date)") {
            try execute(
                """
                DELETE FROM deliveries WHERE listed = 0 AND date < ?
                    AND id NOT IN \(Self.queuedIDs)
                    AND id NOT IN (SELECT delivery_id FROM responses)
                """,
                [date.timeIntervalSinceReferenceDate])
            return db.changesCount
        }
    }

    func updateDelivery(_ id: DeliveryID, isListed: Bool, isAnswered: Bool) throws {
        try guarding("updating the delivery \(id)") {
            try execute(
                "UPDATE deliveries SET listed = ?, answered = ? WHERE id = ?",
                [isListed, isAnswered, id.description])
        }
    }

    /// Unlists the listed deliveries of these request identifiers; returns them.
    private func unlist(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [ReplacedDelivery] {
        var unlisted: [ReplacedDelivery] = []
        for (app, group) in Dictionary(grouping: keys, by: \.app) {
            try forEachChunk(of: group.map(\.identifier)) { chunk, marks in
                unlisted += try fetch(
                    "UPDATE deliveries SET listed = 0 WHERE app = ? AND listed = 1 AND identifier IN (\(marks)) RETURNING id",
                    StatementArguments([app.rawValue] + chunk)
                ) { row in ReplacedDelivery(app: app, id: try deliveryID(row.decode(atIndex: 0))) }
            }
        }
        return unlisted
    }

    private func deliveryID(_ text: String) throws -> DeliveryID {
        guard let id = DeliveryID(text) else {
            throw SQLiteStoreFailure.corrupt("\"\(text)\" is not a delivery identifier")
        }
        return id
    }

    /// A delivery from the `deliveryColumns`.
    private func delivery(_ row: Row) throws -> Delivery {
        Delivery(
            id: try deliveryID(row.decode(atIndex: 0)),
            app: AppIdentifier(rawValue: try row.decode(atIndex: 1)),
            request: try request(row, at: 2),
            scheduledDate: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 3)),
            date: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 4)),
            isLate: try row.decode(atIndex: 5),
            category: row.hasNull(atIndex: 8) ? nil : try decodeJSON(NotificationCategory.self, row, at: 8))
    }

    // MARK: Summary queue

    func holdForSummary(_ deliveries: [(id: DeliveryID, app: AppIdentifier)], until date: Date) throws {
        guard !deliveries.isEmpty else { return }
        try guarding("keeping \(deliveries.count) deliveries for the summary") {
            for delivery in deliveries {
                try execute(
                    "INSERT OR IGNORE INTO summary_queue (delivery_id, app, summary_at) VALUES (?, ?, ?)",
                    [delivery.id.description, delivery.app.rawValue, date.timeIntervalSinceReferenceDate])
            }
        }
    }

    func takeSummary(through date: Date) throws -> [Delivery] {
        try guarding("taking the summary's deliveries") {
            let due = date.timeIntervalSinceReferenceDate
            let taken = try fetch(
                """
                SELECT \(Self.deliveryColumns) FROM deliveries
                WHERE listed = 1 AND id IN (SELECT delivery_id FROM summary_queue WHERE summary_at <= ?) ORDER BY seq
                """, [due], delivery)
            try execute("DELETE FROM summary_queue WHERE summary_at <= ?", [due])
            return taken
        }
    }

    func nextSummaryDate() throws -> Date? {
        try guarding("reading the next summary's date") {
            try fetch("SELECT min(summary_at) FROM summary_queue", []) { row in
                row.hasNull(atIndex: 0) ? nil : Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 0))
            }.first ?? nil
        }
    }

    func summaryHolds(_ app: AppIdentifier) throws -> [DeliveryID: Date] {
        try guarding("reading what of \(app) waits for the summary") {
            // Through the deliveries' app index, and the queue's primary key.
            let rows = try fetch(
                """
                SELECT q.delivery_id, q.summary_at FROM deliveries d JOIN summary_queue q ON q.delivery_id = d.id
                WHERE d.app = ? AND d.listed = 1
                """, [app.rawValue]
            ) { row in
                (try deliveryID(row.decode(atIndex: 0)), Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 1)))
            }
            return Dictionary(rows, uniquingKeysWith: { first, _ in first })
        }
    }

    // MARK: Outbox

    // The outbox holds a row per call that queued deliveries, their ids as a
    // JSON array (``SQLiteSchema/version6``): a firing batch queues its
    // deliveries with one insert and takes the batch before out with one delete.

    func addToOutbox(_ ids: [DeliveryID]) throws {
        guard !ids.isEmpty else { return }
        try guarding("adding \(ids.count) deliveries to the outbox") {
            try run("INSERT INTO outbox (delivery_ids) VALUES (?)") { $0.bind(Self.jsonArray(ids)) }
        }
    }

    func outbox() throws -> [Delivery] {
        try guarding("reading the outbox") {
            try fetch(
                "SELECT \(Self.deliveryColumns) FROM deliveries WHERE id IN \(Self.queuedIDs) ORDER BY seq", [], delivery)
        }
    }

    func removeFromOutbox(_ ids: [DeliveryID]) throws {
        guard !ids.isEmpty else { return }
        try guarding("removing deliveries from the outbox") {
            let list = Self.jsonArray(ids)
            // Usually the ids one call queued, taken out together, and the only row.
            try run("DELETE FROM outbox WHERE delivery_ids = ?") { $0.bind(list) }
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM outbox)")) == true else {
                return
            }
            try unqueue("SELECT value FROM json_each(?1)") { $0.bind(list) }
        }
    }

    /// The delivery ids in the outbox, as a subquery.
    static let queuedIDs = "(SELECT value FROM outbox, json_each(outbox.delivery_ids))"

    /// Takes the ids `subquery` selects (its parameters bound by `bind`) out of
    /// every outbox row that has any of them, and deletes the rows left empty.
    func unqueue(_ subquery: String, binding bind: (inout SQLiteBindings) throws -> Void) throws {
        try run(
            """
            UPDATE outbox SET delivery_ids = (
                SELECT json_group_array(value) FROM json_each(outbox.delivery_ids) WHERE value NOT IN (\(subquery)))
            WHERE EXISTS (SELECT 1 FROM json_each(outbox.delivery_ids) WHERE value IN (\(subquery)))
            """,
            binding: bind)
        try run("DELETE FROM outbox WHERE json_array_length(delivery_ids) = 0") { _ in }
    }

    /// The ids as a JSON array of their strings, `["…","…"]`, written directly:
    /// a delivery id needs no escaping.
    static func jsonArray(_ ids: [DeliveryID]) -> String {
        let stride = DeliveryID.textLength + 3
        return String(unsafeUninitializedCapacity: 2 + ids.count * stride) { text in
            text[0] = UInt8(ascii: "[")
            var index = 1
            for id in ids {
                if index > 1 {
                    text[index] = UInt8(ascii: ",")
                    index += 1
                }
                text[index] = UInt8(ascii: "\"")
                index += 1 + id.writeText(to: UnsafeMutableBufferPointer(rebasing: text[(index + 1)...]))
                text[index] = UInt8(ascii: "\"")
                index += 1
            }
            text[index] = UInt8(ascii: "]")
            return index + 1
        }
    }

    // MARK: Responses

    func saveResponse(_ response: NotificationResponse) throws {
        try guarding("saving the response to the delivery \(response.delivery.id)") {
            try execute(
                "INSERT INTO responses (delivery_id, app, response) VALUES (?, ?, ?)",
                [response.delivery.id.description, response.delivery.app.rawValue, try json(response)])
        }
    }

    func unhandledResponses(_ app: AppIdentifier) throws -> [NotificationResponse] {
        try guarding("reading the unhandled responses of \(app)") {
            try fetch("SELECT response FROM responses WHERE app = ? ORDER BY seq", [app.rawValue]) { row in
                try decodeJSON(NotificationResponse.self, row, at: 0)
            }
        }
    }

    func markResponseHandled(_ id: DeliveryID) throws {
        try guarding("marking the response to the delivery \(id) handled") {
            try execute("DELETE FROM responses WHERE delivery_id = ?", [id.description])
        }
    }

    func removeResponse(_ id: DeliveryID, of app: AppIdentifier) throws -> Bool {
        try guarding("removing the response of \(app) to the delivery \(id)") {
            try execute("DELETE FROM responses WHERE delivery_id = ? AND app = ?", [id.description, app.rawValue])
            return db.changesCount > 0
        }
    }
}
