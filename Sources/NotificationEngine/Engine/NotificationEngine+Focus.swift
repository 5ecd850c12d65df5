import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// The person's Focus modes, the Focus switched on or off by hand, and the
    /// summary times.
    public func quietSettings() -> QuietSettings {
        state.withLock { $0.quiet }
    }

    /// Replaces the person's Focus modes, override and summary times, from now on.
    ///
    /// ```swift
    /// var settings = engine.quietSettings()
    /// settings.override = QuietSettings.Override(focus: "work", until: Date().addingTimeInterval(3_600))
    /// try engine.updateQuietSettings(settings)
    /// ```
    ///
    /// - Throws: ``NotificationError/Code/invalidPayload`` for settings
    ///   ``QuietSettings/validate()`` refuses, ``NotificationError/Code/storeFailure``
    ///   when they cannot be saved; nothing changes then.
    public func updateQuietSettings(_ settings: QuietSettings) throws {
        try settings.validate()
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        } catch {
            throw NotificationError(.invalidPayload, "the settings cannot be encoded: \(error)")
        }
        try write { try $0.saveQuietSettings(json) }
        state.withLock { $0.quiet = settings }
        tellQuietChanged()
        armFocusTimer()
    }

    /// The desktop's own Do Not Disturb was switched: GNOME's `show-banners`, KDE's
    /// `Inhibited`. While it is on, notifications are quiet as in a Focus that
    /// lets no app through.
    public func setDesktopDoNotDisturb(_ isOn: Bool) {
        let changed = state.withLock { state in
            defer { state.desktopDoNotDisturb = isOn }
            return state.desktopDoNotDisturb != isOn
        }
        if changed { tellQuietChanged() }
    }

    /// Tells of the quiet state now, noting its Focus.
    private func tellQuietChanged() {
        let quiet = quietState()
        state.withLock { $0.toldFocus = quiet.focus?.identifier }
        emit(.quietChanged(quiet))
    }

    /// Arms the timer for the next moment a Focus may begin or end by its schedule
    /// or its override's end, so that ``NotificationEvent/quietChanged(_:)`` tells of
    /// it when it does.
    func armFocusTimer() {
        let next = state.withLock { $0.quiet }.nextFocusChange(after: scheduler.now, in: focusCalendar)
        state.withLock { state in
            state.focusTimer?.dispose()
            state.focusTimer = next.map { date in
                scheduler.schedule(after: date) { [weak self] in self?.focusTimerFired() }
            }
        }
    }

    private func focusTimerFired() {
        let quiet = quietState()
        let changed = state.withLock { state in
            defer { state.toldFocus = quiet.focus?.identifier }
            return state.toldFocus != quiet.focus?.identifier
        }
        if changed { emit(.quietChanged(quiet)) }
        armFocusTimer()
    }

    /// What keeps notifications quiet now: the Focus on, the desktop's Do Not
    /// Disturb, the next summary time.
    public func quietState() -> QuietState {
        let (settings, doNotDisturb) = state.withLock { ($0.quiet, $0.desktopDoNotDisturb) }
        return settings.state(at: scheduler.now, in: focusCalendar, desktopDoNotDisturb: doNotDisturb)
    }

    /// The calendar Focus schedules and summary times are read in: the schedule's
    /// time zone, as floating calendar triggers.
    var focusCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Reads the saved settings into memory, at start and, with other engines on
    /// the store, before each batch is presented (they may have changed them).
    func loadQuietSettings() throws {
        guard let json = try read({ try $0.quietSettings() }) else { return }
        let settings: QuietSettings
        do {
            settings = try JSONDecoder().decode(QuietSettings.self, from: Data(json.utf8))
        } catch {
            throw NotificationError(.storeFailure, "the saved Focus and summary settings cannot be read: \(error)")
        }
        state.withLock { $0.quiet = settings }
    }
}
