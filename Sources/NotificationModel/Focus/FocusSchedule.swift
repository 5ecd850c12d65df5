public import Foundation

/// When a Focus turns itself on, as iOS's time schedules say it: from one time to
/// another on some days of the week. A schedule whose end is not after its start
/// runs past midnight into the next day (22:00–07:00); one that starts and ends at
/// the same time lasts the whole day.
public struct FocusSchedule: Sendable, Hashable, Codable {
    /// The days it starts on, as `Calendar` numbers them: 1 is Sunday, 7 Saturday.
    public var weekdays: Set<Int>
    public var start: TimeOfDay
    public var end: TimeOfDay

    public init(weekdays: Set<Int> = Set(1...7), start: TimeOfDay, end: TimeOfDay) {
        self.weekdays = weekdays
        self.start = start
        self.end = end
    }

    /// Whether it is on at `date`, in `calendar`'s time zone.
    public func isOn(at date: Date, in calendar: Calendar) -> Bool {
        let now = TimeOfDay(
            hour: calendar.component(.hour, from: date), minute: calendar.component(.minute, from: date))!
        let weekday = calendar.component(.weekday, from: date)
        let yesterday = weekday == 1 ? 7 : weekday - 1
        if start < end { return weekdays.contains(weekday) && start <= now && now < end }
        if start == end { return weekdays.contains(weekday) }
        // Past midnight: the evening part on a scheduled day, the morning part on the day after one.
        return (weekdays.contains(weekday) && now >= start) || (weekdays.contains(yesterday) && now < end)
    }
}
