import Foundation
import Signals
import WebView

// docs/webview.md's example, compiled with these tests so that it stays true; the root
// package's DocumentationTests check that the document's block is this one. It is not run:
// it needs a site on port 8000 and runs the main loop until something calls `MainLoop.quit()`;
// UserContentTests.swift and NavigationPolicyTests.swift run the same calls.

/// docs/webview.md: the Coda reader's core, as a program's `main.swift` would run it.
@MainActor
func codaReaderExample() throws {
    struct Post: Decodable { var postTitle: String; var postURL: String }

    final class SiteOnly: NavigationDelegate {   // links to other hosts do not load
        func webView(_ webView: WebView, decidePolicyFor action: NavigationAction) async -> NavigationActionPolicy {
            action.navigationType == .linkActivated && action.url.host() != "127.0.0.1" ? .cancel : .allow
        }
    }

    try MainLoop.prepare()                       // GTK on the main thread; throws without a display
    let configuration = WebViewConfiguration()
    configuration.userContentController.addUserStyleSheet("div#sidebar { display: none }")
    configuration.userContentController.addUserScript(UserScript(source: """
        webkit.messageHandlers.didGetPosts.postMessage(
            Array.from(document.querySelectorAll("h2.entry-title a"), a => ({ postTitle: a.textContent, postURL: a.href })))
        """, injectionTime: .atDocumentEnd))
    try configuration.userContentController.addScriptMessageHandler(name: "didGetPosts") { message in
        print((try? message.decode([Post].self)) ?? [])      // any Decodable
    }
    let webView = WebView(configuration: configuration)
    let policy = SiteOnly()
    webView.navigationDelegate = policy                      // held weakly
    let titles = webView.reactive.title.subscribeNext { print("title:", $0 ?? "") }
    webView.load(URL(string: "http://127.0.0.1:8000/")!)
    Task {
        try await Task.sleep(for: .seconds(1))
        print(try await webView.evaluateJavaScript("document.links.length"))  // number(7.0)
    }
    MainLoop.run()   // put webView.widget in a GTK window to see it
    withExtendedLifetime(titles) {}
}
