/// What the desktop's Do Not Disturb sources read, and what was last reported of
/// them: readings in, the value to report out. Pure; ``DoNotDisturbMonitor`` holds it.
///
/// Do Not Disturb is on when any present source says so. A source that is not there
/// (no GNOME schema, a notification server without `Inhibited`, or none at all)
/// counts for nothing, so a desktop with neither is never in Do Not Disturb.
package struct DoNotDisturbState: Sendable, Equatable {
    /// Where a desktop keeps its Do Not Disturb.
    package enum Source: String, Sendable, Hashable, CaseIterable {
        /// GNOME's GSettings key `org.gnome.desktop.notifications` `show-banners`,
        /// false while Do Not Disturb is on.
        case gnome
        /// The notification server's `Inhibited` property (KDE Plasma's).
        case kde
    }

    /// Each present source's reading: `true` where it says Do Not Disturb is on.
    package private(set) var readings: [Source: Bool] = [:]
    /// What was reported last; `nil` before ``start()``.
    package private(set) var reported: Bool?

    /// No source read yet, nothing reported.
    package init() {}

    /// Whether Do Not Disturb is on: any present source says so.
    package var isOn: Bool { readings.values.contains(true) }

    /// `source` now reads `reading` (`nil`: it is gone). Returns the value to report
    /// when Do Not Disturb changed since the last report; before ``start()``, nothing.
    package mutating func read(_ source: Source, _ reading: Bool?) -> Bool? {
        readings[source] = reading
        guard let reported, reported != isOn else { return nil }
        self.reported = isOn
        return isOn
    }

    /// The first report, once every source was asked: whether Do Not Disturb is on now.
    package mutating func start() -> Bool {
        reported = isOn
        return isOn
    }
}
