import Foundation
import Testing
import WebView

extension WebViewTests {
    @Suite @MainActor
    struct Configuration {
        private let page = "<title>before</title><script>document.title = 'page script ran'</script>"

        @Test func pageScriptsRunByDefault() async throws {
            let webView = WebView()
            try await webView.waitForLoad { webView.loadHTMLString(page, baseURL: site("/")) }
            try await waitUntil("the page's script sets the title") { webView.title == "page script ran" }
        }

        @Test func withoutJavaScriptPageScriptsDoNotRunButUserScriptsDo() async throws {
            let configuration = WebViewConfiguration()
            configuration.allowsJavaScript = false
            configuration.userContentController.addUserScript(
                UserScript(source: "window.userScriptRan = true", injectionTime: .atDocumentEnd))
            let webView = WebView(configuration: configuration)
            try await webView.waitForLoad { webView.loadHTMLString(page, baseURL: site("/")) }
            try await settle()
            #expect(webView.title == "before")
            #expect(try await webView.evaluateJavaScript("window.userScriptRan === true") == true)
        }

        @Test func theApplicationNameIsInTheUserAgent() async throws {
            let configuration = WebViewConfiguration()
            configuration.applicationNameForUserAgent = "Coda"
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/about.html"))
            let userAgent = try await webView.evaluateJavaScript("navigator.userAgent", as: String.self)
            #expect(userAgent.contains("Coda"))
            #expect(userAgent.contains("AppleWebKit"))
        }

        @Test func viewsSharingAConfigurationShareItsHandlers() async throws {
            let configuration = WebViewConfiguration()
            var senders: [String] = []
            try configuration.userContentController.addScriptMessageHandler(name: "hello") { message in
                if case .string(let name) = message.body { senders.append(name) }
            }
            let first = WebView(configuration: configuration)
            let second = WebView(configuration: configuration)
            try await first.loadAndWait(site("/about.html"))
            try await second.loadAndWait(site("/index.html"))
            _ = try await first.evaluateJavaScript("webkit.messageHandlers.hello.postMessage('first')")
            _ = try await second.evaluateJavaScript("webkit.messageHandlers.hello.postMessage('second')")
            try await waitUntil("both messages") { senders.count == 2 }
            #expect(senders == ["first", "second"])
        }
    }
}
