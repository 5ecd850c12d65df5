internal import CWebKitGTK
public import Foundation

// Snapshots, like WKWebView's takeSnapshot.
extension WebView {
    /// Draws the visible part of the page and returns it as PNG data.
    ///
    /// The view must be in a window that is shown (on a real display or Xvfb).
    ///
    /// - Throws: ``WebViewError/Code/snapshotFailed`` with WebKit's reason.
    public func snapshot() async throws(WebViewError) -> Data {
        let result: Result<Data, WebViewError> = await withCheckedContinuation { continuation in
            let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
            webkit_web_view_get_snapshot(view, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, { object, result, box in
                let continuation = Unmanaged<ContinuationBox<Result<Data, WebViewError>>>.fromOpaque(box!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let view = UnsafeMutablePointer<WebKitWebView>(OpaquePointer(object))
                guard let texture = webkit_web_view_get_snapshot_finish(view, result, &error) else {
                    let message = error?.pointee.message.map { String(cString: $0) } ?? "WebKit drew nothing"
                    g_clear_error(&error)
                    continuation.resume(.failure(WebViewError(.snapshotFailed, message)))
                    return
                }
                defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
                continuation.resume(.success(PNG.data(of: texture)))
            }, box)
        }
        return try result.get()
    }
}

/// PNG encoding of GDK textures.
package enum PNG {
    /// The texture (a `GdkTexture *`) as PNG data.
    package static func data(of texture: OpaquePointer) -> Data {
        let bytes = gdk_texture_save_to_png_bytes(texture)
        defer { g_bytes_unref(bytes) }
        var size = 0
        guard let start = g_bytes_get_data(bytes, &size) else { return Data() }
        return Data(bytes: start, count: size)
    }
}
