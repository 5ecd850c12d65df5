public import Foundation
public import NotificationModel

extension API.Trigger {
    /// The wire form of the engine's trigger.
    public init(_ trigger: NotificationTrigger) {
        switch trigger {
        case .timeInterval(let trigger):
            self = .timeInterval(interval: trigger.interval, repeats: trigger.repeats)
        case .calendar(let trigger):
            let components = trigger.dateComponents
            self = .calendar(
                API.DateFields(components), timeZone: components.timeZone?.identifier, repeats: trigger.repeats,
                notBefore: trigger.notBefore)
        case .location(let trigger):
            self = .location(API.Region(trigger.region), repeats: trigger.repeats)
        case .push:
            self = .push
        }
    }

    /// The engine's trigger; the engine validates it when it is added.
    ///
    /// - Throws: ``NotificationError/Code/invalidTrigger`` for a time zone name that
    ///   the system does not know.
    public func engineValue() throws -> NotificationTrigger {
        switch self {
        case .timeInterval(let interval, let repeats):
            return .timeInterval(TimeIntervalTrigger(interval: interval, repeats: repeats))
        case .calendar(let fields, let zoneName, let repeats, let notBefore):
            var components = fields.dateComponents
            if let zoneName {
                guard let zone = TimeZone(identifier: zoneName) else {
                    throw NotificationError(.invalidTrigger, "“\(zoneName)” is not a time zone name, such as Europe/Paris")
                }
                components.timeZone = zone
            }
            return .calendar(CalendarTrigger(dateComponents: components, repeats: repeats, notBefore: notBefore))
        case .location(let region, let repeats):
            return .location(LocationTrigger(region: region.engineValue, repeats: repeats))
        case .push:
            return .push
        }
    }
}

extension API.DateFields {
    /// The fields of `components` that a trigger can match.
    public init(_ components: DateComponents) {
        self.init(
            year: components.year, month: components.month, day: components.day, hour: components.hour,
            minute: components.minute, second: components.second, weekday: components.weekday)
    }

    /// Foundation date components with these fields.
    public var dateComponents: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekday: weekday)
    }
}

extension API.Region {
    /// The wire form of the engine's region.
    public init(_ region: CircularRegion) {
        self.init(
            identifier: region.identifier, latitude: region.center.latitude, longitude: region.center.longitude,
            radius: region.radius, notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit)
    }

    /// The engine's region.
    public var engineValue: CircularRegion {
        CircularRegion(
            identifier: identifier, center: Coordinate(latitude: latitude, longitude: longitude), radius: radius,
            notifyOnEntry: notifyOnEntry, notifyOnExit: notifyOnExit)
    }
}
