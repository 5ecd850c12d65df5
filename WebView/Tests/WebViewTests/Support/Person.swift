import CWebKitGTK
import Foundation
import Testing
import WebViewApps

/// What a person does with GTK widgets, done through GTK's own activation (the signal a click
/// or the Enter key emits); an insensitive widget does nothing, as it would for a person.
@MainActor
enum Person {
    /// Clicks `widget`; `false` (and nothing happens) when it is insensitive or hidden, as
    /// for a person.
    @discardableResult
    static func click(_ widget: Widget) -> Bool {
        guard gtk_widget_is_sensitive(widget) != 0, gtk_widget_is_visible(widget) != 0 else { return false }
        return gtk_widget_activate(widget) != 0
    }

    /// Types `text` into an entry and presses Enter. GTK binds Enter to the `activate`
    /// signal of the entry's text widget (GtkText), and the entry passes that on as its own
    /// `activate`; this emits the same signal.
    static func type(_ text: String, into entry: Widget) {
        gtk_editable_set_text(OpaquePointer(entry), text)
        let textWidget = gtk_editable_get_delegate(OpaquePointer(entry))
        var instance = GValue()
        _ = g_value_init(&instance, gtk_text_get_type())
        g_value_set_object(&instance, UnsafeMutableRawPointer(textWidget))
        g_signal_emitv(&instance, g_signal_lookup("activate", gtk_text_get_type()), 0, nil)
        g_value_unset(&instance)
    }

    static func isEnabled(_ widget: Widget) -> Bool {
        gtk_widget_get_sensitive(widget) != 0
    }

    static func isVisible(_ widget: Widget) -> Bool {
        gtk_widget_get_visible(widget) != 0
    }
}

/// Writes `png` to `docs/NAME` in the repository when `WEBVIEW_DOCS_SNAPSHOTS=1` (how the
/// README's pictures are made), after checking it is a PNG of the window's size.
@MainActor
func checkAndKeep(_ png: Data?, of window: Widget, as name: String) throws {
    let png = try #require(png)
    let image = try #require(DecodedImage(png: png))
    #expect(image.width == Int(gtk_widget_get_width(window)))
    #expect(image.height == Int(gtk_widget_get_height(window)))
    guard ProcessInfo.processInfo.environment["WEBVIEW_DOCS_SNAPSHOTS"] == "1" else { return }
    let docs = FixtureServer.siteDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "docs")
    try png.write(to: docs.appending(path: name))
}
