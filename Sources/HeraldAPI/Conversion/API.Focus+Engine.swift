public import Foundation
public import NotificationModel

extension API.QuietState {
    /// The wire form of the engine's quiet state.
    public init(_ state: EngineQuietState) {
        self.init(
            focus: state.focus.map(API.FocusMode.init), desktopDoNotDisturb: state.desktopDoNotDisturb,
            nextSummary: state.nextSummary)
    }
}

extension API.QuietSettings {
    /// The wire form of the engine's settings: allowed apps sorted by identifier, weekdays in order.
    public init(_ settings: EngineQuietSettings) {
        self.init(
            focusModes: settings.focusModes.map(API.FocusMode.init),
            override: settings.override.map { API.FocusOverride(focus: $0.focus, until: $0.until) },
            summaryTimes: settings.summaryTimes.map(\.description))
    }

    /// The engine's settings.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for a time that is not
    ///   `HH:MM` or an app allowed twice in one Focus; the engine checks the rest
    ///   (``NotificationModel/QuietSettings/validate()``).
    public func engineValue() throws -> EngineQuietSettings {
        EngineQuietSettings(
            focusModes: try focusModes.map { try $0.engineValue() },
            override: override.map { EngineQuietSettings.Override(focus: $0.focus, until: $0.until) },
            summaryTimes: try summaryTimes.map(API.timeOfDay))
    }
}

extension API.FocusOverride {
    /// The engine's override, which must end after `now`.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for an end at or before `now`.
    public func engineValue(now: Date) throws -> EngineQuietSettings.Override {
        if let until, until <= now {
            throw NotificationError(.invalidPayload, "until (\(until)) must be later than the daemon's clock (\(now))")
        }
        return EngineQuietSettings.Override(focus: focus, until: until)
    }
}

extension API.FocusMode {
    /// The wire form of the engine's Focus.
    public init(_ mode: EngineFocusMode) {
        let apps = mode.allowedApps.sorted { $0.key < $1.key }.map { app, allowance in
            switch allowance {
            case .all: API.AllowedApp(app: app)
            case .criteria(let criteria): API.AllowedApp(app: app, criteria: criteria.sorted())
            }
        }
        self.init(
            identifier: mode.identifier, name: mode.name, allowedApps: apps, allowsTimeSensitive: mode.allowsTimeSensitive,
            schedules: mode.schedules.map(API.FocusSchedule.init))
    }

    /// The engine's Focus.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for an app allowed twice
    ///   or a time that is not `HH:MM`.
    public func engineValue() throws -> EngineFocusMode {
        var allowed: [String: EngineFocusMode.Allowance] = [:]
        for app in allowedApps {
            guard allowed[app.app] == nil else {
                throw NotificationError(.invalidPayload, "“\(name)” lets \(app.app) through twice: name each app once")
            }
            allowed[app.app] = app.criteria.map { .criteria(Set($0)) } ?? .all
        }
        return EngineFocusMode(
            identifier: identifier, name: name, allowedApps: allowed, allowsTimeSensitive: allowsTimeSensitive,
            schedules: try schedules.map { try $0.engineValue() })
    }
}

extension API.FocusSchedule {
    /// The wire form of the engine's schedule, its weekdays in order.
    public init(_ schedule: EngineFocusSchedule) {
        self.init(weekdays: schedule.weekdays.sorted(), start: schedule.start.description, end: schedule.end.description)
    }

    /// The engine's schedule.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for a time that is not `HH:MM`.
    public func engineValue() throws -> EngineFocusSchedule {
        EngineFocusSchedule(weekdays: Set(weekdays), start: try API.timeOfDay(start), end: try API.timeOfDay(end))
    }
}

extension API.Summary {
    /// The engine's summary, or (given `app`) the part of it that is `app`'s: its groups, in order.
    public init(_ summary: NotificationSummary, of app: AppIdentifier? = nil) {
        self.init(
            date: summary.date,
            groups: summary.groups.filter { app == nil || $0.app == app }.map { group in
                API.SummaryGroup(
                    app: group.app.rawValue, threadIdentifier: group.threadIdentifier, text: group.text,
                    presentations: group.presentations.map(API.Presentation.init))
            })
    }
}

extension API {
    /// The time of day `text` names, `HH:MM`.
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for any other text.
    static func timeOfDay(_ text: String) throws -> TimeOfDay {
        guard let time = TimeOfDay(text) else {
            throw NotificationError(.invalidPayload, "“\(text)” is not a time of day: write HH:MM, such as 08:00 or 18:30")
        }
        return time
    }
}
