public import Foundation

/// When a request fires. A request without a trigger fires at once.
public enum NotificationTrigger: Codable, Sendable, Hashable {
    /// After an interval from the moment the request is added, once or every interval.
    case timeInterval(TimeIntervalTrigger)
    /// At the next date matching some calendar components, once or at each match.
    case calendar(CalendarTrigger)
    /// When the device enters or leaves a circular region.
    case location(LocationTrigger)

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .timeInterval(let trigger): trigger.repeats
        case .calendar(let trigger): trigger.repeats
        case .location(let trigger): trigger.repeats
        }
    }

    private enum Kind: String, Codable {
        case timeInterval, calendar, location
    }

    private enum CodingKeys: String, CodingKey {
        case type
    }

    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: CodingKeys.self).decode(Kind.self, forKey: .type)
        switch kind {
        case .timeInterval: self = .timeInterval(try TimeIntervalTrigger(from: decoder))
        case .calendar: self = .calendar(try CalendarTrigger(from: decoder))
        case .location: self = .location(try LocationTrigger(from: decoder))
        }
    }

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
        }
    }
}

/// Fires `interval` seconds after the request is added and, if it repeats, every
/// `interval` seconds after that. A repeating interval must be at least 60 s.
public struct TimeIntervalTrigger: Codable, Sendable, Hashable {
    public var interval: TimeInterval
    public var repeats: Bool

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
/// once.
public struct CalendarTrigger: Codable, Sendable, Hashable {
    public var dateComponents: DateComponents
    public var repeats: Bool
    /// No match before this date fires (the iOS 8 `fireDate` of a repeating
    /// notification); `nil` means the next match after the request is added.
    public var notBefore: Date?

    public init(dateComponents: DateComponents, repeats: Bool, notBefore: Date? = nil) {
        self.dateComponents = dateComponents
        self.repeats = repeats
        self.notBefore = notBefore
    }
}

/// Fires when the device enters or leaves ``region``, once or every time.
public struct LocationTrigger: Codable, Sendable, Hashable {
    public var region: CircularRegion
    public var repeats: Bool

    public init(region: CircularRegion, repeats: Bool) {
        self.region = region
        self.repeats = repeats
    }
}

/// A point on Earth in degrees (WGS 84).
public struct Coordinate: Codable, Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A circle on Earth and which crossings of its border fire.
public struct CircularRegion: Codable, Sendable, Hashable {
    public var identifier: String
    public var center: Coordinate
    /// The radius in metres.
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

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
