public import Foundation

/// An object that decides which navigations a web view performs and hears how its loads end,
/// like `WKNavigationDelegate`. Every method has a default: allow everything, ignore the rest.
///
/// ```swift
/// final class SiteOnly: NavigationDelegate {
///     func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
///         guard action.navigationType == .linkActivated, action.url.host() != "www.appcoda.com" else { return .allow }
///         openInSystemBrowser(action.url)   // e.g. xdg-open
///         return .cancel
///     }
/// }
/// ```
@MainActor
public protocol NavigationDelegate: AnyObject {
    /// Decides whether `action` goes ahead. The web view waits for the answer; the page
    /// keeps running meanwhile.
    func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy
    /// A load finished.
    func webView(_ webView: WebView, didFinishLoading url: URL?)
    /// A load failed or was stopped.
    func webView(_ webView: WebView, didFail error: WebViewError)
}

extension NavigationDelegate {
    /// Allows every navigation.
    public func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
        .allow
    }

    /// Does nothing.
    public func webView(_ webView: WebView, didFinishLoading url: URL?) {}

    /// Does nothing.
    public func webView(_ webView: WebView, didFail error: WebViewError) {}
}
