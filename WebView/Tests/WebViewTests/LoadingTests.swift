import Foundation
import Testing
import WebView

extension WebViewTests {
    @Suite @MainActor
    struct Loading {
        @Test func loadingAPageSetsTitleURLAndProgress() async throws {
            let webView = WebView()
            let titles = Recorder(webView.reactive.title)
            let loading = Recorder(webView.reactive.isLoading)
            let progress = Recorder(webView.reactive.estimatedProgress)

            let end = try await webView.loadAndWait(site("/index.html"))

            #expect(end == .finished(site("/index.html")))
            // WebKit may report the title just after the load finishes.
            try await waitUntil("the title arrives") { webView.title == "Coda Fixture — Home" }
            #expect(webView.url == site("/index.html"))
            #expect(webView.isLoading == false)
            #expect(webView.estimatedProgress == 1)
            #expect(titles.values == [nil, "Coda Fixture — Home"])
            #expect(loading.values == [false, true, false])
            #expect(progress.values.first == 0)
            #expect(progress.values.last == 1)
            #expect(progress.values == progress.values.sorted(), "progress only grows within one load")
        }

        @Test func loadHTMLStringResolvesLinksAgainstTheBaseURL() async throws {
            let webView = WebView()
            try await webView.waitForLoad {
                webView.loadHTMLString("<title>Inline</title><a id=a href='about.html'>x</a>", baseURL: site("/"))
            }
            try await waitUntil("the title arrives") { webView.title == "Inline" }
            let href = try await webView.evaluateJavaScript("document.getElementById('a').href")
            #expect(href == .string(site("/about.html").absoluteString))
        }

        @Test func backAndForwardFollowTheHistory() async throws {
            let webView = WebView()
            let canGoBack = Recorder(webView.reactive.canGoBack)
            #expect(!webView.canGoBack && !webView.canGoForward)

            try await webView.loadAndWait(site("/index.html"))
            #expect(!webView.canGoBack)
            try await webView.loadAndWait(site("/about.html"))
            #expect(webView.canGoBack && !webView.canGoForward)

            try await webView.waitForLoad { webView.goBack() }
            #expect(webView.url == site("/index.html"))
            try await waitUntil("the title comes back") { webView.title == "Coda Fixture — Home" }
            #expect(!webView.canGoBack && webView.canGoForward)

            try await webView.waitForLoad { webView.goForward() }
            #expect(webView.url == site("/about.html"))
            #expect(webView.canGoBack && !webView.canGoForward)
            #expect(canGoBack.values == [false, true, false, true])
        }

        @Test func reloadLoadsThePageAgain() async throws {
            let webView = WebView()
            try await webView.loadAndWait(site("/about.html"))
            _ = try await webView.evaluateJavaScript("window.marker = 42")
            try await webView.waitForLoad { webView.reload() }
            #expect(try await webView.evaluateJavaScript("typeof window.marker") == "undefined")
            #expect(webView.url == site("/about.html"))
        }

        @Test func anUnreachableHostFailsWithItsURL() async throws {
            let webView = WebView()
            let unreachable = try FixtureServer.closedPortURL()
            let error = try #require(try await webView.loadAndWait(unreachable).failure)
            #expect(error.code == .cannotConnect)
            #expect(error.url == unreachable)
            #expect(!error.message.isEmpty)
            #expect(webView.isLoading == false)
        }

        @Test func anUnsupportedSchemeFailsAsABadURL() async throws {
            let webView = WebView()
            let error = try #require(try await webView.loadAndWait(URL(string: "gopher-nope://example/x")!).failure)
            #expect(error.code == .badURL)
            #expect(error.url == URL(string: "gopher-nope://example/x"))
        }

        @Test func stopLoadingCancelsALoadInProgress() async throws {
            let webView = WebView()
            let end = try await webView.waitForLoad {
                webView.load(site("/slow.html"))
                Task { @MainActor in
                    try await waitUntil("the slow page commits") { webView.title == "Slow page" }
                    #expect(webView.isLoading)
                    #expect(webView.estimatedProgress < 1)
                    webView.stopLoading()
                }
            }
            #expect(end.failure?.code == .cancelled)
            #expect(webView.isLoading == false)
        }

        @Test func aRedirectEndsAtItsTarget() async throws {
            let webView = WebView()
            let events = Recorder(webView.reactive.navigation)
            try await webView.loadAndWait(site("/redirect?to=/about.html"))
            #expect(webView.url == site("/about.html"))
            #expect(events.values.contains(.redirected(site("/about.html"))))
        }
    }
}
