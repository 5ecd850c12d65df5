public import Foundation
import NotificationModel

/// Fires `timeInterval` seconds after the request is added and, if it repeats,
/// every `timeInterval` seconds after that.
///
/// ```swift
/// // Every minute, the shortest interval a repeating trigger may have.
/// let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
/// ```
///
/// The interval must be greater than zero, and at least 60 seconds when the
/// trigger repeats. Apple's initializer raises an exception otherwise; here
/// ``UNUserNotificationCenter/add(_:)`` throws ``UNError/Code/invalidTrigger``.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The interval in seconds.
    public let timeInterval: TimeInterval

    /// A trigger firing after `timeInterval` seconds, once or repeatedly.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats, scheduledFireDate: nil)
    }

    init(_ trigger: TimeIntervalTrigger, scheduledFireDate: Date?) {
        timeInterval = trigger.interval
        super.init(repeats: trigger.repeats, scheduledFireDate: scheduledFireDate)
    }

    /// When the trigger fires next: for a trigger read from
    /// ``UNUserNotificationCenter/pendingNotificationRequests()`` the date the
    /// engine will fire it; otherwise `timeInterval` seconds from now.
    public func nextTriggerDate() -> Date? {
        scheduledFireDate ?? Date().addingTimeInterval(timeInterval)
    }

    /// Whether `object` is a time-interval trigger with the same interval and repetition.
    public override func isEqual(_ object: Any?) -> Bool {
        super.isEqual(object) && (object as? UNTimeIntervalNotificationTrigger)?.timeInterval == timeInterval
    }

    override func combineProperties(into hasher: inout Hasher) {
        hasher.combine(timeInterval)
    }

    /// `<UNTimeIntervalNotificationTrigger: 0x…; repeats: NO, timeInterval: 60.0>`.
    public override var description: String {
        ObjectDescription.of(self, ["repeats": repeats, "timeInterval": timeInterval])
    }

    override func engineTrigger() throws -> NotificationTrigger {
        .timeInterval(TimeIntervalTrigger(interval: timeInterval, repeats: repeats))
    }
}
