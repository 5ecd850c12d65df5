internal import CWebKitGTK
public import Foundation

/// A web view on WebKitGTK 6.0 with the API of `WKWebView`: loading, history, state to
/// observe as ``Signals/Signal``s, a navigation delegate, user scripts and style sheets,
/// script message handlers, JavaScript evaluation and snapshots.
///
/// ```swift
/// try MainLoop.prepare()
/// let webView = WebView()
/// _ = webView.reactive.title.subscribeNext { title in print("title:", title ?? "") }
/// webView.load(URL(string: "https://swift.org")!)
/// // put webView.widget in a GTK window, then MainLoop.run()
/// ```
///
/// Everything happens on the main actor, which ``MainLoop`` keeps on the main thread with
/// GTK. The view owns one reference to its `WebKitWebView` and the signal handlers it
/// connected; all of them are released when the `WebView` goes away.
///
/// ## Topics
/// - Loading: ``load(_:)``, ``loadHTMLString(_:baseURL:)``, ``reload()``, ``stopLoading()``
/// - History: ``goBack()``, ``goForward()``, ``canGoBack``, ``canGoForward``
/// - State: ``title``, ``url``, ``isLoading``, ``estimatedProgress``, ``reactive``
/// - Scripts: ``evaluateJavaScript(_:)``, ``configuration``
@MainActor
public final class WebView {
    /// The configuration the view was created with.
    public let configuration: WebViewConfiguration
    /// Decides navigations and hears how loads end; held weakly.
    public weak var navigationDelegate: (any NavigationDelegate)?

    let view: UnsafeMutablePointer<WebKitWebView>
    let connections = SignalConnections()
    let state = WebViewState()

    /// Creates a web view; ``MainLoop/prepare()`` must have run.
    public init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        precondition(MainLoop.isPrepared, "WebView() before MainLoop.prepare(): GTK is not initialised")
        self.configuration = configuration
        view = Self.makeView(configuration)
        LiveObjects.track(UnsafeMutableRawPointer(view))
        connectSignals()
        refreshState()
    }

    isolated deinit {
        connections.disconnectAll()
        webkit_web_view_stop_loading(view)
        g_object_unref(UnsafeMutableRawPointer(view))
    }

    /// The view's `GtkWidget *`, to put in a GTK container.
    public var widget: OpaquePointer { OpaquePointer(view) }

    // MARK: Loading

    /// Starts loading `url`. How it goes shows on ``reactive``'s `navigation`; a failure
    /// arrives there (and at the delegate) as ``NavigationEvent/failed(_:)``.
    public func load(_ url: URL) {
        webkit_web_view_load_uri(view, url.absoluteString)
    }

    /// Shows `html` as if it were loaded from `baseURL` (relative links resolve against it).
    public func loadHTMLString(_ html: String, baseURL: URL?) {
        webkit_web_view_load_html(view, html, baseURL?.absoluteString)
    }

    /// Loads the current page again.
    public func reload() {
        webkit_web_view_reload(view)
    }

    /// Loads the current page again, bypassing the cache.
    public func reloadFromOrigin() {
        webkit_web_view_reload_bypass_cache(view)
    }

    /// Stops the current load; it ends with ``WebViewError/Code/cancelled``.
    public func stopLoading() {
        webkit_web_view_stop_loading(view)
    }

    /// Goes to the previous page of the history, if there is one.
    public func goBack() {
        webkit_web_view_go_back(view)
    }

    /// Goes to the next page of the history, if there is one.
    public func goForward() {
        webkit_web_view_go_forward(view)
    }

    // MARK: Current state

    /// The page's title; `nil` before the first page has one.
    public var title: String? { state.title.value }
    /// The URL shown (the one being loaded, once a load starts).
    public var url: URL? { state.url.value }
    /// Whether a load is under way.
    public var isLoading: Bool { state.isLoading.value }
    /// How much of the current load is done, 0…1.
    public var estimatedProgress: Double { state.estimatedProgress.value }
    /// Whether ``goBack()`` has a page to go to.
    public var canGoBack: Bool { state.canGoBack.value }
    /// Whether ``goForward()`` has a page to go to.
    public var canGoForward: Bool { state.canGoForward.value }

    /// The state as signals, each sending its current value on subscription and then every
    /// change, on the main actor, plus each step of each load.
    public var reactive: Reactive { Reactive(state: state) }

    private static func makeView(_ configuration: WebViewConfiguration) -> UnsafeMutablePointer<WebKitWebView> {
        let manager = configuration.userContentController.manager
        var value = GValue()
        _ = g_value_init(&value, webkit_user_content_manager_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(manager))
        defer { g_value_unset(&value) }
        let object = withUnsafePointer(to: value) { valuePointer in
            "user-content-manager".withCString { name in
                var names: [UnsafePointer<CChar>?] = [name]
                return g_object_new_with_properties(webkit_web_view_get_type(), 1, &names, valuePointer)
            }
        }
        guard let object else { preconditionFailure("WebKit could not create a WebKitWebView") }
        _ = g_object_ref_sink(UnsafeMutableRawPointer(object))
        let view = UnsafeMutablePointer<WebKitWebView>(OpaquePointer(object))
        apply(configuration, to: view)
        return view
    }

    private static func apply(_ configuration: WebViewConfiguration, to view: UnsafeMutablePointer<WebKitWebView>) {
        let settings = webkit_web_view_get_settings(view)
        webkit_settings_set_enable_javascript_markup(settings, configuration.allowsJavaScript ? 1 : 0)
        webkit_settings_set_enable_developer_extras(settings, configuration.allowsDeveloperExtras ? 1 : 0)
        if let name = configuration.applicationNameForUserAgent {
            webkit_settings_set_user_agent_with_application_details(settings, name, nil)
        }
    }
}
