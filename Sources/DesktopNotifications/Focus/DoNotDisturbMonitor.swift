import Foundation
import Logging
import Synchronization

/// Follows the desktop's Do Not Disturb and tells whether it is on, now and at each
/// change, from whichever of its sources the desktop has:
///
/// - GNOME's GSettings key `org.gnome.desktop.notifications` `show-banners`
///   (false: Do Not Disturb), where the schema is installed (``ShowBannersSetting``);
/// - the notification server's `Inhibited` property, KDE Plasma's, where the server
///   has it (``InhibitedProperty``), read again when the server restarts or is replaced.
///
/// Do Not Disturb is on when any present source says so (``DoNotDisturbState``).
/// Reports come in order on a queue of the monitor's own; none comes after the
/// monitor is gone.
///
/// ```swift
/// let monitor = DoNotDisturbMonitor(gio: session.gio, notificationServer: session) { isOn in
///     engine.setDesktopDoNotDisturb(isOn)
/// }
/// ```
package final class DoNotDisturbMonitor: Sendable {
    /// Which sources the monitor follows, and how.
    package struct Configuration: Sendable {
        /// The GSettings schema whose `show-banners` is GNOME's Do Not Disturb; `nil`
        /// follows no GSettings.
        package var gnomeSchema: String? = ShowBannersSetting.schema
        /// A keyfile GSettings reads instead of the desktop's own store (dconf, or the
        /// backend `GSETTINGS_BACKEND` names), laid out as GLib's keyfile backend lays
        /// out `$XDG_CONFIG_HOME/glib-2.0/settings/keyfile`; tests give one of their own.
        package var gnomeKeyfile: String?
        /// How long reading `Inhibited` may take.
        package var callTimeout: Duration = .seconds(5)

        /// GNOME's `show-banners` from the desktop's own settings store.
        package init() {}
    }

    private let state = Mutex(DoNotDisturbState())
    private let reports = DispatchQueue(label: "herald.do-not-disturb")
    private let changed: @Sendable (Bool) -> Void
    private let logger = Logger(label: "herald.desktop")
    private let gnome = Mutex<ShowBannersSetting?>(nil)
    private let kde = Mutex<InhibitedProperty?>(nil)

    /// Follows GSettings through `gio` as `configuration` says and the notification
    /// server on `connection` (a session bus connection of the monitor's own, as
    /// reading the property holds its thread; `nil` follows no server), and calls
    /// `changed` with whether Do Not Disturb is on: once with the state now, then at
    /// each change.
    package init(
        gio: GIO, notificationServer connection: DBusConnection?, configuration: Configuration = Configuration(),
        changed: @escaping @Sendable (Bool) -> Void
    ) {
        self.changed = changed
        if let schema = configuration.gnomeSchema {
            let setting = ShowBannersSetting(gio: gio, schema: schema, keyfile: configuration.gnomeKeyfile) {
                [weak self] isOn in self?.read(.gnome, isOn)
            }
            if setting == nil { logger.info("no GNOME Do Not Disturb to follow: \(schema) with show-banners is not installed") }
            gnome.withLock { $0 = setting }
        }
        if let connection {
            let faults = FaultLog(logger: logger)
            let property = InhibitedProperty(connection: connection, timeout: configuration.callTimeout, faults: faults) {
                [weak self] isOn in self?.read(.kde, isOn)
            }
            kde.withLock { $0 = property }
        }
        state.withLock { state in
            let isOn = state.start()
            let sources = state.readings.keys.map(\.rawValue).sorted().joined(separator: ", ")
            logger.info("following the desktop's Do Not Disturb (\(sources.isEmpty ? "no source" : sources)): \(isOn ? "on" : "off")")
            reports.async { changed(isOn) }
        }
    }

    /// Whether Do Not Disturb is on now.
    package var isOn: Bool { state.withLock { $0.isOn } }

    /// What each source the desktop has says now: `true` where it is in Do Not Disturb.
    package var readings: [DoNotDisturbState.Source: Bool] { state.withLock { $0.readings } }

    /// Waits until every report made so far was delivered: for tests.
    package func flush() {
        reports.sync {}
    }

    private func read(_ source: DoNotDisturbState.Source, _ reading: Bool?) {
        state.withLock { state in
            let wasPresent = state.readings[source] != nil
            let report = state.read(source, reading)
            if wasPresent != (reading != nil) {
                logger.info("Do Not Disturb source \(source.rawValue) \(reading != nil ? "found" : "gone")")
            }
            guard let report else { return }
            logger.info("the desktop's Do Not Disturb is \(report ? "on" : "off") (\(source.rawValue))")
            reports.async { [changed] in changed(report) }
        }
    }
}
