public import Foundation

/// When a request fires. A request without a trigger fires at once.
///
/// ```swift
/// // In an hour, once.
/// let inAnHour = NotificationTrigger.timeInterval(TimeIntervalTrigger(interval: 3_600, repeats: false))
/// // Every day at 08:30 in the engine's time zone.
/// let daily = NotificationTrigger.calendar(
///     CalendarTrigger(dateComponents: DateComponents(hour: 8, minute: 30), repeats: true))
/// // Each time the device arrives at the shop.
/// let shop = CircularRegion(
///     identifier: "shop", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 100,
///     notifyOnExit: false)
/// let arriving = NotificationTrigger.location(LocationTrigger(region: shop, repeats: true))
/// ```
///
/// A trigger that can never fire is refused when its request is added: see
/// ``NotificationError/Code/invalidTrigger``, ``NotificationError/Code/invalidNoDate``
/// and ``NotificationError/Code/invalidRegion``. ``push`` is never added by an app:
/// only a push makes a request with it.
public enum NotificationTrigger: Codable, Sendable, Hashable {
    /// After an interval from the moment the request is added, once or every interval.
    case timeInterval(TimeIntervalTrigger)
    /// At the next date matching some calendar components, once or at each match.
    case calendar(CalendarTrigger)
    /// When the device enters or leaves a circular region.
    case location(LocationTrigger)
    /// A push service sent it (Apple's `UNPushNotificationTrigger`): the trigger of
    /// the request a ``RemoteNotification`` becomes, delivered at once. It never
    /// repeats and has no fire date. An app cannot add a request with it
    /// (``NotificationError/Code/invalidTrigger``); JSON `{"type": "push"}`.
    case push

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .timeInterval(let trigger): trigger.repeats
        case .calendar(let trigger): trigger.repeats
        case .location(let trigger): trigger.repeats
        case .push: false
        }
    }

    private enum Kind: String, Codable {
        case timeInterval, calendar, location, push
    }

    private enum CodingKeys: String, CodingKey {
        case type
    }

    /// Decodes a trigger from a JSON object with a `"type"` key (`"timeInterval"`,
    /// `"calendar"`, `"location"` or `"push"`) beside the fields of that trigger.
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: CodingKeys.self).decode(Kind.self, forKey: .type)
        switch kind {
        case .timeInterval: self = .timeInterval(try TimeIntervalTrigger(from: decoder))
        case .calendar: self = .calendar(try CalendarTrigger(from: decoder))
        case .location: self = .location(try LocationTrigger(from: decoder))
        case .push: self = .push
        }
    }

    /// Encodes the trigger as a JSON object: its fields and a `"type"` key naming
    /// the case.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .timeInterval(let trigger):
            try container.encode(Kind.timeInterval, forKey: .type)
            try trigger.encode(to: encoder)
        case .calendar(let trigger):
            try container.encode(Kind.calendar, forKey: .type)
            try trigger.encode(to: encoder)
        case .location(let trigger):
            try container.encode(Kind.location, forKey: .type)
            try trigger.encode(to: encoder)
        case .push:
            try container.encode(Kind.push, forKey: .type)
        }
    }
}

/// Fires `interval` seconds after the request is added and, if it repeats, every
/// `interval` seconds after that. A repeating interval must be at least 60 s.
///
/// A repeating trigger keeps its cadence from the moment the request was added; if
/// the engine was down over several ticks, the request fires once, late, and then
/// at the next tick of the cadence.
public struct TimeIntervalTrigger: Codable, Sendable, Hashable {
    /// Seconds from adding the request to its first firing, and between firings:
    /// finite and greater than zero, and at least
    /// ``NotificationLimits/minimumRepeatingInterval`` (60 s) when the trigger repeats.
    public var interval: TimeInterval
    /// Whether the request fires every `interval` seconds until it is removed,
    /// rather than once.
    public var repeats: Bool

    /// A trigger that fires `interval` seconds after the request is added and, if
    /// `repeats`, every `interval` seconds after that.
    ///
    /// - Parameters:
    ///   - interval: The delay in seconds, greater than zero (60 or more if it repeats).
    ///   - repeats: Whether the request keeps firing until it is removed.
    public init(interval: TimeInterval, repeats: Bool) {
        self.interval = interval
        self.repeats = repeats
    }
}

