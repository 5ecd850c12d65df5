public import Foundation
import NotificationModel

extension API {
    /// When a request fires, tagged by `type`: `timeInterval`, `calendar`,
    /// `location` or `push`. A request without a trigger fires at once; a `push`
    /// one is what a push delivered (an app cannot add one).
    ///
    /// ```json
    /// {"type": "timeInterval", "interval": 60, "repeats": true}
    /// {"type": "calendar", "dateComponents": {"hour": 8, "minute": 0}, "timeZone": "Europe/Paris", "repeats": true}
    /// {"type": "location", "region": {"identifier": "home", "latitude": 48.85, "longitude": 2.35,
    ///  "radius": 100, "notifyOnEntry": true, "notifyOnExit": false}, "repeats": false}
    /// {"type": "push", "repeats": false}
    /// ```
    public enum Trigger: Codable, Sendable, Hashable {
        /// Fires `interval` seconds after it is added, and every `interval` seconds if it repeats.
        case timeInterval(interval: Double, repeats: Bool)
        /// Fires at the next date matching the components, in `timeZone` (an
        /// IANA name) or, without one, in the daemon's zone.
        case calendar(DateFields, timeZone: String?, repeats: Bool, notBefore: Date?)
        /// Fires on entering or leaving a circular region.
        case location(Region, repeats: Bool)
        /// A push service sent it; it never repeats, and `repeats` is written
        /// (as `false`) only so that every stored trigger has one.
        case push

        private enum Kind: String, Codable {
            case timeInterval, calendar, location, push
        }

        private enum CodingKeys: String, CodingKey {
            case type, interval, repeats, dateComponents, timeZone, notBefore, region
        }

        /// Decodes a trigger by its `type`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let repeats = try container.decodeIfPresent(Bool.self, forKey: .repeats) ?? false
            switch try container.decode(Kind.self, forKey: .type) {
            case .timeInterval:
                self = .timeInterval(interval: try container.decode(Double.self, forKey: .interval), repeats: repeats)
            case .calendar:
                self = .calendar(
                    try container.decode(DateFields.self, forKey: .dateComponents),
                    timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone),
                    repeats: repeats,
                    notBefore: try container.decodeIfPresent(Date.self, forKey: .notBefore))
            case .location:
                self = .location(try container.decode(Region.self, forKey: .region), repeats: repeats)
            case .push:
                self = .push
            }
        }

        /// Encodes the trigger with its `type`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .timeInterval(let interval, let repeats):
                try container.encode(Kind.timeInterval, forKey: .type)
                try container.encode(interval, forKey: .interval)
                try container.encode(repeats, forKey: .repeats)
            case .calendar(let fields, let timeZone, let repeats, let notBefore):
                try container.encode(Kind.calendar, forKey: .type)
                try container.encode(fields, forKey: .dateComponents)
                try container.encodeIfPresent(timeZone, forKey: .timeZone)
                try container.encode(repeats, forKey: .repeats)
                try container.encodeIfPresent(notBefore, forKey: .notBefore)
            case .location(let region, let repeats):
                try container.encode(Kind.location, forKey: .type)
                try container.encode(region, forKey: .region)
                try container.encode(repeats, forKey: .repeats)
            case .push:
                try container.encode(Kind.push, forKey: .type)
                try container.encode(false, forKey: .repeats)
            }
        }
    }

    /// The calendar fields a calendar trigger matches; absent fields match any value.
    public struct DateFields: Codable, Sendable, Hashable {
        public var year: Int?
        public var month: Int?
        public var day: Int?
        public var hour: Int?
        public var minute: Int?
        public var second: Int?
        /// 1 is Sunday, 7 is Saturday, as in Foundation's Gregorian calendar.
        public var weekday: Int?

        /// Fields with these values; `nil` matches any.
        public init(
            year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
            second: Int? = nil, weekday: Int? = nil
        ) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
            self.weekday = weekday
        }
    }

    /// A circle on the earth: a location trigger's region.
    public struct Region: Codable, Sendable, Hashable {
        public var identifier: String
        public var latitude: Double
        public var longitude: Double
        /// The radius in metres.
        public var radius: Double
        public var notifyOnEntry: Bool
        public var notifyOnExit: Bool

        /// A region with these values.
        public init(
            identifier: String, latitude: Double, longitude: Double, radius: Double, notifyOnEntry: Bool,
            notifyOnExit: Bool
        ) {
            self.identifier = identifier
            self.latitude = latitude
            self.longitude = longitude
            self.radius = radius
            self.notifyOnEntry = notifyOnEntry
            self.notifyOnExit = notifyOnExit
        }
    }
}
