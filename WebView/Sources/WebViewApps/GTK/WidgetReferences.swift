import CWebKitGTK

/// A reference to each widget a Swift object keeps a pointer to, so the pointers stay valid
/// as long as the object: GTK's own references end when a window is destroyed (its child
/// widgets are finalized with it), while the object may still be asked about its widgets, and
/// its subscriptions still update them. The references go when the owner does.
///
/// ```swift
/// let button = GTK.button("Recent")
/// references.hold(button)     // the button outlives its window until `references` goes
/// ```
@MainActor
package final class WidgetReferences {
    private var widgets: [Widget] = []

    package init() {}

    isolated deinit {
        for widget in widgets {
            g_object_unref(UnsafeMutableRawPointer(widget))
        }
    }

    /// Takes a reference to each of `widgets`: a new widget's floating reference, or one more
    /// on a widget a parent or GTK holds already.
    package func hold(_ widgets: Widget...) {
        for widget in widgets {
            _ = g_object_ref_sink(UnsafeMutableRawPointer(widget))
        }
        self.widgets += widgets
    }
}
