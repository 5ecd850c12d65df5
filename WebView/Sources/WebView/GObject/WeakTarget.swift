package import CWebKitGTK
internal import Synchronization

/// The user data of a GObject signal handler: a weak reference to the Swift object it calls,
/// and whether GLib still has the handler.
package final class WeakTarget {
    weak var object: AnyObject?
    private let connected = Atomic(true)

    init(_ object: AnyObject) {
        self.object = object
    }

    /// Whether GLib still has the handler: neither disconnected nor destroyed with its instance.
    var isConnected: Bool { connected.load(ordering: .acquiring) }

    /// The handler's destroy notify: GLib has let go of the handler (disconnected, or its
    /// instance disposed), on the thread that did it.
    func handlerDestroyed() {
        connected.store(false, ordering: .releasing)
        LiveObjects.handlerDestroyed()
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
