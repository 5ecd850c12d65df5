package import Foundation
package import HeraldAPI

/// Focus, Do Not Disturb and the scheduled summary as `herald focus` and
/// `herald summary` print them.
package enum FocusText {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// `herald focus`: what is quiet now, and why, at `now` on the daemon's clock.
    package static func status(_ focus: API.Focus, now: Date, timeZone: TimeZone) -> String {
        guard let state = focus.state else { return focus.isFocused ? "Focus is on.\n" : "No Focus is on.\n" }
        var lines: [String] = []
        // An override whose end passed is kept in the settings but decides nothing.
        let override = focus.settings?.override.flatMap { override in override.until.map { $0 > now } ?? true ? override : nil }
        if let mode = state.focus {
            let byHand = override?.focus == mode.identifier
            let until = byHand ? override?.until.map { " until \(TriggerText.date($0, in: timeZone))" } ?? "" : ""
            lines.append("Focus: \(mode.name) (\(mode.identifier)), \(byHand ? "on by hand" : "on its schedule")\(until)")
        } else if let override, override.focus == nil {
            lines.append("Focus: off by hand" + (override.until.map { " until \(TriggerText.date($0, in: timeZone))" } ?? ""))
        } else {
            lines.append("Focus: none")
        }
        lines.append("Desktop Do Not Disturb: \(state.desktopDoNotDisturb ? "on" : "off")")
        lines.append("Next summary: " + (state.nextSummary.map { TriggerText.date($0, in: timeZone) } ?? "none"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `herald focus list`: every Focus with its rules.
    package static func modes(_ modes: [API.FocusMode]) -> String {
        guard !modes.isEmpty else { return "No Focus modes.\n" }
        let rows = modes.map { mode in
            [mode.identifier, mode.name, allowed(mode.allowedApps), mode.allowsTimeSensitive ? "yes" : "no",
             mode.schedules.map(schedule).joined(separator: "; ")]
        }
        return TextTable(headers: ["ID", "NAME", "ALLOWS", "TIME SENSITIVE", "SCHEDULES"], rows: rows).rendered
    }

    /// `herald summary`: the summary's times and when it comes next.
    package static func summary(_ focus: API.Focus, timeZone: TimeZone) -> String {
        let times = focus.settings?.summaryTimes ?? []
        guard !times.isEmpty else { return "Scheduled summary: off\n" }
        let next = focus.state?.nextSummary.map { "\nNext summary: \(TriggerText.date($0, in: timeZone))" } ?? ""
        return "Scheduled summary: \(times.joined(separator: ", "))\(next)\n"
    }

    private static func allowed(_ apps: [API.AllowedApp]) -> String {
        guard !apps.isEmpty else { return "-" }
        return apps.map { app in app.criteria.map { "\(app.app):\($0.joined(separator: ","))" } ?? app.app }
            .joined(separator: " ")
    }

    /// `Mon-Fri 09:00-17:00`.
    package static func schedule(_ schedule: API.FocusSchedule) -> String {
        let sorted = schedule.weekdays.sorted()
        let names: String
        switch sorted {
        case Array(1...7): names = "Daily"
        case [2, 3, 4, 5, 6]: names = "Mon-Fri"
        case [1, 7]: names = "Sat,Sun"
        default: names = sorted.compactMap { days.indices.contains($0 - 1) ? days[$0 - 1] : nil }.joined(separator: ",")
        }
        return "\(names) \(schedule.start)-\(schedule.end)"
    }
}
