import Foundation
import Testing
import WebView

/// A navigation delegate that records what it is asked and answers with `decide`.
@MainActor
final class RecordingDelegate: NavigationDelegate {
    var actions: [NavigationAction] = []
    var finished: [URL?] = []
    var failures: [WebViewError] = []
    var decide: (NavigationAction) -> NavigationActionPolicy

    init(decide: @escaping (NavigationAction) -> NavigationActionPolicy = { _ in .allow }) {
        self.decide = decide
    }

    func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
        actions.append(action)
        return decide(action)
    }

    func webView(_ webView: WebView, didFinishLoading url: URL?) {
        finished.append(url)
    }

    func webView(_ webView: WebView, didFail error: WebViewError) {
        failures.append(error)
    }
}

extension WebViewTests {
    @Suite @MainActor
    struct NavigationPolicy {
        @Test func eachKindOfNavigationReachesTheDelegateWithItsType() async throws {
            let webView = WebView()
            let delegate = RecordingDelegate()
            webView.navigationDelegate = delegate

            try await webView.loadAndWait(site("/index.html"))
            try await webView.waitForLoad { Task { _ = try await webView.evaluateJavaScript("document.getElementById('about').click()") } }
            try await webView.waitForLoad { webView.reload() }
            try await webView.waitForLoad { webView.goBack() }
            try await webView.waitForLoad { Task { _ = try await webView.evaluateJavaScript("document.getElementById('search').submit()") } }

            #expect(delegate.actions.map(\.navigationType) == [.other, .linkActivated, .reload, .backForward, .formSubmitted])
            #expect(delegate.actions.map(\.url) == [
                site("/index.html"), site("/about.html"), site("/about.html"), site("/index.html"), site("/about.html?q=webkit"),
            ])
            // Scripts run through evaluateJavaScript count as user gestures, as in WebKit everywhere.
            #expect(delegate.actions.map(\.isUserGesture) == [false, true, false, false, true])
            #expect(delegate.actions.allSatisfy { !$0.targetsNewWindow })
            #expect(delegate.finished.count == 5)
            #expect(webView.url == site("/about.html?q=webkit"))
        }

        @Test func aCancelledLinkLeavesThePageWhereItWas() async throws {
            let webView = WebView()
            let delegate = RecordingDelegate { $0.url.host() == "127.0.0.1" ? .allow : .cancel }
            webView.navigationDelegate = delegate
            try await webView.loadAndWait(site("/index.html"))

            _ = try await webView.evaluateJavaScript("document.getElementById('external').click()")
            try await waitUntil("the delegate is asked") { delegate.actions.count == 2 }
            try await settle()

            let action = try #require(delegate.actions.last)
            #expect(action.navigationType == .linkActivated)
            #expect(action.url == URL(string: "http://www.example.com/elsewhere"))
            #expect(webView.url == site("/index.html"))
            #expect(webView.title == "Coda Fixture — Home")
            #expect(!webView.isLoading)
            #expect(!webView.canGoBack)
        }

        @Test func aNewWindowLinkAsksTheDelegateAndLoadsInThisView() async throws {
            let webView = WebView()
            let delegate = RecordingDelegate { $0.url.host() == "127.0.0.1" ? .allow : .cancel }
            webView.navigationDelegate = delegate
            try await webView.loadAndWait(site("/index.html"))

            _ = try await webView.evaluateJavaScript("document.getElementById('external-blank').click()")
            try await waitUntil("the delegate is asked about the external link") { delegate.actions.count == 2 }
            #expect(delegate.actions[1].targetsNewWindow)
            #expect(delegate.actions[1].url == URL(string: "http://www.example.org/new"))
            try await settle()
            #expect(webView.url == site("/index.html"))

            try await webView.waitForLoad {
                Task {
                    _ = try await webView.evaluateJavaScript("""
                        var link = document.createElement('a'); link.href = '/about.html'; link.target = '_blank';
                        document.body.appendChild(link); link.click()
                        """)
                }
            }
            #expect(delegate.actions.dropFirst(2).first?.targetsNewWindow == true)
            #expect(webView.url == site("/about.html"))
        }

        @Test func aDelegateMayTakeItsTimeToAnswer() async throws {
            let webView = WebView()
            let slow = SlowDelegate()
            webView.navigationDelegate = slow
            let end = try await webView.loadAndWait(site("/about.html"))
            #expect(end == .finished(site("/about.html")))
            #expect(slow.asked == 1)
        }

        @Test func withoutADelegateEverythingLoads() async throws {
            let webView = WebView()
            try await webView.loadAndWait(site("/index.html"))
            try await webView.waitForLoad { Task { _ = try await webView.evaluateJavaScript("document.getElementById('about').click()") } }
            #expect(webView.url == site("/about.html"))
        }

        @Test func theDelegateHearsFailures() async throws {
            let webView = WebView()
            let delegate = RecordingDelegate()
            webView.navigationDelegate = delegate
            let unreachable = try FixtureServer.closedPortURL()
            try await webView.loadAndWait(unreachable)
            #expect(delegate.failures.map(\.code) == [.cannotConnect])
            #expect(delegate.failures.first?.url == unreachable)
            #expect(delegate.finished.isEmpty, "a failed load does not also finish")
        }
    }
}

/// A delegate that answers after a pause, as one that asks the user would.
@MainActor
final class SlowDelegate: NavigationDelegate {
    var asked = 0

    func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
        asked += 1
        try? await Task.sleep(for: .milliseconds(200))
        return .allow
    }
}
