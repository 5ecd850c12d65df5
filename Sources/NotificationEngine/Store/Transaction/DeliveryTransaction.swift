package import Foundation

/// A transaction's deliveries: those listed in the notification center and those
/// kept for their responses, and the responses their apps have not handled yet.
package protocol DeliveryTransaction {
    /// Inserts deliveries in order; a listed delivery of the same app and
    /// request identifier (saved earlier, or earlier in the batch) is unlisted:
    /// the new one replaces it in the notification center. Returns the
    /// deliveries it unlisted. With ``DeliveryRequests/read(_:)`` each delivery's
    /// request must be its app's pending request of the same identifier.
    @discardableResult
    func saveDeliveries(_ batch: [StoredDelivery], requests: DeliveryRequests) throws -> [ReplacedDelivery]
    func delivery(_ id: DeliveryID) throws -> StoredDelivery?
    /// The app's listed deliveries, oldest first.
    func listedDeliveries(_ app: AppIdentifier) throws -> [Delivery]
    func unlistDeliveries(_ app: AppIdentifier, identifiers: [String]) throws
    func unlistAllDeliveries(_ app: AppIdentifier) throws
    func updateDelivery(_ id: DeliveryID, isListed: Bool, isAnswered: Bool) throws
    /// Unlists the app's listed deliveries beyond the newest `limit` (by date, then
    /// insertion order), oldest first; returns them.
    func trimListedDeliveries(_ app: AppIdentifier, keeping limit: Int) throws -> [ReplacedDelivery]
    /// Deletes deliveries no longer listed that were delivered before `date`,
    /// except those still in the outbox or with an unhandled response; returns
    /// how many it deleted.
    func pruneDeliveries(unlistedBefore date: Date) throws -> Int

    // MARK: Responses not yet handled (or acknowledged) by their app
    func saveResponse(_ response: NotificationResponse) throws
    func unhandledResponses(_ app: AppIdentifier) throws -> [NotificationResponse]
    func markResponseHandled(_ id: DeliveryID) throws
    /// Deletes the app's response to delivery `id`; returns whether it had one.
    func removeResponse(_ id: DeliveryID, of app: AppIdentifier) throws -> Bool
}

extension DeliveryTransaction {
    /// Inserts a delivery, encoding its request; returns the deliveries it
    /// unlisted. See ``saveDeliveries(_:requests:)``.
    @discardableResult
    package func saveDelivery(_ delivery: StoredDelivery) throws -> [DeliveryID] {
        try saveDeliveries([delivery], requests: .own).map(\.id)
    }
}
