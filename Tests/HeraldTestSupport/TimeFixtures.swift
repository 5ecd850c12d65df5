public import Foundation

/// Dates and zones for scheduling tests, written as ISO 8601 with their offset
/// so that each expectation shows the wall-clock time it means.
public enum TimeFixtures {
    public static let newYork = TimeZone(identifier: "America/New_York")!
    public static let berlin = TimeZone(identifier: "Europe/Berlin")!
    public static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    public static let utc = TimeZone(identifier: "UTC")!

    /// The instant an ISO 8601 date-time with offset names: `"2026-03-08T03:00:00-04:00"`.
    public static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { fatalError("not an ISO 8601 date: \(text)") }
        return date
    }

    /// The instant a ``wallClock(_:in:)`` string names: `"2026-03-08 03:00:00 -0400"`.
    public static func date(wallClock text: String) -> Date {
        guard let date = wallClockFormatter(in: utc).date(from: text) else { fatalError("not a wall-clock time: \(text)") }
        return date
    }

    /// `date` as wall-clock time and offset in `zone`: `"2026-03-08 03:00:00 -0400"`.
    public static func wallClock(_ date: Date?, in zone: TimeZone) -> String? {
        guard let date else { return nil }
        return wallClockFormatter(in: zone).string(from: date)
    }

    private static func wallClockFormatter(in zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss xx"
        return formatter
    }
}
