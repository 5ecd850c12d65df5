/// The settings a ``WebView`` is created with, like `WKWebViewConfiguration`.
///
/// Several web views may share one configuration; they then share its user content
/// controller (scripts, style sheets and message handlers).
@MainActor
public final class WebViewConfiguration {
    /// The scripts, style sheets and script message handlers of the web views.
    public var userContentController: UserContentController
    /// Whether pages may run JavaScript. User scripts and ``WebView/evaluateJavaScript(_:)``
    /// run either way. Default `true`.
    public var allowsJavaScript = true
    /// Whether the web inspector is available from the context menu. Default `false`.
    public var allowsDeveloperExtras = false
    /// The user agent's application name, appended to WebKit's user agent string
    /// (`"Coda/1.0"`), or `nil` for WebKit's own.
    public var applicationNameForUserAgent: String?

    /// Creates a configuration with an empty user content controller.
    public init(userContentController: UserContentController = UserContentController()) {
        self.userContentController = userContentController
    }
}
