public import Foundation
import NotificationModel

/// A delivered notification: the request that fired and when.
public final class UNNotification: Sendable {
    /// When it was delivered.
    public let date: Date
    /// The request that fired.
    public let request: UNNotificationRequest

    init(_ delivery: Delivery) {
        date = delivery.date
        request = UNNotificationRequest(delivery.request)
    }
}
