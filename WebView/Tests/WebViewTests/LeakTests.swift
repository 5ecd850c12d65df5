import Foundation
import Testing
@_spi(Testing) import WebView

extension WebViewTests {
    @Suite @MainActor
    struct Leaks {
        /// 200 web views, each with its own configuration, script, style sheet and message
        /// handler, loading a page and answering a message, then dropped: every GObject the
        /// module created is finalized and every signal handler disconnected.
        @Test func twoHundredCreateLoadDestroyCyclesLeaveNothingBehind() async throws {
            let objectsBefore = LiveObjects.objects
            let handlersBefore = LiveObjects.handlers
            weak var lastView: WebView?
            var received = 0

            for cycle in 0..<200 {
                let configuration = WebViewConfiguration()
                configuration.userContentController.addUserScript(UserScript(
                    source: "webkit.messageHandlers.cycle.postMessage(document.title)", injectionTime: .atDocumentEnd))
                configuration.userContentController.addUserStyleSheet("#sidebar { display: none }")
                try configuration.userContentController.addScriptMessageHandler(name: "cycle") { _ in received += 1 }
                let webView = WebView(configuration: configuration)
                let delegate = RecordingDelegate()
                webView.navigationDelegate = delegate
                let titles = Recorder(webView.reactive.title)
                try await webView.loadAndWait(site("/about.html"))
                try await waitUntil("cycle \(cycle)'s message") { received == cycle + 1 }
                try await waitUntil("cycle \(cycle)'s title") { titles.values.last == "About — Coda Fixture" }
                #expect(LiveObjects.handlers > handlersBefore)
                lastView = webView
            }

            #expect(lastView == nil, "the last WebView was deallocated")
            #expect(LiveObjects.handlers == handlersBefore)
            try await waitUntil("GLib finalizes every object") { LiveObjects.objects == objectsBefore }
            #expect(received == 200)
        }
    }
}
