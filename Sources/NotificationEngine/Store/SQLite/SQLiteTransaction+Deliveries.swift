import Foundation
import GRDB

/// Deliveries, the outbox and responses.
extension SQLiteTransaction {
    private static let deliveryColumns =
        "deliveries.id, deliveries.app, deliveries.request, deliveries.scheduled, deliveries.date, "
        + "deliveries.late, deliveries.listed, deliveries.answered"

    // MARK: Deliveries

    func saveDelivery(_ stored: StoredDelivery, payload: RequestPayload?) throws -> [DeliveryID] {
        let delivery = stored.delivery
        return try guarding("saving the delivery \(delivery.id) of \(delivery.app)") {
            let replaced = try unlist(delivery.app, identifier: delivery.request.identifier)
            try execute(
                """
                INSERT OR REPLACE INTO deliveries
                    (id, app, identifier, scheduled, date, late, listed, answered, request)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    delivery.id.description, delivery.app.rawValue, delivery.request.identifier,
                    delivery.scheduledDate.timeIntervalSinceReferenceDate,
                    delivery.date.timeIntervalSinceReferenceDate,
                    delivery.isLate, stored.isListed, stored.isAnswered,
                    try storedBytes(payload) ?? RequestCoding.encode(delivery.request),
                ])
            return replaced
        }
    }

    private func storedBytes(_ payload: RequestPayload?) -> Data? {
        if case .encoded(let data) = payload { data } else { nil }
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
            for identifier in identifiers {
                _ = try unlist(app, identifier: identifier)
            }
        }
    }

    func unlistAllDeliveries(_ app: AppIdentifier) throws {
        try guarding("removing the delivered notifications of \(app)") {
            try execute("UPDATE deliveries SET listed = 0 WHERE app = ? AND listed = 1", [app.rawValue])
        }
    }

    func pruneDeliveries(unlistedBefore date: Date) throws -> Int {
        try guarding("pruning deliveries from before \(date)") {
            try execute(
                """
                DELETE FROM deliveries WHERE listed = 0 AND date < ?
                    AND id NOT IN (SELECT delivery_id FROM outbox)
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

    /// Unlists the app's listed delivery of this request identifier; returns its id.
    private func unlist(_ app: AppIdentifier, identifier: String) throws -> [DeliveryID] {
        try fetch(
            "UPDATE deliveries SET listed = 0 WHERE app = ? AND identifier = ? AND listed = 1 RETURNING id",
            [app.rawValue, identifier]
        ) { row in
            let id: String = try row.decode(atIndex: 0)
            guard let deliveryID = DeliveryID(id) else {
                throw SQLiteStoreFailure.corrupt("\"\(id)\" is not a delivery identifier")
            }
            return deliveryID
        }
    }

    /// A delivery from the `deliveryColumns`.
    private func delivery(_ row: Row) throws -> Delivery {
        let id: String = try row.decode(atIndex: 0)
        guard let deliveryID = DeliveryID(id) else {
            throw SQLiteStoreFailure.corrupt("\"\(id)\" is not a delivery identifier")
        }
        return Delivery(
            id: deliveryID,
            app: AppIdentifier(rawValue: try row.decode(atIndex: 1)),
            request: try request(row, at: 2),
            scheduledDate: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 3)),
            date: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 4)),
            isLate: try row.decode(atIndex: 5))
    }

    // MARK: Outbox

    func addToOutbox(_ ids: [DeliveryID]) throws {
        try guarding("adding \(ids.count) deliveries to the outbox") {
            try forEachChunk(of: ids.map(\.description)) { chunk, _ in
                let rows = Array(repeating: "(?)", count: chunk.count).joined(separator: ",")
                try execute("INSERT INTO outbox (delivery_id) VALUES \(rows)", StatementArguments(chunk))
            }
        }
    }

    func outbox() throws -> [Delivery] {
        try guarding("reading the outbox") {
            try fetch(
                """
                SELECT \(Self.deliveryColumns) FROM outbox JOIN deliveries ON deliveries.id = outbox.delivery_id
                ORDER BY outbox.seq
                """,
                [], delivery)
        }
    }

    func removeFromOutbox(_ ids: [DeliveryID]) throws {
        try guarding("removing deliveries from the outbox") {
            try forEachChunk(of: ids.map(\.description)) { chunk, marks in
                try execute("DELETE FROM outbox WHERE delivery_id IN (\(marks))", StatementArguments(chunk))
            }
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
}
