import Foundation
import NotificationModel

/// When a request fires: the common base of ``UNTimeIntervalNotificationTrigger``,
/// ``UNCalendarNotificationTrigger`` and ``UNLocationNotificationTrigger``.
/// A request without a trigger is delivered at once.
public class UNNotificationTrigger: @unchecked Sendable {
    // Immutable: every stored property is a `let` of a Sendable type.

    /// Whether the trigger fires again after it fired.
    public let repeats: Bool

    /// The engine's next fire date, for a trigger read back from the pending requests.
    let scheduledFireDate: Date?

    init(repeats: Bool, scheduledFireDate: Date?) {
        self.repeats = repeats
        self.scheduledFireDate = scheduledFireDate
    }

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
        }
    }
}
