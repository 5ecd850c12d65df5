import CGIOLoader
import Foundation
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

/// A private connection to a message bus through GLib's GDBus (``GIO``, loaded at run time), with its own main
/// context on a thread of its own for signals.
///
/// Calls are synchronous with a timeout, for a caller on a queue of its own; the
/// connection is thread-safe. It never exits the process when the bus goes away
/// (unlike GLib's shared bus connections), it just reports ``isClosed``.
package final class DBusConnection: Sendable {
    let gio: GIO
    nonisolated(unsafe) let connection: OpaquePointer
    let main: MainContextThread
    private let subscriptions = Mutex<[UInt32]>([])

    /// Connects to `bus` as found in `environment`, through GIO from `library`.
    ///
    /// - Throws: ``DBusError/Code/desktopUnavailable`` when GIO cannot be loaded,
    ///   ``DBusError/Code/noBus`` when no address is known,
    ///   ``DBusError/Code/connectionFailed`` when the bus cannot be reached.
    package init(
        _ bus: DBusBus, environment: [String: String] = ProcessInfo.processInfo.environment,
        library: String = GIO.defaultLibrary
    ) throws {
        let gio = try GIO.load(library)
        guard let address = bus.address(in: environment) else {
            throw DBusError(.noBus, "no \(bus == .system ? "system" : "session") bus: DBUS_\(bus == .system ? "SYSTEM" : "SESSION")_BUS_ADDRESS is not set and no bus socket was found")
        }
        var error: UnsafeMutablePointer<HGError>?
        let flags = UInt32(HG_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | HG_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
        guard let connection = gio.g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            var failure = DBusError(taking: error, gio: gio, "cannot connect to the bus at \(address)")
            failure.code = .connectionFailed
            throw failure
        }
        gio.g_dbus_connection_set_exit_on_close(connection, 0)
        self.gio = gio
        self.connection = connection
        main = MainContextThread(name: "herald.dbus", gio: gio)
    }

    deinit {
        for id in subscriptions.withLock({ $0 }) { gio.g_dbus_connection_signal_unsubscribe(connection, id) }
        _ = gio.g_dbus_connection_close_sync(connection, nil, nil)
        gio.g_object_unref(UnsafeMutableRawPointer(connection))
        main.stop()
    }

    /// The connection's unique name on the bus, such as `:1.42`.
    package var uniqueName: String {
        gio.g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// Whether the bus closed the connection.
    package var isClosed: Bool { gio.g_dbus_connection_is_closed(connection) != 0 }

    /// Calls `method` and waits for its reply's values, at most `timeout`.
    ///
    /// - Throws: ``DBusError`` when the call fails, times out, or the reply is not
    ///   of `replyType` (a tuple type string such as `"(u)"`; `nil` takes any).
    package func call(
        _ destination: String, path: String, interface: String, method: String, arguments: [DBusValue] = [],
        replyType: String? = nil, timeout: Duration = .seconds(5)
    ) throws -> [DBusValue] {
        let parameters = DBusValue.makeTuple(arguments.map { $0.makeVariant(gio) }, gio)
        let type = replyType.map { gio.g_variant_type_new($0) }
        defer { type.map { gio.g_variant_type_free($0) } }
        var error: UnsafeMutablePointer<HGError>?
        let milliseconds = Int32(clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard let reply = gio.g_dbus_connection_call_sync(
            connection, destination, path, interface, method, parameters, type, UInt32(HG_DBUS_CALL_FLAGS_NONE),
            milliseconds, nil, &error)
        else { throw DBusError(taking: error, gio: gio, "\(interface).\(method) on \(destination)") }
        defer { gio.g_variant_unref(reply) }
        return DBusValue.children(of: reply, gio)
    }

    /// Sends a signal to everyone listening (no destination).
    package func emit(path: String, interface: String, member: String, arguments: [DBusValue]) throws {
        var error: UnsafeMutablePointer<HGError>?
        let parameters = DBusValue.makeTuple(arguments.map { $0.makeVariant(gio) }, gio)
        guard gio.g_dbus_connection_emit_signal(connection, nil, path, interface, member, parameters, &error) != 0 else {
            throw DBusError(taking: error, gio: gio, "signal \(interface).\(member)")
        }
    }

    /// Calls `handler` on the connection's own thread for each matching signal
    /// until the connection goes; `nil` matches anything.
    package func subscribe(
        sender: String?, interface: String?, member: String?, path: String?,
        handler: @escaping @Sendable (DBusSignal) -> Void
    ) {
        let box = Unmanaged.passRetained(SignalHandler(handler, gio: gio)).toOpaque()
        nonisolated(unsafe) let connection = connection
        nonisolated(unsafe) let data = box
        let gio = gio
        let id = main.perform {
            gio.g_dbus_connection_signal_subscribe(
                connection, sender, interface, member, path, nil, UInt32(HG_DBUS_SIGNAL_FLAGS_NONE),
                { _, sender, path, interface, member, parameters, data in
                    let handler = Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue()
                    let signal = DBusSignal(
                        sender: sender.map { String(cString: $0) } ?? "", path: path.map { String(cString: $0) } ?? "",
                        interface: interface.map { String(cString: $0) } ?? "",
                        member: member.map { String(cString: $0) } ?? "",
                        arguments: parameters.map { DBusValue.children(of: $0, handler.gio) } ?? [])
                    handler.handler(signal)
                }, data, { data in Unmanaged<SignalHandler>.fromOpaque(data!).release() })
        }
        subscriptions.withLock { $0.append(id) }
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

    /// A signal handler GLib holds through a pointer, with the GIO that reads its signals.
    private final class SignalHandler: Sendable {
        let handler: @Sendable (DBusSignal) -> Void
        let gio: GIO
        init(_ handler: @escaping @Sendable (DBusSignal) -> Void, gio: GIO) {
            self.handler = handler
            self.gio = gio
        }
    }
}
