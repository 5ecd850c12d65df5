public import Foundation
import Synchronization

extension DesktopPresenter {
    /// Follows the desktop's Do Not Disturb — GNOME's `show-banners` (GSettings
    /// `org.gnome.desktop.notifications`) and the notification server's `Inhibited`
    /// (KDE Plasma) — and calls `changed` with whether it is on: once now, then at each
    /// change, in order, on a queue of its own.
    ///
    /// The server's property is read over a session bus connection of its own, found in
    /// `environment`; without one only GNOME's setting is followed, which is logged.
    /// Calling it again replaces the previous follower.
    public func followDoNotDisturb(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        changed: @escaping @Sendable (_ isOn: Bool) -> Void
    ) {
        var session: DBusConnection?
        do {
            session = try DBusConnection(.session, environment: environment, library: configuration.gioLibrary)
        } catch {
            faults.report("do-not-disturb", "cannot follow the notification server's Do Not Disturb (\(error)); GNOME's alone is followed")
        }
        var settings = configuration.doNotDisturb
        settings.callTimeout = configuration.callTimeout
        let monitor = DoNotDisturbMonitor(
            gio: connection.gio, notificationServer: session, configuration: settings, changed: changed)
        doNotDisturbMonitor.withLock { $0 = monitor }
    }

    /// Whether the desktop is in Do Not Disturb now; `nil` when it is not followed.
    public var isDesktopDoNotDisturbOn: Bool? {
        doNotDisturbMonitor.withLock { $0?.isOn }
    }

    /// Where the desktop's Do Not Disturb is read, each with what it says now (`gnome`,
    /// `kde`: `true` where it is on); empty when it is not followed or the desktop has neither.
    public var desktopDoNotDisturbSources: [String: Bool] {
        doNotDisturbMonitor.withLock { monitor in
            Dictionary(uniqueKeysWithValues: (monitor?.readings ?? [:]).map { ($0.key.rawValue, $0.value) })
        }
    }
}
