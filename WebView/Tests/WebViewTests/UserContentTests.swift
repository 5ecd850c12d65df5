import Foundation
import Testing
import WebView
import struct WebViewApps.Post

/// A script message handler object that records what it receives.
@MainActor
final class RecordingHandler: ScriptMessageHandler {
    var messages: [ScriptMessage] = []

    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
        messages.append(message)
    }
}

extension WebViewTests {
    @Suite @MainActor
    struct UserContent {
        @Test func scriptsRunAtDocumentStartAndAtDocumentEnd() async throws {
            let configuration = WebViewConfiguration()
            let content = configuration.userContentController
            content.addUserScript(UserScript(
                source: "window.atStart = { body: document.body === null, posts: document.querySelectorAll('.post').length }",
                injectionTime: .atDocumentStart))
            content.addUserScript(UserScript(
                source: "window.atEnd = { body: document.body !== null, posts: document.querySelectorAll('.post').length }",
                injectionTime: .atDocumentEnd))
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/index.html"))

            #expect(try await webView.evaluateJavaScript("window.atStart") == ["body": true, "posts": 0])
            #expect(try await webView.evaluateJavaScript("window.atEnd") == ["body": true, "posts": 4])
            #expect(content.userScripts.map(\.injectionTime) == [.atDocumentStart, .atDocumentEnd])
        }

        @Test func aStyleSheetHidesTheSidebar() async throws {
            let plain = WebView()
            try await plain.loadAndWait(site("/posts/signals.html"))
            let display = "[getComputedStyle(document.querySelector('div#sidebar')).display, getComputedStyle(document.querySelector('.after-post.widget-area')).display]"
            #expect(try await plain.evaluateJavaScript(display) == ["block", "block"])

            let configuration = WebViewConfiguration()
            configuration.userContentController.addUserStyleSheet("div#sidebar, .after-post.widget-area { display: none }")
            let styled = WebView(configuration: configuration)
            try await styled.loadAndWait(site("/posts/signals.html"))
            #expect(try await styled.evaluateJavaScript(display) == ["none", "none"])
        }

        @Test func removedScriptsAndStyleSheetsApplyNoMore() async throws {
            let configuration = WebViewConfiguration()
            let content = configuration.userContentController
            content.addUserScript(UserScript(source: "window.injected = true", injectionTime: .atDocumentEnd))
            content.addUserStyleSheet("div#sidebar { display: none }")
            content.removeAllUserScripts()
            content.removeAllUserStyleSheets()
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/index.html"))
            #expect(try await webView.evaluateJavaScript("[typeof window.injected, getComputedStyle(document.querySelector('#sidebar')).display]") == ["undefined", "block"])
            #expect(content.userScripts.isEmpty && content.userStyleSheets.isEmpty)
        }

        @Test func aPagesMessageReachesSwiftDecoded() async throws {
            let configuration = WebViewConfiguration()
            var posts: [Post] = []
            try configuration.userContentController.addScriptMessageHandler(name: "didGetPosts") { message in
                #expect(message.name == "didGetPosts")
                posts = (try? message.decode([Post].self)) ?? []
            }
            configuration.userContentController.addUserScript(UserScript(source: """
                var found = document.querySelectorAll('#content .post.type-post.status-publish');
                webkit.messageHandlers.didGetPosts.postMessage(Array.from(found, function (post) {
                    var link = post.querySelector('h2.entry-title a');
                    return { postTitle: link.textContent, postURL: link.getAttribute('href') };
                }));
                """, injectionTime: .atDocumentEnd))
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/index.html"))
            try await waitUntil("the posts arrive") { !posts.isEmpty }
            #expect(posts == [
                Post(postTitle: "Signals for Swift on Linux", postURL: "/posts/signals.html"),
                Post(postTitle: "Local notifications, exactly on time", postURL: "/posts/notifications.html"),
                Post(postTitle: "A WebKit view in a GTK window", postURL: "/posts/webkit.html"),
            ])
        }

        @Test func aHandlerObjectReceivesEveryValueKind() async throws {
            let configuration = WebViewConfiguration()
            let handler = RecordingHandler()
            try configuration.userContentController.add(handler, name: "values")
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/about.html"))
            _ = try await webView.evaluateJavaScript("""
                for (const value of [1.5, "two", true, null, [1, "a"], { k: { n: 3 } }])
                    webkit.messageHandlers.values.postMessage(value)
                """)
            try await waitUntil("six messages") { handler.messages.count == 6 }
            #expect(handler.messages.map(\.body) == [1.5, "two", true, nil, [1, "a"], ["k": ["n": 3]]])
        }

        @Test func aBodyOfTheWrongShapeIsATypedError() throws {
            let message = ScriptMessage(name: "didGetPosts", body: ["postTitle": 3])
            #expect(throws: WebViewError.self) { try message.decode([Post].self) }
            do {
                _ = try message.decode([Post].self)
            } catch {
                #expect(error.code == .invalidMessageBody)
                #expect(error.message.contains("Post"))
            }
        }

        @Test func aHandlerNameCanBeAddedOnce() throws {
            let content = UserContentController()
            try content.addScriptMessageHandler(name: "once") { _ in }
            #expect(throws: WebViewError(.handlerNameInUse, "a script message handler named \"once\" is already added")) {
                try content.add(RecordingHandler(), name: "once")
            }
            #expect(content.scriptMessageHandlerNames == ["once"])
        }

        @Test func aRemovedHandlerIsGoneFromThePage() async throws {
            let configuration = WebViewConfiguration()
            let handler = RecordingHandler()
            try configuration.userContentController.add(handler, name: "gone")
            configuration.userContentController.removeScriptMessageHandler(forName: "gone")
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/about.html"))
            await #expect(throws: WebViewError.self) {
                try await webView.evaluateJavaScript("webkit.messageHandlers.gone.postMessage(1)")
            }
            try await settle()
            #expect(handler.messages.isEmpty)
            #expect(configuration.userContentController.scriptMessageHandlerNames.isEmpty)
        }

        @Test func theControllerHoldsItsHandlerObjectWeakly() async throws {
            let configuration = WebViewConfiguration()
            var handler: RecordingHandler? = RecordingHandler()
            weak let weakHandler = handler
            try configuration.userContentController.add(handler!, name: "weak")
            handler = nil
            #expect(weakHandler == nil)
            let webView = WebView(configuration: configuration)
            try await webView.loadAndWait(site("/about.html"))
            _ = try await webView.evaluateJavaScript("webkit.messageHandlers.weak.postMessage('nobody listens')")
            try await settle()
        }
    }
}
