import CWebKitGTK
import Foundation
import Signals
public import WebView

/// The seed's "Coda": a reader for one site. Links to other hosts open in the system
/// browser; a user style sheet hides the sidebar and the after-post widgets; a document-end
/// script collects the home page's posts and posts them to native code, which enables the
/// "Recent" button; the Recent list loads the post the user picks.
///
/// ```swift
/// try MainLoop.prepare()
/// let coda = CodaWindow(CodaConfiguration(site: URL(string: "http://127.0.0.1:8000/")!))
/// coda.onClose = { MainLoop.quit() }
/// coda.present()
/// MainLoop.run()
/// ```
@MainActor
public final class CodaWindow: NavigationDelegate {
    /// The name pages post their posts to: `webkit.messageHandlers.didGetPosts`.
    public nonisolated static let messageHandlerName = "didGetPosts"

    /// The reader's settings.
    public let configuration: CodaConfiguration
    /// The web view showing the site.
    public let webView: WebView
    /// The posts from the last page that had any, in page order.
    public private(set) var posts: [Post] = []
    /// Called when the user closes the window.
    public var onClose: (() -> Void)?

    package let window: Widget
    package let recentButton: Widget
    package let controls: NavigationControls
    package private(set) var recentList: RecentPostsList?

    private let opener: any ExternalOpener
    private let references = WidgetReferences()
    private let actions = Actions()
    private var subscriptions: [any Disposable] = []

    /// Creates the reader and starts loading the site's home page; `opener` opens links to
    /// other hosts (`xdg-open` by default).
    public init(_ configuration: CodaConfiguration, opener: any ExternalOpener = XDGOpener()) {
        self.configuration = configuration
        self.opener = opener
        let webConfiguration = WebViewConfiguration()
        webConfiguration.applicationNameForUserAgent = "Coda"
        webConfiguration.userContentController.addUserStyleSheet(configuration.hidingStyleSheet)
        webConfiguration.userContentController.addUserScript(
            UserScript(source: configuration.postsScript, injectionTime: .atDocumentEnd))
        webView = WebView(configuration: webConfiguration)
        window = GTK.window(title: "Coda", width: 1024, height: 720)
        recentButton = GTK.button("Recent", tooltip: "Recent articles")
        controls = NavigationControls(webView)
        references.hold(window, recentButton)
        layOut()
        connect(webConfiguration.userContentController)
        webView.navigationDelegate = self
        webView.load(configuration.site)
    }

    isolated deinit {
        subscriptions.forEach { $0.dispose() }
        actions.invalidate()
        webView.configuration.userContentController.removeScriptMessageHandler(forName: Self.messageHandlerName)
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(GTK.asWindow(window))
    }

    /// Closes the window and the Recent list. GTK lets go of them; the reader keeps them and
    /// their widgets (hidden) until the reader goes.
    public func close() {
        recentList?.close()
        gtk_window_destroy(GTK.asWindow(window))
    }

    /// Shows the Recent list, when there are posts (the Recent button's action).
    public func showRecent() {
        guard !posts.isEmpty else { return }
        let list = RecentPostsList(posts: posts, over: window) { [weak self] post in self?.open(post) }
        recentList = list
        list.present()
    }

    /// Loads `post`.
    public func open(_ post: Post) {
        guard let url = URL(string: post.postURL, relativeTo: configuration.site)?.absoluteURL else {
            controls.show(WebViewError(.badURL, "the post “\(post.postTitle)” has no valid address"))
            return
        }
        webView.load(url)
    }

    // MARK: NavigationDelegate

    /// Links to other hosts go to the external opener instead of loading here.
    public func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
        guard action.navigationType == .linkActivated, !isOnSite(action.url) else { return .allow }
        do {
            try opener.open(action.url)
        } catch {
            controls.show(WebViewError(.unknown, "Could not open \(action.url.absoluteString) in the browser: \(error)"))
        }
        return .cancel
    }

    private func isOnSite(_ url: URL) -> Bool {
        url.host()?.lowercased() == configuration.site.host()?.lowercased()
    }

    // MARK: Building

    private func layOut() {
        gtk_widget_set_sensitive(recentButton, 0)
        let spacer = GTK.label("")
        gtk_widget_set_hexpand(spacer, 1)
        let toolbar = GTK.box(
            vertical: false, spacing: 6,
            [recentButton, spacer, controls.backButton, controls.forwardButton, controls.reloadButton])
        GTK.setMargins(toolbar, 6)
        let page = Widget(webView.widget)
        gtk_widget_set_vexpand(page, 1)
        gtk_window_set_child(
            GTK.asWindow(window), GTK.box(vertical: true, [toolbar, controls.progressBar, controls.errorLabel, page]))
    }

    private func connect(_ content: UserContentController) {
        // The controller keeps this closure; it holds the window weakly.
        try? content.addScriptMessageHandler(name: Self.messageHandlerName) { [weak self] message in
            self?.received(message)
        }
        actions.on(recentButton, "clicked") { [weak self] in self?.showRecent() }
        actions.onCloseRequest(window) { [weak self] in self?.onClose?() }
        subscriptions = [
            webView.reactive.title.observe(self) { coda, title in gtk_window_set_title(GTK.asWindow(coda.window), title ?? "Coda") },
        ]
    }

    /// A page's posts: kept when there are any (post pages have none, and keep the list).
    private func received(_ message: ScriptMessage) {
        do {
            let found = try message.decode([Post].self)
            guard !found.isEmpty else { return }
            posts = found
            gtk_widget_set_sensitive(recentButton, 1)
        } catch {
            controls.show(error)
        }
    }
}
