import CWebKitGTK
package import Foundation
import WebView

/// A shown window drawn to a PNG, as it looks on screen (web content included).
@MainActor
package enum WindowSnapshot {
    /// The window's current frame as PNG data, or `nil` when it is not shown yet.
    package static func png(of window: Widget) -> Data? {
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        guard width > 0, height > 0, let native = gtk_widget_get_native(window),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        let paintable = gtk_widget_paintable_new(window)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        _ = graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return PNG.data(of: texture)
    }
}
