public import Foundation

/// A time of day, to the minute, as a Focus schedule or a summary time names it:
/// `08:00`, `22:30`.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Minutes since midnight, `0..<1440`.
    public let minutes: Int

    /// The time `hour:minute`, or `nil` when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    /// The time a `HH:MM` text names (24-hour clock), or `nil`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }

    /// This time on the day `date` falls on in `calendar`; `nil` where the day has
    /// no such time (a daylight-saving gap takes the next valid time instead).
    public func date(onDayOf date: Date, in calendar: Calendar) -> Date? {
        calendar.date(bySettingHour: hour, minute: minute, second: 0, of: date)
    }

    /// Encoded as its `HH:MM` text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = TimeOfDay(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a time HH:MM"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
