import Foundation
import Logging

/// Follows whether the user's session is locked, from logind's `LockedHint` on the
/// session object over the system bus, as screen lockers set it.
///
/// The session is `$XDG_SESSION_ID`'s; without it (a systemd user service has
/// none) the user's display session, logind's `Display` of the user. Where logind
/// cannot be read the session counts as unlocked, which is logged once.
package final class SessionLockMonitor: Sendable {
    static let login1 = "org.freedesktop.login1"
    static let sessionInterface = "org.freedesktop.login1.Session"

    private let connection: DBusConnection
    /// The session's object path.
    package let sessionPath: String

    /// Finds the session on `connection` and calls `changed` with its lock state now
    /// and at each change, on the connection's thread.
    ///
    /// - Throws: ``DBusError`` when logind does not answer or knows no session of this user.
    package init(
        connection: DBusConnection, environment: [String: String] = ProcessInfo.processInfo.environment,
        changed: @escaping @Sendable (Bool) -> Void
    ) throws {
        self.connection = connection
        sessionPath = try Self.sessionPath(on: connection, environment: environment)
        let path = sessionPath
        connection.subscribe(
            sender: Self.login1, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: path
        ) { [weak self] signal in
            guard signal.arguments.first?.string == Self.sessionInterface, let self else { return }
            if let locked = signal.arguments.dropFirst().first?.dictionary?["LockedHint"]?.boolean {
                changed(locked)
            } else if signal.arguments.last?.strings?.contains("LockedHint") == true, let locked = try? self.isLocked() {
                changed(locked)
            }
        }
        changed(try isLocked())
    }

    /// Reads `LockedHint` now.
    package func isLocked() throws -> Bool {
        let reply = try connection.call(
            Self.login1, path: sessionPath, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(Self.sessionInterface), .string("LockedHint")], replyType: "(v)")
        guard let locked = reply.first?.unwrapped.boolean else {
            throw DBusError(.unexpectedReply, "LockedHint of \(sessionPath) is \(reply)")
        }
        return locked
    }

    private static func sessionPath(on connection: DBusConnection, environment: [String: String]) throws -> String {
        let manager = "/org/freedesktop/login1"
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
            let reply = try connection.call(
                login1, path: manager, interface: "org.freedesktop.login1.Manager", method: "GetSession",
                arguments: [.string(id)], replyType: "(o)")
            if let path = reply.first?.string { return path }
        }
        let user = try connection.call(
            login1, path: manager, interface: "org.freedesktop.login1.Manager", method: "GetUser",
            arguments: [.uint32(getuid())], replyType: "(o)")
        guard let userPath = user.first?.string else { throw DBusError(.unexpectedReply, "GetUser answered \(user)") }
        let display = try connection.call(
            login1, path: userPath, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string("org.freedesktop.login1.User"), .string("Display")], replyType: "(v)")
        guard case .tuple(let pair) = display.first?.unwrapped, pair.count == 2, let path = pair[1].string, path != "/" else {
            throw DBusError(.unexpectedReply, "logind knows no display session of user \(getuid())")
        }
        return path
    }
}
