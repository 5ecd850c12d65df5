public import Foundation

/// A navigation the web view is about to start, shown to the navigation delegate for a
/// decision, like `WKNavigationAction`.
public struct NavigationAction: Sendable, Hashable {
    /// What started the navigation.
    public enum NavigationType: Sendable, Hashable {
        /// The user (or a script's `click()`) activated a link.
        case linkActivated
        /// A form was submitted.
        case formSubmitted
        /// ``WebView/goBack()``, ``WebView/goForward()`` or the page's history API.
        case backForward
        /// ``WebView/reload()``.
        case reload
        /// A form was submitted again (a reload or history move to a POST result).
        case formResubmitted
        /// Anything else: ``WebView/load(_:)``, a script setting `location`, a redirect.
        case other
    }

    /// What started the navigation.
    public var navigationType: NavigationType
    /// Where it goes.
    public var url: URL
    /// The HTTP method, `"GET"` or `"POST"`.
    public var httpMethod: String
    /// Whether a user gesture (a click or key press) started it. Scripts run by
    /// ``WebView/evaluateJavaScript(_:)`` count as user gestures, as they do in WebKit everywhere.
    public var isUserGesture: Bool
    /// Whether the page asked for a new window (`target="_blank"`, `window.open`). A web view
    /// has one window: when the policy allows such a navigation, it loads in this view.
    public var targetsNewWindow: Bool

    /// Creates a navigation action, as the web view does before each navigation.
    public init(
        navigationType: NavigationType, url: URL, httpMethod: String = "GET",
        isUserGesture: Bool = false, targetsNewWindow: Bool = false
    ) {
        self.navigationType = navigationType
        self.url = url
        self.httpMethod = httpMethod
        self.isUserGesture = isUserGesture
        self.targetsNewWindow = targetsNewWindow
    }
}

/// The navigation delegate's answer: go on, or do not load.
public enum NavigationActionPolicy: Sendable, Hashable {
    /// Load it.
    case allow
    /// Do not load it; the page stays where it is and no load starts.
    case cancel
}

/// A step of a page load, as ``WebView/Reactive/navigation`` reports it.
public enum NavigationEvent: Sendable, Hashable {
    /// A load started for this URL.
    case started(URL?)
    /// The server redirected the load to this URL.
    case redirected(URL?)
    /// The first data arrived; the page now shows this URL.
    case committed(URL?)
    /// The page and its subresources finished loading.
    case finished(URL?)
    /// The load failed or was stopped.
    case failed(WebViewError)
}
