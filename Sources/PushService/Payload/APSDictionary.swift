import Foundation
import NotificationModel

/// A push's `aps` dictionary, read key by key as a device reads it: a key of the
/// wrong type, or whose value Herald cannot hold, reads as absent. Anything but
/// a JSON object reads as an empty dictionary.
struct APSDictionary {
    let values: [String: JSONValue]

    init(_ value: JSONValue?) {
        if case .object(let values) = value { self.values = values } else { values = [:] }
    }

    init(_ values: [String: JSONValue]) {
        self.values = values
    }

    /// What the notification shows: alert, sound, badge and the other `aps` keys.
    func content() -> NotificationContent {
        var content = NotificationContent(
            badge: badge, sound: PushSound.read(values["sound"]),
            categoryIdentifier: identifier("category"), threadIdentifier: identifier("thread-id"),
            interruptionLevel: interruptionLevel, relevanceScore: relevanceScore,
            targetContentIdentifier: identifier("target-content-id"), filterCriteria: identifier("filter-criteria"))
        PushAlert.read(values["alert"], into: &content)
        return content
    }

    /// A string, or `nil` for another type.
    func string(_ key: String) -> String? {
        values[key]?.stringValue
    }

    /// An identifier of at most ``NotificationLimits/maximumIdentifierLength``
    /// characters; empty for another type or a longer one.
    func identifier(_ key: String) -> String {
        guard let value = string(key), Self.isIdentifier(value) else { return "" }
        return value
    }

    /// A flag Apple writes as the number 1: true for 1 (or `true`, which an Apple
    /// device's JSON reader also reads as 1), false for anything else.
    func flag(_ key: String) -> Bool {
        switch values[key] {
        case .number(1), .bool(true): true
        default: false
        }
    }

    /// `badge`: a whole number from 0; `nil` (the badge is left as it is) for
    /// another type, a fraction or a negative number.
    var badge: Int? {
        count("badge")
    }

    /// A whole number from 0 (below 2⁵³, where doubles stop being whole
    /// numbers one by one); `nil` for anything else.
    func count(_ key: String) -> Int? {
        guard let number = values[key]?.numberValue, number >= 0, number == number.rounded(), number < 0x1p53
        else { return nil }
        return Int(number)
    }

    /// `interruption-level`: Apple's four names; `active` for anything else.
    var interruptionLevel: NotificationContent.InterruptionLevel {
        switch string("interruption-level") {
        case "passive": .passive
        case "time-sensitive": .timeSensitive
        case "critical": .critical
        default: .active
        }
    }

    /// `relevance-score`: a number from 0 to 1; 0 for anything else.
    var relevanceScore: Double {
        guard let score = values["relevance-score"]?.numberValue, (0...1).contains(score) else { return 0 }
        return score
    }

    /// Whether `value` fits where the engine takes an identifier: at most 255
    /// Unicode scalars (the engine counts scalars).
    static func isIdentifier(_ value: String) -> Bool {
        value.unicodeScalars.count <= NotificationLimits.maximumIdentifierLength
    }
}
