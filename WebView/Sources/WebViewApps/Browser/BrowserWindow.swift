import CWebKitGTK
import Foundation
import Signals
public import WebView

/// The seed's "Browser": a GTK 4 window with an address field, back, forward and reload
/// buttons that are enabled only when they can act, a progress bar shown while a page loads,
/// the page's title as the window's title, and a message for addresses that cannot be opened.
///
/// ```swift
/// try MainLoop.prepare()
/// let browser = BrowserWindow()
/// browser.onClose = { MainLoop.quit() }
/// browser.present()
/// browser.open("swift.org")
/// MainLoop.run()
/// ```
@MainActor
public final class BrowserWindow {
    /// The web view showing the pages.
    public let webView: WebView
    /// Called when the user closes the window.
    public var onClose: (() -> Void)?

    package let window: Widget
    package let addressField: Widget
    package let backButton: Widget
    package let forwardButton: Widget
    package let reloadButton: Widget
    package let progressBar: Widget
    package let errorLabel: Widget

    private let actions = Actions()
    private var subscriptions: [any Disposable] = []

    /// Creates the window (not shown yet).
    public init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        webView = WebView(configuration: configuration)
        window = GTK.window(title: "Browser", width: 1024, height: 720)
        addressField = gtk_entry_new()
        backButton = GTK.button("◀", tooltip: "Back")
        forwardButton = GTK.button("▶", tooltip: "Forward")
        reloadButton = GTK.button("⟳", tooltip: "Reload")
        progressBar = gtk_progress_bar_new()
        errorLabel = GTK.label("")
        layOut()
        connectControls()
        observe(webView)
    }

    isolated deinit {
        subscriptions.forEach { $0.dispose() }
        actions.invalidate()
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(GTK.asWindow(window))
    }

    /// Closes the window.
    public func close() {
        gtk_window_destroy(GTK.asWindow(window))
    }

    /// Opens typed text as the address field does: `http://` is added when no scheme is
    /// given; text that is not an address shows an error and loads nothing.
    public func open(_ text: String) {
        do {
            let url = try AddressBar.url(from: text)
            gtk_editable_set_text(GTK.asEditable(addressField), url.absoluteString)
            webView.load(url)
        } catch {
            show(error)
        }
    }

    private func layOut() {
        gtk_entry_set_input_purpose(UnsafeMutablePointer(OpaquePointer(addressField)), GTK_INPUT_PURPOSE_URL)
        gtk_entry_set_placeholder_text(UnsafeMutablePointer(OpaquePointer(addressField)), "Type an address")
        gtk_widget_set_hexpand(addressField, 1)
        let toolbar = GTK.box(vertical: false, spacing: 6, [backButton, forwardButton, reloadButton, addressField])
        GTK.setMargins(toolbar, 6)
        gtk_widget_add_css_class(errorLabel, "error")
        gtk_label_set_wrap(GTK.asLabel(errorLabel), 1)
        GTK.setMargins(errorLabel, 6)
        gtk_widget_set_visible(errorLabel, 0)
        gtk_widget_set_visible(progressBar, 0)
        let page = Widget(webView.widget)
        gtk_widget_set_vexpand(page, 1)
        gtk_window_set_child(GTK.asWindow(window), GTK.box(vertical: true, [toolbar, progressBar, errorLabel, page]))
    }

    private func connectControls() {
        actions.on(addressField, "activate") { [weak self] in
            guard let self else { return }
            open(GTK.editableText(addressField))
        }
        actions.on(backButton, "clicked") { [weak self] in self?.webView.goBack() }
        actions.on(forwardButton, "clicked") { [weak self] in self?.webView.goForward() }
        actions.on(reloadButton, "clicked") { [weak self] in self?.webView.reload() }
        actions.onCloseRequest(window) { [weak self] in self?.onClose?() }
    }

    private func observe(_ webView: WebView) {
        let state = webView.reactive
        subscriptions = [
            state.title.observe(self) { browser, title in
                gtk_window_set_title(GTK.asWindow(browser.window), title ?? "Browser")
            },
            state.url.observe(self) { browser, url in
                guard let url, gtk_widget_has_focus(browser.addressField) == 0 else { return }
                gtk_editable_set_text(GTK.asEditable(browser.addressField), url.absoluteString)
            },
            state.canGoBack.observe(self) { browser, can in gtk_widget_set_sensitive(browser.backButton, can ? 1 : 0) },
            state.canGoForward.observe(self) { browser, can in gtk_widget_set_sensitive(browser.forwardButton, can ? 1 : 0) },
            state.estimatedProgress.observe(self) { browser, progress in
                gtk_progress_bar_set_fraction(GTK.asProgressBar(browser.progressBar), progress)
            },
            state.isLoading.observe(self) { browser, loading in gtk_widget_set_visible(browser.progressBar, loading ? 1 : 0) },
            state.navigation.observe(self) { browser, event in browser.navigation(event) },
        ]
    }

    private func navigation(_ event: NavigationEvent) {
        switch event {
        case .started: gtk_widget_set_visible(errorLabel, 0)
        case .failed(let error) where error.code != .cancelled: show(error)
        default: break
        }
    }

    private func show(_ error: WebViewError) {
        let address = error.url.map { "Could not open \($0.absoluteString): " } ?? ""
        gtk_label_set_text(GTK.asLabel(errorLabel), address + error.message)
        gtk_widget_set_visible(errorLabel, 1)
    }
}
