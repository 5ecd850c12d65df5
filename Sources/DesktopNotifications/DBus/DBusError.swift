import CGIOLoader
import Foundation

/// A D-Bus failure: GLib's GIO missing, no bus, a call refused or timed out, a reply of the wrong shape.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, a code that can grow.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String { case desktopUnavailable, noBus, connectionFailed, callFailed, timedOut, unexpectedReply, serviceUnknown }
        private let kind: Kind
        /// GLib's GIO (`libgio-2.0.so.0`), which Herald talks to the buses through, cannot
        /// be loaded, or lacks a function Herald calls.
        public static let desktopUnavailable = Code(kind: .desktopUnavailable)
        /// No bus address is known: `DBUS_SESSION_BUS_ADDRESS` is unset and there is no `$XDG_RUNTIME_DIR/bus`.
        public static let noBus = Code(kind: .noBus)
        /// The bus could not be reached or refused the connection.
        public static let connectionFailed = Code(kind: .connectionFailed)
        /// The peer answered a call with an error.
        public static let callFailed = Code(kind: .callFailed)
        /// The peer did not answer in time.
        public static let timedOut = Code(kind: .timedOut)
        /// The reply or signal does not have the shape the interface defines.
        public static let unexpectedReply = Code(kind: .unexpectedReply)
        /// Nobody owns the name called, and it cannot be activated (no service file, or its program failed).
        public static let serviceUnknown = Code(kind: .serviceUnknown)
        public var description: String { kind.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// What happened, for a person.
    public var message: String

    /// An error with this code and message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The error a `GError` reports, which it frees with `gio`; `what` says what was being done.
    init(taking error: UnsafeMutablePointer<HGError>?, gio: GIO, _ what: String) {
        guard let error else {
            self.init(.callFailed, "\(what): failed without a reason")
            return
        }
        defer { gio.g_error_free(error) }
        let text = error.pointee.message.map { String(cString: $0) } ?? "no message"
        let remote = gio.g_dbus_error_is_remote_error(error) != 0
        let name = remote ? gio.g_dbus_error_get_remote_error(error).map { pointer in
            defer { gio.g_free(pointer) }
            return String(cString: pointer)
        } : nil
        let timedOut = gio.g_error_matches(error, gio.g_io_error_quark(), Int32(HG_IO_ERROR_TIMED_OUT)) != 0
            || name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.TimedOut"
        // Spawn.*: the bus could not start the service (its program failed or is missing).
        let unknown = name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
            || name?.hasPrefix("org.freedesktop.DBus.Error.Spawn.") == true
        self.init(timedOut ? .timedOut : unknown ? .serviceUnknown : .callFailed, "\(what): \(text)")
    }
}
