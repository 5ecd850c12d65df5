/// Badges for docks: the `com.canonical.Unity.LauncherEntry` `Update` signal that
/// KDE Plasma, Ubuntu Dock, Dash to Dock and Plank read, for an app's `.desktop` file.
package enum LauncherEntry {
    static let interface = "com.canonical.Unity.LauncherEntry"

    /// The object path the signal is sent from for `app`: one per app, made of the
    /// characters an object path may hold.
    package static func path(for app: DesktopApp) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let element = String(app.desktopEntry.map { allowed.contains($0) ? $0 : "_" })
        return "/com/canonical/unity/launcherentry/" + element
    }

    /// The `Update` signal's arguments: the app's URI and its count, shown when above 0.
    package static func arguments(for app: DesktopApp, badge: Int) -> [DBusValue] {
        [
            .string("application://\(app.desktopEntry).desktop"),
            .dictionary(["count": .int64(Int64(max(0, badge))), "count-visible": .boolean(badge > 0)]),
        ]
    }

    /// Sends the app's badge on `connection`.
    package static func send(_ badge: Int, for app: DesktopApp, on connection: DBusConnection) throws {
        try connection.emit(path: path(for: app), interface: interface, member: "Update", arguments: arguments(for: app, badge: badge))
    }
}
