import Foundation
import NotificationModel

/// How a `UILocalNotification` becomes an engine request.
///
/// - No `fireDate` and no `region`: no trigger, delivered at once.
/// - `fireDate` with a `nil` `timeZone`: an absolute instant (a calendar trigger
///   on the date's components pinned to GMT).
/// - `fireDate` with a `timeZone`: the wall-clock time the date has in that zone,
///   floating with the engine's time zone (a calendar trigger without a zone).
/// - A `repeatInterval`: a repeating calendar trigger on the components below the
///   unit, not firing before `fireDate`. The engine matches dates in the
///   Gregorian calendar, so a `repeatCalendar` must be a Gregorian one (its
///   locale and first weekday may differ); another is refused.
/// - A `region`: a location trigger that repeats unless `regionTriggersOnce`.
///
/// The engine works to the second: a `fireDate` with a fraction of a second
/// fires at the next whole second.
extension LocalNotificationProperties {
    private static let gmt = TimeZone(secondsFromGMT: 0)!

    /// The engine request for this notification under an identifier.
    func request(identifier: String) throws -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: try content(), trigger: try trigger())
    }

    /// The same request delivered at once, as iOS does for a past `fireDate`.
    func immediateRequest(identifier: String) throws -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: try content(), trigger: nil)
    }

    /// Whether the notification fires once at a date: the kind whose date may
    /// be past, which iOS delivers at once.
    var firesOnceAtDate: Bool {
        region == nil && fireDate != nil && repeatInterval.isEmpty
    }

    func content() throws -> NotificationContent {
        var payload = try UserInfoCoding.json(from: userInfo.value ?? [:])
        guard payload[LegacyFields.key] == nil else {
            throw NotificationError(
                .invalidPayload, "the userInfo key \"\(LegacyFields.key)\" is reserved by LegacyNotifications")
        }
        payload[LegacyFields.key] = try legacyFields.jsonValue()
        return NotificationContent(
            title: alertTitle ?? "", body: alertBody ?? "",
            badge: applicationIconBadgeNumber == 0 ? nil : applicationIconBadgeNumber,
            sound: soundName.map { $0 == UILocalNotificationDefaultSoundName ? .default : .named($0) },
            userInfo: payload, categoryIdentifier: category ?? "")
    }

    func trigger() throws -> NotificationTrigger? {
        if let region {
            return try locationTrigger(region)
        }
        guard let fireDate else { return nil }
        return .calendar(try calendarTrigger(firingAt: Self.wholeSecond(atOrAfter: fireDate)))
    }

    private func locationTrigger(_ region: CLRegion) throws -> NotificationTrigger {
        guard fireDate == nil else {
            throw NotificationError(
                .invalidTrigger, "a local notification has a fireDate or a region, not both (iOS raises an exception)")
        }
        guard let circle = region as? CLCircularRegion else {
            throw NotificationError(.invalidRegion, "region \"\(region.identifier)\" is not a CLCircularRegion")
        }
        return .location(LocationTrigger(region: circle.region, repeats: !regionTriggersOnce))
    }

    private func calendarTrigger(firingAt instant: Date) throws -> CalendarTrigger {
        let repeats = !repeatInterval.isEmpty
        if repeats, let repeatCalendar, repeatCalendar.identifier != .gregorian {
            throw NotificationError(
                .invalidTrigger,
                "repeatCalendar is a \(repeatCalendar.identifier) calendar; repeats are computed in the Gregorian calendar")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone ?? Self.gmt
        let units: Set<Calendar.Component> =
            repeats ? try repeatInterval.componentsKeptWhenRepeating() : [.year, .month, .day, .hour, .minute, .second]
        var components = calendar.dateComponents(units, from: instant)
        if timeZone == nil {
            components.timeZone = Self.gmt
        }
        return CalendarTrigger(dateComponents: components, repeats: repeats, notBefore: repeats ? instant : nil)
    }

    private static func wholeSecond(atOrAfter date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.up))
    }
}
