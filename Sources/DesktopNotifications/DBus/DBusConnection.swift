import Foundation
import CGIO
import Synchronization

/// Which message bus to connect to.
public enum DBusBus: Sendable, Hashable {
    /// The user's session bus: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    case session
    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`.
    case system
    /// A bus at this address, such as `unix:path=/tmp/bus`.
    case address(String)

    /// The bus's address in `environment`, or `nil` when there is none. Unlike
    /// GLib's own lookup this never starts a bus (`dbus-launch --autolaunch`).
    public func address(in environment: [String: String]) -> String? {
        switch self {
        case .address(let address):
            return address
        case .session:
            if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
            guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
            return Self.socket(runtime + "/bus")
        case .system:
            if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
            return Self.socket("/run/dbus/system_bus_socket") ?? Self.socket("/var/run/dbus/system_bus_socket")
        }
    }

    private static func socket(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=" + path
    }
}

/// A signal received from the bus.
package struct DBusSignal: Sendable, Hashable {
    /// The unique name of the connection that sent it.
    package var sender: String
    package var path: String
    package var interface: String
    package var member: String
    /// Its arguments, in order.
    package var arguments: [DBusValue]
}

/// A private connection to a message bus through GLib's GDBus, with its own main
/// context on a thread of its own for signals.
///
/// Calls are synchronous with a timeout, for a caller on a queue of its own; the
/// connection is thread-safe. It never exits the process when the bus goes away
/// (unlike GLib's shared bus connections), it just reports ``isClosed``.
package final class DBusConnection: Sendable {
    nonisolated(unsafe) private let connection: OpaquePointer
    private let main: MainContextThread
    private let subscriptions = Mutex<[UInt32]>([])

    /// Connects to `bus` as found in `environment`.
    ///
    /// - Throws: ``DBusError/Code/noBus`` when no address is known,
    ///   ``DBusError/Code/connectionFailed`` when the bus cannot be reached.
    package init(_ bus: DBusBus, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let address = bus.address(in: environment) else {
            throw DBusError(.noBus, "no \(bus == .system ? "system" : "session") bus: DBUS_\(bus == .system ? "SYSTEM" : "SESSION")_BUS_ADDRESS is not set and no bus socket was found")
        }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            var failure = DBusError(taking: error, "cannot connect to the bus at \(address)")
            failure.code = .connectionFailed
            throw failure
        }
        g_dbus_connection_set_exit_on_close(connection, 0)
        self.connection = connection
        main = MainContextThread(name: "herald.dbus")
    }

    deinit {
        for id in subscriptions.withLock({ $0 }) { g_dbus_connection_signal_unsubscribe(connection, guint(id)) }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
        main.stop()
    }

    /// The connection's unique name on the bus, such as `:1.42`.
    package var uniqueName: String {
        g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// Whether the bus closed the connection.
    package var isClosed: Bool { g_dbus_connection_is_closed(connection) != 0 }

    /// Calls `method` and waits for its reply's values, at most `timeout`.
    ///
    /// - Throws: ``DBusError`` when the call fails, times out, or the reply is not
    ///   of `replyType` (a tuple type string such as `"(u)"`; `nil` takes any).
    package func call(
        _ destination: String, path: String, interface: String, method: String, arguments: [DBusValue] = [],
        replyType: String? = nil, timeout: Duration = .seconds(5)
    ) throws -> [DBusValue] {
        let parameters = DBusValue.makeTuple(arguments.map { $0.makeVariant() })
        let type = replyType.map { g_variant_type_new($0) }
        defer { type.map { g_variant_type_free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let milliseconds = Int32(clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, parameters, type ?? nil, G_DBUS_CALL_FLAGS_NONE,
            milliseconds, nil, &error)
        else { throw DBusError(taking: error, "\(interface).\(method) on \(destination)") }
        defer { g_variant_unref(reply) }
        return DBusValue.children(of: reply)
    }

    /// Sends a signal to everyone listening (no destination).
    package func emit(path: String, interface: String, member: String, arguments: [DBusValue]) throws {
        var error: UnsafeMutablePointer<GError>?
        let parameters = DBusValue.makeTuple(arguments.map { $0.makeVariant() })
        guard g_dbus_connection_emit_signal(connection, nil, path, interface, member, parameters, &error) != 0 else {
            throw DBusError(taking: error, "signal \(interface).\(member)")
        }
    }

    /// Calls `handler` on the connection's own thread for each matching signal
    /// until the connection goes; `nil` matches anything.
    package func subscribe(
        sender: String?, interface: String?, member: String?, path: String?,
        handler: @escaping @Sendable (DBusSignal) -> Void
    ) {
        let box = Unmanaged.passRetained(SignalHandler(handler)).toOpaque()
        nonisolated(unsafe) let connection = connection
        nonisolated(unsafe) let data = box
        let id = main.perform {
            g_dbus_connection_signal_subscribe(
                connection, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                { _, sender, path, interface, member, parameters, data in
                    let signal = DBusSignal(
                        sender: sender.map { String(cString: $0) } ?? "", path: path.map { String(cString: $0) } ?? "",
                        interface: interface.map { String(cString: $0) } ?? "",
                        member: member.map { String(cString: $0) } ?? "",
                        arguments: parameters.map(DBusValue.children(of:)) ?? [])
                    Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue().handler(signal)
                }, data, { data in Unmanaged<SignalHandler>.fromOpaque(data!).release() })
        }
        subscriptions.withLock { $0.append(UInt32(id)) }
    }

    /// Watches who owns `name`: `changed` gets the new owner's unique name, or `nil`
    /// when the name has no owner; the first call tells the current state.
    package func watchName(_ name: String, changed: @escaping @Sendable (String?) -> Void) {
        subscribe(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged", path: "/org/freedesktop/DBus") { signal in
            guard signal.arguments.count == 3, signal.arguments[0].string == name, let owner = signal.arguments[2].string else { return }
            changed(owner.isEmpty ? nil : owner)
        }
        let owner = try? call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [.string(name)], replyType: "(s)")
        changed(owner?.first?.string)
    }

    /// A signal handler GLib holds through a pointer.
    private final class SignalHandler: Sendable {
        let handler: @Sendable (DBusSignal) -> Void
        init(_ handler: @escaping @Sendable (DBusSignal) -> Void) { self.handler = handler }
    }
}
