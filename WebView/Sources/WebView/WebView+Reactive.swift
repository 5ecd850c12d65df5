public import Foundation
public import Signals

extension WebView {
    /// A web view's state as signals, like `webView.reactive` in ReactiveCocoa. Each state
    /// signal sends the current value when subscribed to, then each change; all send on the
    /// main actor and never end while the view lives.
    ///
    /// ```swift
    /// let progress = webView.reactive.estimatedProgress.subscribeNext { value in
    ///     MainActor.assumeIsolated { progressBar.fraction = value }
    /// }
    /// ```
    public struct Reactive: Sendable {
        /// The page's title.
        public let title: Signal<String?, Never>
        /// The URL shown.
        public let url: Signal<URL?, Never>
        /// Whether a load is under way.
        public let isLoading: Signal<Bool, Never>
        /// How much of the current load is done, 0…1.
        public let estimatedProgress: Signal<Double, Never>
        /// Whether ``WebView/goBack()`` has a page to go to.
        public let canGoBack: Signal<Bool, Never>
        /// Whether ``WebView/goForward()`` has a page to go to.
        public let canGoForward: Signal<Bool, Never>
        /// Each step of each load from the moment of subscription (no replay): started,
        /// redirected, committed, then finished or failed.
        public let navigation: Signal<NavigationEvent, Never>

        @MainActor
        init(state: WebViewState) {
            title = state.title.signal
            url = state.url.signal
            isLoading = state.isLoading.signal
            estimatedProgress = state.estimatedProgress.signal
            canGoBack = state.canGoBack.signal
            canGoForward = state.canGoForward.signal
            navigation = state.navigation.signal
        }
    }
}
