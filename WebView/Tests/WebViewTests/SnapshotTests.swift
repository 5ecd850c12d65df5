import CWebKitGTK
import Foundation
import Testing
import WebView

extension WebViewTests {
    @Suite @MainActor
    struct Snapshot {
        @Test func aSnapshotIsAPNGOfThePage() async throws {
            let webView = WebView()
            let window = TestWindow(webView, width: 400, height: 300)
            defer { window.close() }
            try await webView.waitForLoad {
                webView.loadHTMLString("<title>Red</title><body style='margin:0;background:rgb(255,0,0)'>", baseURL: nil)
            }
            try await waitUntil("the window maps") { window.isMapped }
            try await settle()

            let png = try await webView.snapshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let image = try #require(DecodedImage(png: png))
            #expect(image.width == 400 && image.height == 300)
            #expect(image.pixel(x: 200, y: 150) == [255, 0, 0])
        }

        @Test func aViewOutsideAWindowCannotBeSnapshotted() async throws {
            let webView = WebView()
            try await webView.waitForLoad { webView.loadHTMLString("<p>unseen</p>", baseURL: nil) }
            do {
                _ = try await webView.snapshot()
                Issue.record("a snapshot of an unmapped view")
            } catch {
                #expect(error.code == .snapshotFailed)
                #expect(!error.message.isEmpty)
            }
        }
    }
}

/// A GTK window holding a widget, for tests that need one on screen.
@MainActor
final class TestWindow {
    let window: UnsafeMutablePointer<GtkWidget>

    init(_ webView: WebView, width: Int32, height: Int32) {
        window = gtk_window_new()
        gtk_window_set_default_size(gtkWindow, width, height)
        gtk_window_set_child(gtkWindow, UnsafeMutablePointer<GtkWidget>(webView.widget))
        gtk_window_present(gtkWindow)
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> { UnsafeMutablePointer(OpaquePointer(window)) }

    var isMapped: Bool { gtk_widget_get_mapped(window) != 0 }

    func close() {
        gtk_window_destroy(gtkWindow)
    }
}

/// RGB pixels of a PNG, decoded by GDK.
struct DecodedImage {
    var width: Int
    var height: Int
    /// Cairo's ARGB32: one native-endian 32-bit word per pixel, so B, G, R, A in memory.
    private var bgra: [UInt8]

    @MainActor
    init?(png: Data) {
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_texture_new_from_bytes(bytes, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        width = Int(gdk_texture_get_width(texture))
        height = Int(gdk_texture_get_height(texture))
        bgra = [UInt8](repeating: 0, count: width * height * 4)
        bgra.withUnsafeMutableBytes {
            gdk_texture_download(texture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(width * 4))
        }
    }

    /// Red, green and blue of a pixel.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 4
        return [bgra[start + 2], bgra[start + 1], bgra[start]]
    }
}