/// Fires at the next date that matches `dateComponents`, computed with Foundation's
/// `Calendar`: `DateComponents(hour: 8, minute: 30)` fires every day at 08:30 if it
/// repeats.
///
/// The components' `timeZone` pins the wall-clock time to a zone; without one the
/// time floats with the engine's time zone. In a daylight-saving gap a time that
/// does not exist fires at the next one that does; a time that happens twice fires
/// once. Components without seconds fire at second 0; a day that a month or year
/// lacks (February 29 in a common year, April 31) is skipped.
///
/// ```swift
/// // Every Monday at 09:00 in Berlin, whatever the engine's time zone.
/// var monday = DateComponents(hour: 9, weekday: 2)
/// monday.timeZone = TimeZone(identifier: "Europe/Berlin")
/// let trigger = CalendarTrigger(dateComponents: monday, repeats: true)
/// ```
public struct CalendarTrigger: Codable, Sendable, Hashable {
    /// The date to match: at least one component, each in its Gregorian range,
    /// in a combination that some date after the request is added matches (else
    /// ``NotificationError/Code/invalidNoDate``). Its `timeZone`, if any, pins the
    /// wall-clock time; its `calendar` is ignored (matching is Gregorian).
    public var dateComponents: DateComponents
    /// Whether the request fires at every match until it is removed, rather than
    /// at the first. A repeating request that missed several matches while the
    /// engine was down fires once, late, then at the next match.
    public var repeats: Bool
    /// No match before this date fires (the iOS 8 `fireDate` of a repeating
    /// notification); `nil` means the next match after the request is added.
    public var notBefore: Date?

    /// A trigger that fires at the next date matching `dateComponents`.
    ///
    /// - Parameters:
    ///   - dateComponents: The date to match, such as `DateComponents(hour: 8, minute: 30)`.
    ///   - repeats: Whether the request fires at every match rather than once.
    ///   - notBefore: The earliest date that may fire, or `nil` (the default) for
    ///     the next match after the request is added.
    public init(dateComponents: DateComponents, repeats: Bool, notBefore: Date? = nil) {
        self.dateComponents = dateComponents
        self.repeats = repeats
        self.notBefore = notBefore
    }
}

/// Fires when the device enters or leaves ``region``, once or every time.
///
/// The engine learns the device's position from ``NotificationEngine/updateLocation(_:)``
/// or an attached ``LocationProvider``. Being inside the region when the request
/// is added does not count as entering it, and a position jittering on the border
/// does not fire again and again. A pending location-triggered request has no
/// ``PendingRequest/nextFireDate``.
public struct LocationTrigger: Codable, Sendable, Hashable {
    /// The region whose crossings fire, as its ``CircularRegion/notifyOnEntry`` and
    /// ``CircularRegion/notifyOnExit`` say.
    public var region: CircularRegion
    /// Whether the request fires at every crossing and stays pending, rather than
    /// firing at the first and being removed.
    public var repeats: Bool

    /// A trigger that fires when the device crosses the border of `region`.
    ///
    /// - Parameters:
    ///   - region: The region to watch.
    ///   - repeats: Whether every crossing fires, or only the first.
    public init(region: CircularRegion, repeats: Bool) {
        self.region = region
        self.repeats = repeats
    }
}

/// A point on Earth in degrees (WGS 84).
public struct Coordinate: Codable, Sendable, Hashable {
    /// Degrees north of the equator (negative south); −90…90 for a region's centre.
    public var latitude: Double
    /// Degrees east of Greenwich (negative west); −180…180 for a region's centre.
    public var longitude: Double

    /// The point at `latitude` and `longitude`, in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A circle on Earth and which crossings of its border fire.
///
/// A region that cannot fire is refused with ``NotificationError/Code/invalidRegion``:
/// a centre outside −90…90 / −180…180, a radius that is not above 0 and at most
/// ``NotificationLimits/maximumRegionRadius``, or neither entry nor exit notified.
public struct CircularRegion: Codable, Sendable, Hashable {
    /// The region's name, at most ``NotificationLimits/maximumIdentifierLength`` characters.
    public var identifier: String
    /// The centre of the circle.
    public var center: Coordinate
    /// The radius in metres: above 0, at most 100 km.
    public var radius: Double
    /// Whether coming into the region fires; `true` by default.
    public var notifyOnEntry: Bool
    /// Whether leaving the region fires; `true` by default.
    public var notifyOnExit: Bool

    /// A circular region.
    ///
    /// - Parameters:
    ///   - identifier: The region's name.
    ///   - center: The centre of the circle.
    ///   - radius: The radius in metres.
    ///   - notifyOnEntry: Whether coming into the region fires.
    ///   - notifyOnExit: Whether leaving the region fires.
    public init(
        identifier: String,
        center: Coordinate,
        radius: Double,
        notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true
    ) {
        self.identifier = identifier
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}
