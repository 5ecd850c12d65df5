import CWebKitGTK
import Foundation

/// The peer: WebKitGTK's C API called directly, doing the least each workload needs (no
/// JSON envelope, no Swift state, no signals), on a plain `WebKitWebView`.
@MainActor
final class RawWebKit {
    let view: UnsafeMutablePointer<WebKitWebView>
    let manager: OpaquePointer

    init() {
        manager = webkit_user_content_manager_new()
        var value = GValue()
        _ = g_value_init(&value, webkit_user_content_manager_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(manager))
        let object = withUnsafePointer(to: value) { valuePointer in
            "user-content-manager".withCString { name in
                var names: [UnsafePointer<CChar>?] = [name]
                return g_object_new_with_properties(webkit_web_view_get_type(), 1, &names, valuePointer)
            }
        }
        g_value_unset(&value)
        _ = g_object_ref_sink(UnsafeMutableRawPointer(object))
        view = UnsafeMutablePointer(OpaquePointer(object!))
    }

    /// Releases the view and its content manager.
    func destroy() {
        g_object_unref(UnsafeMutableRawPointer(view))
        g_object_unref(UnsafeMutableRawPointer(manager))
    }

    func loadHTML(_ html: String) {
        webkit_web_view_load_html(view, html, "http://127.0.0.1/")
    }

    var title: String? {
        webkit_web_view_get_title(view).map { String(cString: $0) }
    }

    var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }

    /// Evaluates `script` and returns its value as an integer.
    func evaluateInt(_ script: String) async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let box = Unmanaged.passRetained(IntBox(continuation)).toOpaque()
            webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, { object, result, box in
                let continuation = Unmanaged<IntBox>.fromOpaque(box!).takeRetainedValue().continuation
                let view = UnsafeMutablePointer<WebKitWebView>(OpaquePointer(object))
                guard let value = webkit_web_view_evaluate_javascript_finish(view, result, nil) else {
                    continuation.resume(returning: -1)
                    return
                }
                continuation.resume(returning: jsc_value_to_int32(value))
                g_object_unref(UnsafeMutableRawPointer(value))
            }, box)
        }
    }

    /// Counts messages posted to `name`, reading each one's JSON and nothing more.
    func countMessages(named name: String, into counter: UnsafeMutablePointer<Int>) {
        _ = webkit_user_content_manager_register_script_message_handler(manager, name, nil)
        let callback: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, value, counter in
            if let json = jsc_value_to_json(value, 0) { g_free(json) }
            counter!.assumingMemoryBound(to: Int.self).pointee += 1
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(manager), "script-message-received::\(name)",
            unsafeBitCast(callback, to: GCallback.self), counter, nil, GConnectFlags(rawValue: 0))
    }
}

private final class IntBox {
    let continuation: CheckedContinuation<Int32, Never>
    init(_ continuation: CheckedContinuation<Int32, Never>) { self.continuation = continuation }
}
