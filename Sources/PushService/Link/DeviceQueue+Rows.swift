public import Foundation

/// What a store keeping the queues in rows (SQLite, PostgreSQL) needs to decide
/// as the value does, and to hand back what it read.
extension DeviceQueue {
    /// Whether a push is kept, and until when, before the queue is looked at: the
    /// part of ``enqueue(app:notification:expiration:isConnected:now:)`` a store
    /// that keeps the queue in rows decides the same way.
    public enum Admission: Sendable, Equatable {
        /// Kept until this date; `nil` for now or never (`apns-expiration: 0`),
        /// kept only while the device is connected.
        case kept(until: Date?)
        /// Not kept: ``Outcome/notConnected`` or ``Outcome/expired``.
        case refused(Outcome)
    }

    /// Whether a push with `expiration` is kept for a device that `isConnected`, at `now`.
    public static func admission(of expiration: PushHeaders.Expiration?, isConnected: Bool, now: Date) -> Admission {
        switch expiration {
        case .immediately:
            isConnected ? .kept(until: nil) : .refused(.notConnected)
        case .until(let date):
            date > now ? .kept(until: date) : .refused(.expired)
        case nil:
            .kept(until: now.addingTimeInterval(defaultLifetime))
        }
    }

    /// The refusal of a push when ``capacity`` pushes wait already.
    public static var full: APNsRefusal {
        APNsRefusal(.tooManyRequests, "\(capacity) pushes already wait for this device")
    }
}
