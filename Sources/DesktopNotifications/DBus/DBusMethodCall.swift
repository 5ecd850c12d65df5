import CGIOLoader
import Synchronization

/// A method call to an object Herald exports (``DBusConnection/export(_:interface:path:handler:)``),
/// answered exactly once, now or later, from any thread: with ``reply(_:)`` or
/// ``fail(_:_:)``. A call dropped unanswered is answered with
/// `org.freedesktop.DBus.Error.Failed`, so its caller never waits for its timeout.
package final class DBusMethodCall: Sendable {
    /// The unique name of the caller's connection, such as `:1.42`.
    package let sender: String
    package let interface: String
    package let method: String
    /// The call's arguments, in order (GDBus checked them against the interface's XML).
    package let arguments: [DBusValue]
    private let gio: GIO
    /// The `GDBusMethodInvocation`'s address, until it is answered.
    private let invocation: Mutex<UInt?>

    init(sender: String, interface: String, method: String, arguments: [DBusValue], invocation: OpaquePointer, gio: GIO) {
        self.sender = sender
        self.interface = interface
        self.method = method
        self.arguments = arguments
        self.gio = gio
        self.invocation = Mutex(UInt(bitPattern: invocation))
    }

    deinit {
        fail("org.freedesktop.DBus.Error.Failed", "\(interface).\(method) was not answered")
    }

    /// Answers with `values`, which must be of the method's out-signature (GLib
    /// drops an answer of another type, and the caller waits for its timeout).
    package func reply(_ values: [DBusValue]) {
        guard let invocation = take() else { return }
        gio.g_dbus_method_invocation_return_value(invocation, DBusValue.makeTuple(values.map { $0.makeVariant(gio) }, gio))
    }

    /// Answers with the D-Bus error `name` (such as `org.freedesktop.DBus.Error.InvalidArgs`).
    package func fail(_ name: String, _ message: String) {
        guard let invocation = take() else { return }
        gio.g_dbus_method_invocation_return_dbus_error(invocation, name, message.withoutNUL)
    }

    /// The invocation, once: GLib's answer functions take it over.
    private func take() -> OpaquePointer? {
        invocation.withLock { invocation in
            defer { invocation = nil }
            return invocation.flatMap { OpaquePointer(bitPattern: $0) }
        }
    }
}
