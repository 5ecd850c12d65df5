package import Foundation
package import HeraldAPI

/// `herald schedule`'s trigger options: at most one of `--in`, `--at`,
/// `--every` and `--calendar`, and `--repeat`; none delivers at once.
package struct TriggerSpec: Hashable, Sendable {
    /// `--in`: a duration after which it fires.
    package var after: String?
    /// `--at`: a date and time (see ``MomentParser``).
    package var at: String?
    /// `--every`: a repeating interval, at least 60 s.
    package var every: String?
    /// `--calendar`: fields to match (see ``CalendarSpecParser``).
    package var calendar: String?
    /// `--repeat`: repeat `--in` or `--calendar`.
    package var repeats: Bool

    package init(
        after: String? = nil, at: String? = nil, every: String? = nil, calendar: String? = nil, repeats: Bool = false
    ) {
        self.after = after
        self.at = at
        self.every = every
        self.calendar = calendar
        self.repeats = repeats
    }

    /// Apple's shortest repeating interval, in seconds.
    static let minimumRepeatingInterval = 60.0

    /// The trigger, `nil` to deliver at once; `--at` without a zone is in `localTimeZone`.
    package func trigger(localTimeZone: TimeZone = .current) throws(CommandLineError) -> API.Trigger? {
        let given = [after.map { _ in "--in" }, at.map { _ in "--at" }, every.map { _ in "--every" },
                     calendar.map { _ in "--calendar" }].compactMap { $0 }
        guard given.count <= 1 else {
            throw CommandLineError("use one of --in, --at, --every and --calendar, not \(given.joined(separator: " and "))")
        }
        if let after { return try interval(after, repeats: repeats) }
        if let every { return try interval(every, repeats: true) }
        if let at { return try moment(at, localTimeZone) }
        if let calendar {
            let spec = try CalendarSpecParser.parse(calendar)
            return .calendar(spec.fields, timeZone: spec.timeZone, repeats: repeats, notBefore: nil)
        }
        guard !repeats else { throw CommandLineError("--repeat needs --in or --calendar") }
        return nil
    }

    private func interval(_ text: String, repeats: Bool) throws(CommandLineError) -> API.Trigger {
        let seconds = try DurationParser.seconds(text)
        guard seconds > 0 else { throw CommandLineError("the interval must be longer than 0 seconds") }
        guard !repeats || seconds >= Self.minimumRepeatingInterval else {
            throw CommandLineError("a repeating interval must be at least 60 seconds, not \(TriggerText.duration(seconds))")
        }
        return .timeInterval(interval: seconds, repeats: repeats)
    }

    private func moment(_ text: String, _ localTimeZone: TimeZone) throws(CommandLineError) -> API.Trigger {
        guard !repeats else {
            throw CommandLineError("--at names one moment; to repeat, use --calendar 'hour=8 minute=0' --repeat")
        }
        let moment = try MomentParser.parse(text, localTimeZone: localTimeZone)
        return .calendar(moment.fields, timeZone: moment.timeZone, repeats: false, notBefore: nil)
    }
}
