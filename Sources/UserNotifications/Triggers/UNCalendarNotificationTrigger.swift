public import Foundation
import NotificationModel

/// Fires at the next date matching some calendar components, once or at every match.
///
/// ```swift
/// // Every day at 08:30 in the user's time zone.
/// let trigger = UNCalendarNotificationTrigger(
///     dateMatching: DateComponents(hour: 8, minute: 30), repeats: true)
/// ```
///
/// Components with a `timeZone` fire at that zone's wall-clock time; without one
/// the time floats with the engine's time zone. Components no date can match make
/// ``UNUserNotificationCenter/add(_:)`` throw ``UNError/Code/notificationInvalidNoDate``.
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components a fire date matches.
    public let dateComponents: DateComponents
    /// The iOS 8 `fireDate` of a request scheduled through the legacy API, kept so
    /// the trigger converts back unchanged.
    private let notBefore: Date?

    /// A trigger firing at the next date matching `dateComponents`, once or at every match.
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        notBefore = nil
        super.init(repeats: repeats, scheduledFireDate: nil)
    }

    init(_ trigger: CalendarTrigger, scheduledFireDate: Date?) {
        dateComponents = trigger.dateComponents
        notBefore = trigger.notBefore
        super.init(repeats: trigger.repeats, scheduledFireDate: scheduledFireDate)
    }

    /// When the trigger fires next: for a trigger read from
    /// ``UNUserNotificationCenter/pendingNotificationRequests()`` the date the engine
    /// will fire it; otherwise the next match after now, computed by the engine's
    /// rules in the components' time zone or the current one. `nil` when no date matches.
    public func nextTriggerDate() -> Date? {
        if let scheduledFireDate { return scheduledFireDate }
        return TriggerSchedule(timeZone: .current).firstFireDate(for: calendarTrigger, addedAt: Date())
    }

    /// Whether `object` is a calendar trigger matching the same components with the same repetition.
    public override func isEqual(_ object: Any?) -> Bool {
        guard super.isEqual(object), let other = object as? UNCalendarNotificationTrigger else { return false }
        return other.dateComponents == dateComponents && other.notBefore == notBefore
    }

    override func combineProperties(into hasher: inout Hasher) {
        hasher.combine(dateComponents)
    }

    /// `<UNCalendarNotificationTrigger: 0x…; dateComponents: …, repeats: YES>`.
    public override var description: String {
        ObjectDescription.of(self, ["dateComponents": dateComponents, "repeats": repeats])
    }

    private var calendarTrigger: NotificationTrigger {
        .calendar(CalendarTrigger(dateComponents: dateComponents, repeats: repeats, notBefore: notBefore))
    }

    override func engineTrigger() throws -> NotificationTrigger {
        calendarTrigger
    }
}
