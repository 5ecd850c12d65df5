internal import Foundation
internal import Signals

/// The values behind a web view's state signals.
@MainActor
final class WebViewState {
    let title = StateValue<String?>(nil)
    let url = StateValue<URL?>(nil)
    let isLoading = StateValue(false)
    let estimatedProgress = StateValue(0.0)
    let canGoBack = StateValue(false)
    let canGoForward = StateValue(false)
    let navigation = Subject<NavigationEvent, Never>()
    /// Whether the load under way has failed (WebKit reports "finished" after a failure too).
    var currentLoadFailed = false
}
