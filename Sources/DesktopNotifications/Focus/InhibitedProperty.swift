import Foundation

/// KDE Plasma's Do Not Disturb: the notification server's `Inhibited` property
/// (interface `org.freedesktop.Notifications` at `/org/freedesktop/Notifications`),
/// read with `org.freedesktop.DBus.Properties.Get`, followed through
/// `PropertiesChanged`, and read again whenever the server's name changes hands.
///
/// `changed` gets whether Do Not Disturb is on, or `nil` when there is no such source:
/// no server, or one that answers `Get` with an error (GNOME Shell, dunst and mako have
/// no such property). It is called on the connection's thread, where the reads are
/// made too, so a reading never overtakes a later change: give the property a
/// connection of its own, as a read holds that thread up to the call's timeout.
final class InhibitedProperty: Sendable {
    static let property = "Inhibited"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    private let connection: DBusConnection
    private let timeout: Duration
    private let faults: FaultLog
    private let changed: @Sendable (Bool?) -> Void

    /// Follows the property on `connection` (a session bus connection); `changed` is
    /// first called before this returns. Faults (a server that does not answer in
    /// time, a property that is not a boolean) go to `faults` once each.
    init(connection: DBusConnection, timeout: Duration, faults: FaultLog, changed: @escaping @Sendable (Bool?) -> Void) {
        self.connection = connection
        self.timeout = timeout
        self.faults = faults
        self.changed = changed
        connection.main.perform { [weak self] in self?.follow() }
    }

    /// Subscribes to the server's changes and its name's owner; on the connection's thread.
    private func follow() {
        connection.subscribe(
            sender: NotificationServer.name, interface: Self.propertiesInterface, member: "PropertiesChanged",
            path: NotificationServer.path
        ) { [weak self] signal in self?.propertiesChanged(signal) }
        connection.watchName(NotificationServer.name) { [weak self] owner in
            guard let self else { return }
            changed(owner == nil ? nil : read())
        }
    }

    private func propertiesChanged(_ signal: DBusSignal) {
        let arguments = signal.arguments
        guard arguments.count == 3, arguments[0].string == NotificationServer.name else { return }
        if let inhibited = arguments[1].dictionary?[Self.property]?.unwrapped.boolean {
            changed(inhibited)
        } else if arguments[2].strings?.contains(Self.property) == true {
            changed(read())
        }
    }

    /// Reads the property now: `nil` when the server has none.
    func read() -> Bool? {
        do {
            let reply = try connection.call(
                NotificationServer.name, path: NotificationServer.path, interface: Self.propertiesInterface, method: "Get",
                arguments: [.string(NotificationServer.name), .string(Self.property)], replyType: "(v)", timeout: timeout)
            guard let inhibited = reply.first?.unwrapped.boolean else {
                faults.report("inhibited", "the notification server's Inhibited is \(reply), not a boolean; Do Not Disturb is followed without it")
                return nil
            }
            faults.clear("inhibited")
            return inhibited
        } catch let error as DBusError where error.code == .callFailed || error.code == .serviceUnknown {
            // No such property, or the server left meanwhile (its name's owner changes next).
            return nil
        } catch {
            faults.report("inhibited", "cannot read the notification server's Inhibited: \(error); Do Not Disturb is followed without it")
            return nil
        }
    }
}
