package import Foundation
package import HeraldAPI

/// Triggers, durations and dates as people read them.
package enum TriggerText {
    /// `90` → `1m30s`, `3600` → `1h`, `0.5` → `0.5s`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds >= 1, seconds == seconds.rounded(), seconds < 1e15 else {
            return "\(seconds.formatted(.number.grouping(.never)))s"
        }
        var rest = Int(seconds)
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return parts.joined()
    }

    /// `now`, `in 1m30s`, `every 1m`, `at 2026-12-01 09:00:00 Europe/Paris`,
    /// `calendar hour=8 minute=0, repeating`, `region home (entry)`, `push`.
    package static func describe(_ trigger: API.Trigger?) -> String {
        switch trigger {
        case nil:
            return "now"
        case .timeInterval(let interval, let repeats):
            return repeats ? "every \(duration(interval))" : "in \(duration(interval))"
        case .calendar(let fields, let timeZone, let repeats, _):
            return calendar(fields, timeZone: timeZone, repeats: repeats)
        case .location(let region, let repeats):
            let on = [region.notifyOnEntry ? "entry" : nil, region.notifyOnExit ? "exit" : nil].compactMap { $0 }
            return "region \(region.identifier) (\(on.joined(separator: ", ")))" + (repeats ? ", repeating" : "")
        case .push:
            return "push"
        }
    }

    private static func calendar(_ fields: API.DateFields, timeZone: String?, repeats: Bool) -> String {
        let zone = timeZone.map { " \($0)" } ?? ""
        if !repeats, fields.weekday == nil, let year = fields.year, let month = fields.month, let day = fields.day,
            let hour = fields.hour, let minute = fields.minute
        {
            let date = String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, fields.second ?? 0)
            return "at \(date)\(zone)"
        }
        let named: [(String, Int?)] = [
            ("year", fields.year), ("month", fields.month), ("day", fields.day), ("weekday", fields.weekday),
            ("hour", fields.hour), ("minute", fields.minute), ("second", fields.second),
        ]
        let text = named.compactMap { name, value in value.map { "\(name)=\($0)" } }.joined(separator: " ")
        return "calendar \(text)\(zone)" + (repeats ? ", repeating" : "")
    }

    /// `2026-12-01 09:00:00` in `timeZone`.
    package static func date(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
