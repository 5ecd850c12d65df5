import Foundation
import HeraldAPI
import NotificationEngine

extension NotificationEngine {
    /// The wire form of deliveries of one app, each with the category it was made
    /// with and the rules' results for it (``API/Delivery/init(_:registered:)``).
    /// The app's current categories are read only when a delivery stored without
    /// its category names one. `heldUntil` has the summary times of those that wait
    /// for the scheduled summary.
    func wire(_ deliveries: [Delivery], of app: AppIdentifier, heldUntil: [DeliveryID: Date] = [:]) async throws -> [API.Delivery] {
        let needsRegistered = deliveries.contains { $0.category == nil && !$0.request.content.categoryIdentifier.isEmpty }
        let registered = needsRegistered ? try await categories(for: app) : []
        return deliveries.map { delivery in
            var wire = API.Delivery(delivery, registered: registered)
            wire.heldUntil = heldUntil[delivery.id]
            return wire
        }
    }
}
