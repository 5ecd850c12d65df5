import CWebKitGTK
import Foundation
import Signals
package import WebView

/// The controls both apps put around a web view: back, forward and reload buttons enabled
/// only when they can act, a progress bar shown while a page loads, and a line for errors
/// (cleared when the next load starts; a stopped load is not an error).
@MainActor
package final class NavigationControls {
    package let backButton = GTK.button("◀", tooltip: "Back")
    package let forwardButton = GTK.button("▶", tooltip: "Forward")
    package let reloadButton = GTK.button("⟳", tooltip: "Reload")
    package let progressBar: Widget = gtk_progress_bar_new()
    package let errorLabel = GTK.label("")

    private let references = WidgetReferences()
    private let actions = Actions()
    private var subscriptions: [any Disposable] = []

    package init(_ webView: WebView) {
        references.hold(backButton, forwardButton, reloadButton, progressBar, errorLabel)
        gtk_widget_add_css_class(errorLabel, "error")
        gtk_label_set_wrap(GTK.asLabel(errorLabel), 1)
        GTK.setMargins(errorLabel, 6)
        gtk_widget_set_visible(errorLabel, 0)
        gtk_widget_set_visible(progressBar, 0)
        actions.on(backButton, "clicked") { [weak webView] in webView?.goBack() }
        actions.on(forwardButton, "clicked") { [weak webView] in webView?.goForward() }
        actions.on(reloadButton, "clicked") { [weak webView] in webView?.reload() }
        observe(webView.reactive)
    }

    isolated deinit {
        subscriptions.forEach { $0.dispose() }
    }

    /// Shows `error` in the error line.
    package func show(_ error: WebViewError) {
        let address = error.url.map { "Could not open \($0.absoluteString): " } ?? ""
        gtk_label_set_text(GTK.asLabel(errorLabel), address + error.message)
        gtk_widget_set_visible(errorLabel, 1)
    }

    private func observe(_ state: WebView.Reactive) {
        subscriptions = [
            state.canGoBack.observe(self) { controls, can in gtk_widget_set_sensitive(controls.backButton, can ? 1 : 0) },
            state.canGoForward.observe(self) { controls, can in gtk_widget_set_sensitive(controls.forwardButton, can ? 1 : 0) },
            state.estimatedProgress.observe(self) { controls, progress in
                gtk_progress_bar_set_fraction(GTK.asProgressBar(controls.progressBar), progress)
            },
            state.isLoading.observe(self) { controls, loading in gtk_widget_set_visible(controls.progressBar, loading ? 1 : 0) },
            state.navigation.observe(self) { controls, event in
                switch event {
                case .started: gtk_widget_set_visible(controls.errorLabel, 0)
                case .failed(let error) where error.code != .cancelled: controls.show(error)
                default: break
                }
            },
        ]
    }
}
