/// A transaction's outbox: the deliveries not yet handed to the presenters, which
/// the engine hands over again after a crash.
package protocol OutboxTransaction {
    func addToOutbox(_ ids: [DeliveryID]) throws
    func outbox() throws -> [Delivery]
    func removeFromOutbox(_ ids: [DeliveryID]) throws
}

extension OutboxTransaction {
    /// Adds one delivery to the outbox.
    package func addToOutbox(_ id: DeliveryID) throws {
        try addToOutbox([id])
    }
}
