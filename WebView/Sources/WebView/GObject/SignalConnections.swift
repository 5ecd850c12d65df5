package import CWebKitGTK

/// The GObject signal handlers one Swift object connected, disconnected together on teardown.
///
/// Each handler gets a ``WeakTarget`` as its user data: GLib owns a retain of the box, and the
/// box refers to the Swift object weakly. A signal that fires while the object is being torn
/// down finds `nil` and does nothing; it never touches freed memory.
///
/// The connections hold no reference to the instances: the instances' owners decide how long
/// they live, and a GTK window's destroy finalizes its child widgets whoever connected to them.
/// Instead each handler's record lives as long as the handler: GLib destroys a handler when it
/// is disconnected or when its instance is disposed, before the instance's memory goes, and
/// then calls the handler's destroy notify, which marks its box disconnected.
/// ``disconnectAll()`` passes only instances with a handler still connected to GLib, so never
/// one that is finalized. The instances are GTK and WebKit objects, disposed on the main
/// thread, where the connections are used too.
@MainActor
package final class SignalConnections {
    package init() {}

    isolated deinit {
        disconnectAll()
    }

    private var handlers: [(instance: gpointer, id: gulong, box: WeakTarget)] = []

    /// Connects `callback` (a `@convention(c)` function cast with `unsafeBitCast(_:to: GCallback.self)`)
    /// to `signal` on `instance`, with a weak box of `target` as its user data.
    package func connect(_ instance: gpointer, _ signal: String, target: AnyObject, _ callback: GCallback) {
        let box = WeakTarget(target)
        let id = g_signal_connect_data(instance, signal, callback, Unmanaged.passRetained(box).toOpaque(), { box, _ in
            guard let box else { return }
            Unmanaged<WeakTarget>.fromOpaque(box).takeRetainedValue().handlerDestroyed()
        }, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal \(signal) on this GObject")
        handlers.append((instance, id, box))
        LiveObjects.handlerConnected()
    }

    /// Disconnects every handler connected through `self` that GLib still has. Handlers of
    /// disposed instances are gone already, with their instances.
    package func disconnectAll() {
        // When an instance is disposed while one of its handlers runs, GLib destroys that
        // handler once the emission ends: its box still says connected, but the instance is
        // alive (the emission holds it) and GLib answers that the handler is not.
        for handler in handlers
        where handler.box.isConnected && g_signal_handler_is_connected(handler.instance, handler.id) != 0 {
            g_signal_handler_disconnect(handler.instance, handler.id)
        }
        handlers.removeAll()
    }
}
