internal import CWebKitGTK
internal import Foundation

// JavaScript evaluation, like WKWebView's evaluateJavaScript.
extension WebView {
    /// Runs `script` in the page's main frame, as if typed into its console, and returns its
    /// completion value as JSON.
    ///
    /// ```swift
    /// let title = try await webView.evaluateJavaScript("document.title")          // .string("Coda")
    /// let links = try await webView.evaluateJavaScript("[...document.links].map(a => a.href)")
    /// ```
    ///
    /// `undefined` comes back as ``JSONValue/null``.
    ///
    /// - Throws: ``WebViewError/Code/javaScriptException`` with the exception's message and line
    ///   when the script throws (or does not parse); ``WebViewError/Code/javaScriptResultUnsupported``
    ///   when the value has no JSON form (a function, a cyclic object).
    public func evaluateJavaScript(_ script: String) async throws(WebViewError) -> JSONValue {
        let text = try await evaluateWrapped(JavaScriptEnvelope.wrap(script))
        return try JavaScriptEnvelope.unwrap(text)
    }

    /// Runs `script` and decodes its completion value as `type`.
    ///
    /// ```swift
    /// struct Post: Decodable { var postTitle: String; var postURL: String }
    /// let posts = try await webView.evaluateJavaScript(collectPostsScript, as: [Post].self)
    /// ```
    ///
    /// - Throws: what ``evaluateJavaScript(_:)`` throws, and ``WebViewError/Code/invalidMessageBody``
    ///   when the value does not decode as `type`.
    public func evaluateJavaScript<Value: Decodable>(_ script: String, as type: Value.Type) async throws(WebViewError) -> Value {
        try await evaluateJavaScript(script).decode(type)
    }

    /// Evaluates the wrapped script; its completion value is always a string (the envelope).
    private func evaluateWrapped(_ source: String) async throws(WebViewError) -> String {
        let result: Result<String, WebViewError> = await withCheckedContinuation { continuation in
            let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
            webkit_web_view_evaluate_javascript(view, source, -1, nil, nil, nil, { object, result, box in
                let continuation = Unmanaged<ContinuationBox<Result<String, WebViewError>>>.fromOpaque(box!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let view = UnsafeMutablePointer<WebKitWebView>(OpaquePointer(object))
                guard let value = webkit_web_view_evaluate_javascript_finish(view, result, &error) else {
                    let message = error?.pointee.message.map { String(cString: $0) } ?? "the script could not run"
                    g_clear_error(&error)
                    continuation.resume(.failure(WebViewError(.javaScriptException, message)))
                    return
                }
                defer { g_object_unref(UnsafeMutableRawPointer(value)) }
                continuation.resume(.success(JSCValueText.string(value)))
            }, box)
        }
        return try result.get()
    }
}

/// A checked continuation in a class, to pass through a C callback's user data.
final class ContinuationBox<Value: Sendable> {
    private let continuation: CheckedContinuation<Value, Never>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Value) {
        continuation.resume(returning: value)
    }
}
