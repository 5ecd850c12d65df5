/// The operations of one store transaction, by concern: pending requests,
/// deliveries (with their responses), the outbox, the summary queue, apps, and the
/// engine's bookkeeping. The engine runs all of a change in one transaction, so a crash
/// leaves either all of it or none.
///
/// Orders: pending requests by next fire date (requests without one last), then
/// added date, then identifier; deliveries by date, then insertion order; the
/// outbox and responses in insertion order.
package protocol StoreTransaction:
    PendingTransaction, DeliveryTransaction, OutboxTransaction, SummaryTransaction, AppTransaction,
    BookkeepingTransaction
{
    /// Makes all of a firing batch's writes, as the operations of each concern
    /// would one after the other: takes `handedOver` out of the outbox, saves the
    /// deliveries (``DeliveryTransaction/saveDeliveries(_:requests:)``, before
    /// their pending requests change) and puts them in the outbox, unlists each
    /// app's oldest listed deliveries beyond ``FiringWrites/listedLimit``, saves
    /// the rescheduled requests' next fire dates and the apps' badges, deletes the
    /// finished requests. Returns the deliveries the new ones unlisted, replaced or
    /// trimmed.
    func saveFiring(_ writes: FiringWrites) throws -> [ReplacedDelivery]
}

extension StoreTransaction {
    package func saveFiring(_ writes: FiringWrites) throws -> [ReplacedDelivery] {
        try removeFromOutbox(writes.handedOver)
        var replaced = try saveDeliveries(writes.deliveries, requests: writes.requests)
        if writes.listedLimit < .max {
            for app in writes.appsListing {
                replaced += try trimListedDeliveries(app, keeping: writes.listedLimit)
            }
        }
        try addToOutbox(writes.deliveries.map { $0.delivery.id })
        for (app, rescheduled) in Dictionary(grouping: writes.rescheduled, by: { $0.app }) {
            try savePending(rescheduled.map { $0.pending }, for: app)
        }
        for (app, badge) in writes.badges {
            try saveBadge(badge, for: app)
        }
        for (app, keys) in Dictionary(grouping: writes.finished, by: { $0.app }) {
            _ = try deletePending(app, identifiers: keys.map { $0.identifier })
        }
        return replaced
    }
}
