package import CWebKitGTK

/// The GObject signal handlers one Swift object connected, disconnected together on teardown.
///
/// Each handler gets a `WeakTarget` as its user data: GLib owns a retain of the box (released
/// by the closure's destroy notify when the handler is disconnected or the instance is
/// finalized), and the box refers to the Swift object weakly. A signal that fires while the
/// object is being torn down finds `nil` and does nothing; it never touches freed memory.
@MainActor
package final class SignalConnections {
    package init() {}

    private var handlers: [(instance: gpointer, id: gulong)] = []

    /// Connects `callback` (a `@convention(c)` function cast with `unsafeBitCast(_:to: GCallback.self)`)
    /// to `signal` on `instance`, with a weak box of `target` as its user data.
    package func connect(_ instance: gpointer, _ signal: String, target: AnyObject, _ callback: GCallback) {
        let box = Unmanaged.passRetained(WeakTarget(target)).toOpaque()
        let id = g_signal_connect_data(instance, signal, callback, box, { box, _ in
            guard let box else { return }
            Unmanaged<WeakTarget>.fromOpaque(box).release()
        }, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal \(signal) on this GObject")
        handlers.append((instance, id))
        LiveObjects.handlerConnected()
    }

    /// Disconnects every handler connected through `self`.
    package func disconnectAll() {
        for handler in handlers where g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
            g_signal_handler_disconnect(handler.instance, handler.id)
        }
        LiveObjects.handlersDisconnected(handlers.count)
        handlers.removeAll()
    }
}

/// The user data of a GObject signal handler: a weak reference to the Swift object it calls.
package final class WeakTarget {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    /// A handler's user data, to take to the main actor. GLib calls handlers on the main
    /// thread, so the main actor is where the callback already is.
    package static func sendable(_ userData: gpointer?) -> Sendable {
        Sendable(box: userData.map { Unmanaged<WeakTarget>.fromOpaque($0).takeUnretainedValue() })
    }

    /// A handler's `WeakTarget`, read only on the main actor.
    package struct Sendable: @unchecked Swift.Sendable {
        fileprivate let box: WeakTarget?

        /// The Swift object, if it is still alive.
        @MainActor
        package func object<Object: AnyObject>(as type: Object.Type) -> Object? {
            box?.object as? Object
        }
    }
}
