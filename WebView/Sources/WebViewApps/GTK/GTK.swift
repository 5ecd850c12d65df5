package import CWebKitGTK

/// A `GtkWidget *`.
package typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small, typed helpers over GTK 4's C API, for the apps' windows.
@MainActor
package enum GTK {
    package static func window(title: String, width: Int32, height: Int32) -> Widget {
        let window = gtk_window_new()!
        gtk_window_set_title(asWindow(window), title)
        gtk_window_set_default_size(asWindow(window), width, height)
        // A header bar shows the window's title (the page's, in the apps) in the window itself.
        gtk_window_set_titlebar(asWindow(window), gtk_header_bar_new())
        return window
    }

    package static func box(vertical: Bool, spacing: Int32 = 0, _ children: [Widget]) -> Widget {
        let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
        for child in children {
            gtk_box_append(UnsafeMutablePointer(OpaquePointer(box)), child)
        }
        return box
    }

    package static func button(_ label: String, tooltip: String? = nil) -> Widget {
        let button = gtk_button_new_with_label(label)!
        if let tooltip { gtk_widget_set_tooltip_text(button, tooltip) }
        return button
    }

    package static func label(_ text: String) -> Widget {
        gtk_label_new(text)!
    }

    package static func asWindow(_ widget: Widget) -> UnsafeMutablePointer<GtkWindow> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }

    package static func asEditable(_ widget: Widget) -> OpaquePointer {
        OpaquePointer(widget)
    }

    package static func asLabel(_ widget: Widget) -> OpaquePointer {
        OpaquePointer(widget)
    }

    package static func asProgressBar(_ widget: Widget) -> OpaquePointer {
        OpaquePointer(widget)
    }

    package static func setMargins(_ widget: Widget, _ margin: Int32) {
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
    }

    /// The text of a `GtkLabel`.
    package static func labelText(_ widget: Widget) -> String {
        gtk_label_get_text(asLabel(widget)).map { String(cString: $0) } ?? ""
    }

    /// The text of a `GtkEditable` (an entry).
    package static func editableText(_ widget: Widget) -> String {
        gtk_editable_get_text(asEditable(widget)).map { String(cString: $0) } ?? ""
    }

    /// The title of a window.
    package static func windowTitle(_ widget: Widget) -> String {
        gtk_window_get_title(asWindow(widget)).map { String(cString: $0) } ?? ""
    }
}
