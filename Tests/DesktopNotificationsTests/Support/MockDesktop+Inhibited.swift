@testable import DesktopNotifications
import Foundation
import HeraldTestSupport

/// KDE Plasma's Do Not Disturb on the mock notification server: its `Inhibited`
/// property on `org.freedesktop.Notifications`, set as Plasma sets it.
extension MockDesktop {
    /// A dbusmock template of python-dbusmock's `notification_daemon` with `Inhibited`
    /// (b) from the server's start (the `inhibited` parameter), so that a monitor
    /// reading it as soon as the server takes its name finds it; written once per desktop.
    func writeInhibitingTemplate() throws -> String {
        let path = directory.path("kde_notification_daemon.py")
        guard !FileManager.default.fileExists(atPath: path) else { return path }
        let template = """
            '''notification_daemon with KDE Plasma's Inhibited property, from the start.'''
            import dbus
            from dbusmock.templates import notification_daemon

            BUS_NAME = notification_daemon.BUS_NAME
            MAIN_OBJ = notification_daemon.MAIN_OBJ
            MAIN_IFACE = notification_daemon.MAIN_IFACE
            SYSTEM_BUS = notification_daemon.SYSTEM_BUS


            def load(mock, parameters):
                notification_daemon.load(mock, parameters)
                mock.AddProperty(MAIN_IFACE, 'Inhibited', dbus.Boolean(parameters.get('inhibited', False)))
                mock.AddMethod(
                    'org.example.HeraldTest', 'SetInhibitedQuietly', 'b', '',
                    "self.props['org.freedesktop.Notifications']['Inhibited'] = dbus.Boolean(args[0])")

            """
        try template.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Sets `Inhibited` through `org.freedesktop.DBus.Properties.Set`, which emits
    /// `PropertiesChanged` with the new value.
    func setInhibited(_ inhibited: Bool) throws {
        _ = try session.call(
            NotificationServer.name, path: NotificationServer.path, interface: "org.freedesktop.DBus.Properties",
            method: "Set", arguments: [.string(NotificationServer.name), .string("Inhibited"), .variant(.boolean(inhibited))],
            replyType: "()")
    }

    /// Sets `Inhibited` through dbusmock's `UpdateProperties`, as a server that
    /// changes it on its own does.
    func updateInhibited(_ inhibited: Bool) throws {
        _ = try session.call(
            NotificationServer.name, path: NotificationServer.path, interface: "org.freedesktop.DBus.Mock",
            method: "UpdateProperties",
            arguments: [.string(NotificationServer.name), .dictionary(["Inhibited": .boolean(inhibited)])], replyType: "()")
    }

    /// Makes the server tell that `Inhibited` changed without its value
    /// (`PropertiesChanged` naming it among the invalidated properties), after
    /// setting it quietly to `inhibited`.
    func invalidateInhibited(_ inhibited: Bool) throws {
        _ = try session.call(
            NotificationServer.name, path: NotificationServer.path, interface: "org.example.HeraldTest",
            method: "SetInhibitedQuietly", arguments: [.boolean(inhibited)], replyType: "()")
        _ = try session.call(
            NotificationServer.name, path: NotificationServer.path, interface: "org.freedesktop.DBus.Mock",
            method: "EmitSignal",
            arguments: [
                .string("org.freedesktop.DBus.Properties"), .string("PropertiesChanged"), .string("sa{sv}as"),
                .array(
                    [.variant(.string(NotificationServer.name)), .variant(.dictionary([:])),
                     .variant(.array([.string("Inhibited")], element: "s"))], element: "v"),
            ],
            replyType: "()")
    }
}
