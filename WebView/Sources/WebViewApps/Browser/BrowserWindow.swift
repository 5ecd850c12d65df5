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
    package let controls: NavigationControls

    private let references = WidgetReferences()
    private let actions = Actions()
    private var subscriptions: [any Disposable] = []

    /// Creates the window (not shown yet).
    public init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        webView = WebView(configuration: configuration)
        window = GTK.window(title: "Browser", width: 1024, height: 720)
        addressField = gtk_entry_new()
        controls = NavigationControls(webView)
        references.hold(window, addressField)
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

    /// Closes the window. GTK lets go of it; the browser keeps it and its widgets (hidden)
    /// until the browser goes.
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
            controls.show(error)
        }
    }

    private func layOut() {
        gtk_entry_set_input_purpose(UnsafeMutablePointer(OpaquePointer(addressField)), GTK_INPUT_PURPOSE_URL)
        gtk_entry_set_placeholder_text(UnsafeMutablePointer(OpaquePointer(addressField)), "Type an address")
        gtk_widget_set_hexpand(addressField, 1)
        let toolbar = GTK.box(
            vertical: false, spacing: 6, [controls.backButton, controls.forwardButton, controls.reloadButton, addressField])
        GTK.setMargins(toolbar, 6)
        let page = Widget(webView.widget)
        gtk_widget_set_vexpand(page, 1)
        gtk_window_set_child(
            GTK.asWindow(window), GTK.box(vertical: true, [toolbar, controls.progressBar, controls.errorLabel, page]))
    }

    private func connectControls() {
        actions.on(addressField, "activate") { [weak self] in
            guard let self else { return }
            open(GTK.editableText(addressField))
        }
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
        ]
    }
}
