package import CWebKitGTK
import WebView

/// The GTK signal handlers of one window, with the Swift closures they call; all
/// disconnected by ``invalidate()`` (and when the owner goes away).
@MainActor
package final class Actions {
    private let connections = SignalConnections()
    private var targets: [AnyObject] = []

    package init() {}

    isolated deinit {
        invalidate()
    }

    /// Calls `action` when `widget` emits `signal`, a signal with no arguments and no result
    /// (`clicked`, `activate`).
    package func on(_ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String, _ action: @escaping @MainActor () -> Void) {
        let target = Target(action)
        targets.append(target)
        connections.connect(widget, signal, target: target, Self.plain)
    }

    /// Calls `action` with the index of the row a list box activates.
    package func onRowActivated(_ list: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor (Int) -> Void) {
        let target = RowTarget(action)
        targets.append(target)
        connections.connect(list, "row-activated", target: target, Self.rowActivated)
    }

    /// Calls `action` when the user asks to close `window`; the window then closes.
    package func onCloseRequest(_ window: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor () -> Void) {
        let target = Target(action)
        targets.append(target)
        connections.connect(window, "close-request", target: target, Self.closeRequest)
    }

    /// Disconnects every handler.
    package func invalidate() {
        connections.disconnectAll()
        targets.removeAll()
    }

    private final class Target {
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    private final class RowTarget {
        let action: @MainActor (Int) -> Void
        init(_ action: @escaping @MainActor (Int) -> Void) { self.action = action }
    }

    private static let plain = unsafeBitCast(
        { (_: gpointer?, userData: gpointer?) in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: Target.self)?.action() }
        } as @convention(c) (gpointer?, gpointer?) -> Void,
        to: GCallback.self)

    private static let rowActivated = unsafeBitCast(
        { (_: gpointer?, row: UnsafeMutablePointer<GtkListBoxRow>?, userData: gpointer?) in
            let index = row.map { Int(gtk_list_box_row_get_index($0)) } ?? -1
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: RowTarget.self)?.action(index) }
        } as @convention(c) (gpointer?, UnsafeMutablePointer<GtkListBoxRow>?, gpointer?) -> Void,
        to: GCallback.self)

    private static let closeRequest = unsafeBitCast(
        { (_: gpointer?, userData: gpointer?) -> gboolean in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: Target.self)?.action() }
            return 0  // let the window close
        } as @convention(c) (gpointer?, gpointer?) -> gboolean,
        to: GCallback.self)
}
