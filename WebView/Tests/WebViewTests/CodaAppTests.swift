import CWebKitGTK
import Foundation
import Testing
import WebView
@testable import WebViewApps

/// An external opener that records what it is asked to open.
@MainActor
final class RecordingOpener: ExternalOpener {
    var opened: [URL] = []

    func open(_ url: URL) throws {
        opened.append(url)
    }
}

extension WebViewTests {
    @Suite @MainActor
    struct CodaApp {
        private func openCoda() async throws -> (CodaWindow, RecordingOpener) {
            let opener = RecordingOpener()
            let coda = CodaWindow(CodaConfiguration(site: site("/index.html")), opener: opener)
            coda.present()
            try await waitUntil("the home page loads") { GTK.windowTitle(coda.window) == "Coda Fixture — Home" }
            return (coda, opener)
        }

        @Test func theSidebarIsHidden() async throws {
            let (coda, _) = try await openCoda()
            defer { coda.close() }
            let sidebar = "getComputedStyle(document.querySelector('div#sidebar')).display"
            #expect(try await coda.webView.evaluateJavaScript(sidebar) == "none")
            coda.open(Post(postTitle: "", postURL: "/posts/signals.html"))
            try await waitUntil("the post loads") { coda.webView.title?.hasPrefix("Signals") == true }
            let afterPost = "getComputedStyle(document.querySelector('.after-post.widget-area')).display"
            #expect(try await coda.webView.evaluateJavaScript(afterPost) == "none")
        }

        @Test func theHiddenSelectorsCanBeChanged() async throws {
            var configuration = CodaConfiguration(site: site("/index.html"))
            configuration.hiddenSelectors = "header"
            let coda = CodaWindow(configuration, opener: RecordingOpener())
            defer { coda.close() }
            try await waitUntil("the home page loads") { coda.webView.title == "Coda Fixture — Home" }
            let displays = "[getComputedStyle(document.querySelector('header')).display, getComputedStyle(document.querySelector('#sidebar')).display]"
            #expect(try await coda.webView.evaluateJavaScript(displays) == ["none", "block"])
        }

        @Test func aLinkToAnotherHostOpensInTheSystemBrowser() async throws {
            let (coda, opener) = try await openCoda()
            defer { coda.close() }
            _ = try await coda.webView.evaluateJavaScript("document.getElementById('external').click()")
            try await waitUntil("the opener is asked") { opener.opened.count == 1 }
            #expect(opener.opened == [URL(string: "http://www.example.com/elsewhere")!])
            try await settle()
            #expect(coda.webView.url == site("/index.html"))

            try await coda.webView.waitForLoad {
                Task { _ = try await coda.webView.evaluateJavaScript("document.getElementById('about').click()") }
            }
            #expect(coda.webView.url == site("/about.html"), "links on the site load in the reader")
            #expect(opener.opened.count == 1)
        }

        @Test func recentIsEnabledWhenThePostsArriveAndListsThem() async throws {
            let (coda, _) = try await openCoda()
            defer { coda.close() }
            try await waitUntil("Recent is enabled") { Person.isEnabled(coda.recentButton) }
            #expect(coda.posts.map(\.postTitle) == [
                "Signals for Swift on Linux", "Local notifications, exactly on time", "A WebKit view in a GTK window",
            ])
            #expect(coda.posts.first?.postURL == site("/posts/signals.html").absoluteString)

            #expect(Person.click(coda.recentButton))
            try await waitUntil("the list opens") { coda.recentList?.isShown == true }
            let list = try #require(coda.recentList)
            #expect(GTK.windowTitle(list.window) == "Recent Articles")
            #expect(list.posts == coda.posts)
            #expect(list.row(3) == nil, "one row per post")

            try await coda.webView.waitForLoad { Person.click(try! #require(list.row(1))) }
            #expect(coda.webView.url == site("/posts/notifications.html"))
            try await waitUntil("the post's title") { GTK.windowTitle(coda.window) == "Local notifications, exactly on time — Coda Fixture" }
            #expect(!list.isShown, "choosing a post closes the list")
            #expect(Person.isEnabled(coda.recentButton), "a post page keeps the home page's list")
        }

        @Test func cancelClosesTheListAndLoadsNothing() async throws {
            let (coda, _) = try await openCoda()
            defer { coda.close() }
            try await waitUntil("Recent is enabled") { Person.isEnabled(coda.recentButton) }
            Person.click(coda.recentButton)
            try await waitUntil("the list opens") { coda.recentList?.isShown == true }
            let list = try #require(coda.recentList)
            let events = Recorder(coda.webView.reactive.navigation)
            Person.click(list.cancelButton)
            try await waitUntil("the list closes") { !list.isShown }
            try await settle()
            #expect(events.values.isEmpty)
            #expect(coda.webView.url == site("/index.html"))
        }

        @Test func recentStaysDisabledOnASiteWithoutPosts() async throws {
            let coda = CodaWindow(CodaConfiguration(site: site("/about.html")), opener: RecordingOpener())
            defer { coda.close() }
            try await waitUntil("the page loads") { coda.webView.title == "About — Coda Fixture" }
            try await settle()
            #expect(!Person.isEnabled(coda.recentButton))
            #expect(!Person.click(coda.recentButton))
            #expect(coda.recentList == nil)
        }

        @Test func codaAsItLooks() async throws {
            let (coda, _) = try await openCoda()
            defer { coda.close() }
            try await waitUntil("Recent is enabled") { Person.isEnabled(coda.recentButton) }
            try await settle(.seconds(1))
            try checkAndKeep(WindowSnapshot.png(of: coda.window), of: coda.window, as: "webview-coda.png")
            Person.click(coda.recentButton)
            try await waitUntil("the list opens") { coda.recentList?.isShown == true }
            try await settle(.seconds(1))
            let list = try #require(coda.recentList)
            try checkAndKeep(WindowSnapshot.png(of: list.window), of: list.window, as: "webview-coda-recent.png")
        }
    }
}
