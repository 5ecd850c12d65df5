internal import CWebKitGTK
internal import Foundation
internal import Signals

// The WebKit signals a WebView listens to, and how they become its state and events.
extension WebView {
    func connectSignals() {
        let instance = UnsafeMutableRawPointer(view)
        for property in ["title", "uri", "is-loading", "estimated-load-progress"] {
            connections.connect(instance, "notify::\(property)", target: self, Self.propertyChanged)
        }
        connections.connect(instance, "load-changed", target: self, Self.loadChanged)
        connections.connect(instance, "load-failed", target: self, Self.loadFailed)
        connections.connect(instance, "decide-policy", target: self, Self.decidePolicy)
        connections.connect(instance, "web-process-terminated", target: self, Self.webProcessTerminated)
        let history = UnsafeMutableRawPointer(webkit_web_view_get_back_forward_list(view))
        connections.connect(history!, "changed", target: self, Self.historyChanged)
    }

    /// Reads WebKit's properties into the state values; each sends only when it changed.
    func refreshState() {
        state.title.set(string(webkit_web_view_get_title(view)))
        state.url.set(string(webkit_web_view_get_uri(view)).flatMap(URL.init(string:)))
        state.isLoading.set(webkit_web_view_is_loading(view) != 0)
        state.estimatedProgress.set(webkit_web_view_get_estimated_load_progress(view))
        state.canGoBack.set(webkit_web_view_can_go_back(view) != 0)
        state.canGoForward.set(webkit_web_view_can_go_forward(view) != 0)
    }

    private func string(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text else { return nil }
        let string = String(cString: text)
        return string.isEmpty ? nil : string
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        refreshState()
        switch event {
        case WEBKIT_LOAD_STARTED:
            state.currentLoadFailed = false
            state.navigation.send(.started(url))
        case WEBKIT_LOAD_REDIRECTED:
            state.navigation.send(.redirected(url))
        case WEBKIT_LOAD_COMMITTED:
            state.navigation.send(.committed(url))
        default:
            guard !state.currentLoadFailed else { return }
            state.navigation.send(.finished(url))
            navigationDelegate?.webView(self, didFinishLoading: url)
        }
    }

    func fail(_ error: WebViewError) {
        state.currentLoadFailed = true
        refreshState()
        state.navigation.send(.failed(error))
        navigationDelegate?.webView(self, didFail: error)
    }

    /// `notify::PROPERTY`: (GObject*, GParamSpec*, gpointer).
    private static let propertyChanged = unsafeBitCast(
        { (_: gpointer?, _: gpointer?, userData: gpointer?) in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: WebView.self)?.refreshState() }
        } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void,
        to: GCallback.self)

    /// `load-changed`: (WebKitWebView*, WebKitLoadEvent, gpointer).
    private static let loadChanged = unsafeBitCast(
        { (_: gpointer?, event: WebKitLoadEvent, userData: gpointer?) in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: WebView.self)?.loadChanged(event) }
        } as @convention(c) (gpointer?, WebKitLoadEvent, gpointer?) -> Void,
        to: GCallback.self)

    /// `load-failed`: (WebKitWebView*, WebKitLoadEvent, gchar *uri, GError*, gpointer) → handled.
    /// Answers handled, so WebKit shows no error page of its own (as WKWebView shows none).
    private static let loadFailed = unsafeBitCast(
        { (_: gpointer?, _: WebKitLoadEvent, uri: UnsafePointer<CChar>?, error: UnsafeMutablePointer<GError>?, userData: gpointer?) -> gboolean in
            let url = uri.flatMap { URL(string: String(cString: $0)) }
            let failure = WebViewError(loadError: error, url: url)
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: WebView.self)?.fail(failure) }
            return 1
        } as @convention(c) (gpointer?, WebKitLoadEvent, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean,
        to: GCallback.self)

    /// `web-process-terminated`: (WebKitWebView*, WebKitWebProcessTerminationReason, gpointer).
    private static let webProcessTerminated = unsafeBitCast(
        { (_: gpointer?, reason: WebKitWebProcessTerminationReason, userData: gpointer?) in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated {
                guard let webView = target.object(as: WebView.self) else { return }
                let why = reason == WEBKIT_WEB_PROCESS_CRASHED ? "crashed" : "was terminated"
                webView.fail(WebViewError(.webContentProcessTerminated, "the web process \(why)", url: webView.url))
            }
        } as @convention(c) (gpointer?, WebKitWebProcessTerminationReason, gpointer?) -> Void,
        to: GCallback.self)

    /// The back-forward list's `changed`: (WebKitBackForwardList*, item, GList *removed, gpointer).
    private static let historyChanged = unsafeBitCast(
        { (_: gpointer?, _: gpointer?, _: gpointer?, userData: gpointer?) in
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated { target.object(as: WebView.self)?.refreshState() }
        } as @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void,
        to: GCallback.self)
}
