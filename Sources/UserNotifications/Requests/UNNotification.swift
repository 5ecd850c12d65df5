public import Foundation
import NotificationModel

/// A delivered notification: the request that fired and when.
///
/// An immutable `NSObject`, as Apple's: equal (`isEqual(_:)`, `==`) to a
/// notification with the same date and request.
public final class UNNotification: NSObject, NSCopying, Sendable {
    /// When it was delivered.
    public let date: Date
    /// The request that fired.
    public let request: UNNotificationRequest

    init(_ delivery: Delivery) {
        date = delivery.date
        request = UNNotificationRequest(delivery.request)
        super.init()
    }

    /// The notification itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is a notification with the same date and request.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotification else { return false }
        return other.date == date && other.request == request
    }

    /// The request's hash.
    public override var hash: Int { request.hash }

    /// `<UNNotification: 0x…; source: …, date: …, request: <…>>`.
    public override var description: String {
        ObjectDescription.of(self, ["date": date, "request": request])
    }
}
