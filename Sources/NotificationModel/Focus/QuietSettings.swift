public import Foundation

/// What the person set up to keep notifications quiet: their Focus modes, a Focus
/// switched on or off by hand, and the times of the scheduled summary.
///
/// ```swift
/// var settings = QuietSettings()
/// settings.focusModes.append(FocusMode(
///     identifier: "sleep", name: "Sleep", allowedApps: ["com.example.alarm": .all],
///     schedules: [FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)]))
/// settings.summaryTimes = [TimeOfDay("08:00")!, TimeOfDay("18:00")!]
/// try engine.updateQuietSettings(settings)
/// ```
public struct QuietSettings: Sendable, Equatable, Codable {
    /// A Focus switched on or off by hand, which decides over the schedules until
    /// it ends.
    public struct Override: Sendable, Equatable, Codable {
        /// The Focus switched on, or `nil`: every Focus switched off.
        public var focus: String?
        /// When it ends and the schedules decide again; `nil`: when switched back.
        public var until: Date?

        public init(focus: String?, until: Date? = nil) {
            self.focus = focus
            self.until = until
        }
    }

    public var focusModes: [FocusMode]
    public var override: Override?
    /// When the summary is delivered each day, in order; empty: no summary.
    public var summaryTimes: [TimeOfDay]

    public init(focusModes: [FocusMode] = [], override: Override? = nil, summaryTimes: [TimeOfDay] = []) {
        self.focusModes = focusModes
        self.override = override
        self.summaryTimes = summaryTimes
    }

    /// The Focus on at `date`: the one switched on by hand while its override
    /// lasts, else the first whose schedule is on.
    public func focus(at date: Date, in calendar: Calendar) -> FocusMode? {
        if let override, override.until.map({ date < $0 }) ?? true {
            return override.focus.flatMap { identifier in focusModes.first { $0.identifier == identifier } }
        }
        return focusModes.first { mode in mode.schedules.contains { $0.isOn(at: date, in: calendar) } }
    }

    /// The first summary time after `date`, or `nil` without summary times.
    public func nextSummary(after date: Date, in calendar: Calendar) -> Date? {
        guard !summaryTimes.isEmpty else { return nil }
        let times = summaryTimes.map { DateComponents(hour: $0.hour, minute: $0.minute, second: 0) }
        return times.compactMap {
            calendar.nextDate(after: date, matching: $0, matchingPolicy: .nextTime, direction: .forward)
        }.min()
    }

    /// What keeps notifications quiet at `date`, with the desktop's own Do Not Disturb.
    public func state(at date: Date, in calendar: Calendar, desktopDoNotDisturb: Bool) -> QuietState {
        QuietState(
            focus: focus(at: date, in: calendar), desktopDoNotDisturb: desktopDoNotDisturb,
            nextSummary: nextSummary(after: date, in: calendar))
    }

    /// The next moment after `date` at which the Focus on may change: a schedule's
    /// start or end, or the override's end; `nil` when nothing is scheduled.
    public func nextFocusChange(after date: Date, in calendar: Calendar) -> Date? {
        let times = Set(focusModes.flatMap { $0.schedules.flatMap { [$0.start, $0.end] } })
        let boundaries = times.compactMap {
            calendar.nextDate(
                after: date, matching: DateComponents(hour: $0.hour, minute: $0.minute, second: 0),
                matchingPolicy: .nextTime, direction: .forward)
        }
        let overrideEnd = override?.until.flatMap { $0 > date ? $0 : nil }
        return (boundaries + [overrideEnd].compactMap { $0 }).min()
    }
}
