public import Foundation
import NotificationModel

/// When a request fires: the common base of ``UNTimeIntervalNotificationTrigger``,
/// ``UNCalendarNotificationTrigger``, ``UNLocationNotificationTrigger`` and
/// ``UNPushNotificationTrigger``.
/// A request without a trigger is delivered at once.
///
/// An immutable `NSObject`, as Apple's: `copy()` returns the trigger itself; two
/// triggers are equal (`isEqual(_:)`, `==`) when they are of the same class with
/// the same properties.
public class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    // Immutable: every stored property is a `let` of a Sendable type.

    /// Whether the trigger fires again after it fired.
    public let repeats: Bool

    /// The engine's next fire date, for a trigger read back from the pending requests.
    let scheduledFireDate: Date?

    init(repeats: Bool, scheduledFireDate: Date?) {
        self.repeats = repeats
        self.scheduledFireDate = scheduledFireDate
        super.init()
    }

    /// The trigger itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is a trigger of the same class that repeats as this one
    /// does; each kind also compares its own properties.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationTrigger, type(of: other) == type(of: self) else { return false }
        return other.repeats == repeats
    }

    /// A hash of the class and ``repeats``; each kind adds its own properties.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(type(of: self)))
        hasher.combine(repeats)
        combineProperties(into: &hasher)
        return hasher.finalize()
    }

    /// Adds the kind's own properties to ``hash``.
    func combineProperties(into hasher: inout Hasher) {}

    /// The engine's form of the trigger; each kind overrides it.
    func engineTrigger() throws -> NotificationTrigger {
        preconditionFailure("\(type(of: self)) must override engineTrigger()")
    }

    /// The facade's form of an engine trigger; `nextFireDate` is the engine's, when known.
    static func make(_ trigger: NotificationTrigger, nextFireDate: Date?) -> UNNotificationTrigger {
        switch trigger {
        case .timeInterval(let trigger):
            UNTimeIntervalNotificationTrigger(trigger, scheduledFireDate: nextFireDate)
        case .calendar(let trigger):
            UNCalendarNotificationTrigger(trigger, scheduledFireDate: nextFireDate)
        case .location(let trigger):
            UNLocationNotificationTrigger(trigger)
        case .push:
            UNPushNotificationTrigger()
        }
    }
}
