public import Foundation

extension API {
    /// `GET /v1/focus`, and the answer to every change of it: whether the person's
    /// notifications are quiet now and, for the admin only, why and what the
    /// person set. An app's token reads ``isFocused`` alone, as an app reads
    /// `INFocusStatus.isFocused`: nothing of the person's Focus modes, of other apps
    /// or of when the summary comes.
    public struct Focus: Codable, Sendable, Hashable {
        /// A Focus is on, or the desktop's Do Not Disturb.
        public var isFocused: Bool
        /// What is quiet now (admin only).
        public var state: QuietState?
        /// The Focus modes, the one switched by hand and the summary times (admin only).
        public var settings: QuietSettings?

        /// An answer.
        public init(isFocused: Bool, state: QuietState? = nil, settings: QuietSettings? = nil) {
            self.isFocused = isFocused
            self.state = state
            self.settings = settings
        }
    }

    /// What keeps the person's notifications quiet at one moment.
    public struct QuietState: Codable, Sendable, Hashable {
        /// The Focus on now (by hand or by its schedule), if any.
        public var focus: FocusMode?
        /// GNOME's `show-banners` off, or KDE's `Inhibited`.
        public var desktopDoNotDisturb: Bool
        /// When the notifications held for the summary are delivered next; `nil` without a summary.
        public var nextSummary: Date?

        /// A state.
        public init(focus: FocusMode? = nil, desktopDoNotDisturb: Bool = false, nextSummary: Date? = nil) {
            self.focus = focus
            self.desktopDoNotDisturb = desktopDoNotDisturb
            self.nextSummary = nextSummary
        }
    }

    /// What the person set about quiet times: the body of `PUT /v1/focus` (admin),
    /// which replaces all of it.
    public struct QuietSettings: Codable, Sendable, Hashable {
        /// The Focus modes, each with its own identifier.
        public var focusModes: [FocusMode]
        /// A Focus switched on or off by hand, which wins over the schedules until it ends.
        public var override: FocusOverride?
        /// The times of day of the scheduled summary, `HH:MM`; none: no summary.
        public var summaryTimes: [String]

        /// Settings.
        public init(focusModes: [FocusMode] = [], override: FocusOverride? = nil, summaryTimes: [String] = []) {
            self.focusModes = focusModes
            self.override = override
            self.summaryTimes = summaryTimes
        }
    }

    /// A Focus switched by hand: the body of `POST /v1/focus/override` (admin).
    public struct FocusOverride: Codable, Sendable, Hashable {
        /// The Focus switched on, by identifier; `nil`: every Focus off, its schedules too.
        public var focus: String?
        /// When it ends and the schedules apply again; `nil`: when it is switched again.
        public var until: Date?

        /// An override.
        public init(focus: String? = nil, until: Date? = nil) {
            self.focus = focus
            self.until = until
        }
    }

    /// A Focus, as iOS 15 has them: named, letting through only some apps (each
    /// wholly or for some `filterCriteria`), on by hand or on its schedules.
    public struct FocusMode: Codable, Sendable, Hashable {
        /// Its name among the person's Focus modes.
        public var identifier: String
        /// The name people see.
        public var name: String
        /// The apps it lets through; the others are quieted.
        public var allowedApps: [AllowedApp]
        /// Whether time-sensitive notifications break through it (for the apps whose setting allows them).
        public var allowsTimeSensitive: Bool
        /// When it is on by itself.
        public var schedules: [FocusSchedule]

        /// A Focus.
        public init(
            identifier: String, name: String, allowedApps: [AllowedApp] = [], allowsTimeSensitive: Bool = true,
            schedules: [FocusSchedule] = []
        ) {
            self.identifier = identifier
            self.name = name
            self.allowedApps = allowedApps
            self.allowsTimeSensitive = allowsTimeSensitive
            self.schedules = schedules
        }
    }

    /// An app a Focus lets through.
    public struct AllowedApp: Codable, Sendable, Hashable {
        /// The app's identifier.
        public var app: String
        /// Only its notifications whose `filterCriteria` is one of these; `nil`: all of them.
        public var criteria: [String]?

        /// An allowed app.
        public init(app: String, criteria: [String]? = nil) {
            self.app = app
            self.criteria = criteria
        }
    }

    /// When a Focus is on by itself: on these weekdays, from `start` to `end`
    /// (an `end` at or before `start` ends the next day).
    public struct FocusSchedule: Codable, Sendable, Hashable {
        /// 1 = Sunday … 7 = Saturday, as `Calendar` numbers them.
        public var weekdays: [Int]
        /// `HH:MM`.
        public var start: String
        /// `HH:MM`.
        public var end: String

        /// A schedule.
        public init(weekdays: [Int], start: String, end: String) {
            self.weekdays = weekdays
            self.start = start
            self.end = end
        }
    }

    /// What waited for the scheduled summary, delivered together: in an app's
    /// `summaryDelivered` event, that app's groups.
    public struct Summary: Codable, Sendable, Hashable {
        /// The summary's time.
        public var date: Date
        /// By app and thread, the most relevant first.
        public var groups: [SummaryGroup]

        /// A summary.
        public init(date: Date, groups: [SummaryGroup]) {
            self.date = date
            self.groups = groups
        }
    }

    /// One app's notifications of one thread in a summary.
    public struct SummaryGroup: Codable, Sendable, Hashable {
        public var app: String
        /// The thread (`threadIdentifier`); empty for the app's notifications without one.
        public var threadIdentifier: String
        /// The group's line, from its category's `categorySummaryFormat` and the
        /// contents' `summaryArgument`/`summaryArgumentCount`.
        public var text: String
        /// Its notifications, the most relevant first.
        public var presentations: [Presentation]

        /// A group.
        public init(app: String, threadIdentifier: String, text: String, presentations: [Presentation]) {
            self.app = app
            self.threadIdentifier = threadIdentifier
            self.text = text
            self.presentations = presentations
        }
    }
}
