internal import CWebKitGTK
internal import Synchronization

/// Counts of what the module holds in GLib: GObjects it created that are not finalized yet,
/// and signal handlers it connected that GLib still has. The leak tests read them.
@_spi(Testing)
public enum LiveObjects {
    private static let counts = Mutex((objects: 0, handlers: 0))

    /// GObjects created by this module and not finalized yet.
    public static var objects: Int { counts.withLock { $0.objects } }

    /// Signal handlers connected by this module that GLib still has: not disconnected, and
    /// their instances not disposed.
    public static var handlers: Int { counts.withLock { $0.handlers } }

    /// Counts `object` until GLib finalizes it.
    static func track(_ object: gpointer) {
        counts.withLock { $0.objects += 1 }
        g_object_weak_ref(UnsafeMutablePointer<GObject>(OpaquePointer(object)), { _, _ in
            LiveObjects.counts.withLock { $0.objects -= 1 }
        }, nil)
    }

    static func handlerConnected() {
        counts.withLock { $0.handlers += 1 }
    }

    /// A handler's destroy notify ran: it was disconnected, or its instance was disposed.
    static func handlerDestroyed() {
        counts.withLock { $0.handlers -= 1 }
    }
}
