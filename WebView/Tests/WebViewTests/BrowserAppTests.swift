import CWebKitGTK
import Foundation
import Testing
import WebView
@testable import WebViewApps

extension WebViewTests {
    @Suite @MainActor
    struct BrowserApp {
        @Test(arguments: [
            ("swift.org", "http://swift.org"),
            ("  https://swift.org/documentation  ", "https://swift.org/documentation"),
            ("localhost:8000/index.html", "http://localhost:8000/index.html"),
            ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("about:blank", "about:blank"),
            ("file:///tmp/page.html", "file:///tmp/page.html"),
        ])
        func addressesGetASchemeWhenTheyHaveNone(typed: String, expected: String) throws {
            #expect(try AddressBar.url(from: typed).absoluteString == expected)
        }

        @Test(arguments: ["", "   ", "exa mple.com", "http://", "http:///path"])
        func textThatIsNotAnAddressIsABadURL(typed: String) {
            #expect { try AddressBar.url(from: typed) } throws: { ($0 as? WebViewError)?.code == .badURL }
        }

        @Test func typingAnAddressLoadsItAndShowsTitleAndProgress() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            #expect(!Person.isEnabled(browser.controls.backButton) && !Person.isEnabled(browser.controls.forwardButton))
            #expect(GTK.windowTitle(browser.window) == "Browser")
            let progress = Recorder(browser.webView.reactive.estimatedProgress)

            let typed = "127.0.0.1:\(FixtureServer.shared.port)/index.html"
            try await browser.webView.waitForLoad { Person.type(typed, into: browser.addressField) }

            try await waitUntil("the title shows") { GTK.windowTitle(browser.window) == "Coda Fixture — Home" }
            #expect(GTK.editableText(browser.addressField) == "http://\(typed)")
            #expect(progress.values.contains { $0 > 0 && $0 < 1 } || progress.values.last == 1)
            #expect(!Person.isVisible(browser.controls.progressBar), "the progress bar hides when loading finishes")
            #expect(!Person.isVisible(browser.controls.errorLabel))
            #expect(!Person.isEnabled(browser.controls.backButton))
        }

        @Test func backAndForwardButtonsAreEnabledOnlyWhenTheyCanAct() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            try await browser.webView.waitForLoad { Person.type(site("/index.html").absoluteString, into: browser.addressField) }
            #expect(!Person.click(browser.controls.backButton), "nothing to go back to")
            try await browser.webView.waitForLoad { Person.type(site("/about.html").absoluteString, into: browser.addressField) }
            #expect(Person.isEnabled(browser.controls.backButton) && !Person.isEnabled(browser.controls.forwardButton))

            try await browser.webView.waitForLoad { Person.click(browser.controls.backButton) }
            try await waitUntil("back on the home page") { GTK.windowTitle(browser.window) == "Coda Fixture — Home" }
            #expect(GTK.editableText(browser.addressField) == site("/index.html").absoluteString)
            #expect(!Person.isEnabled(browser.controls.backButton) && Person.isEnabled(browser.controls.forwardButton))

            try await browser.webView.waitForLoad { Person.click(browser.controls.forwardButton) }
            try await waitUntil("forward on the about page") { GTK.windowTitle(browser.window) == "About — Coda Fixture" }
            #expect(Person.isEnabled(browser.controls.backButton) && !Person.isEnabled(browser.controls.forwardButton))

            let end = try await browser.webView.waitForLoad { Person.click(browser.controls.reloadButton) }
            #expect(end == .finished(site("/about.html")))
        }

        @Test func theProgressBarShowsWhileAPageLoads() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            Person.type(site("/slow.html").absoluteString, into: browser.addressField)
            try await waitUntil("the slow page shows its title") { GTK.windowTitle(browser.window) == "Slow page" }
            #expect(Person.isVisible(browser.controls.progressBar))
            #expect(gtk_progress_bar_get_fraction(OpaquePointer(browser.controls.progressBar)) < 1)
            browser.webView.stopLoading()
            try await waitUntil("the progress bar hides") { !Person.isVisible(browser.controls.progressBar) }
            #expect(!Person.isVisible(browser.controls.errorLabel), "stopping is not an error")
        }

        @Test func anUnreachableAddressShowsAnError() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            let unreachable = try FixtureServer.closedPortURL()
            try await browser.webView.waitForLoad { Person.type(unreachable.absoluteString, into: browser.addressField) }
            #expect(Person.isVisible(browser.controls.errorLabel))
            #expect(GTK.labelText(browser.controls.errorLabel).hasPrefix("Could not open \(unreachable.absoluteString): "))

            try await browser.webView.waitForLoad { Person.type(site("/about.html").absoluteString, into: browser.addressField) }
            #expect(!Person.isVisible(browser.controls.errorLabel), "a new load clears the error")
        }

        @Test func aMalformedAddressShowsAnErrorAndLoadsNothing() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            let events = Recorder(browser.webView.reactive.navigation)
            Person.type("exa mple.com", into: browser.addressField)
            #expect(Person.isVisible(browser.controls.errorLabel))
            #expect(GTK.labelText(browser.controls.errorLabel) == "“exa mple.com” is not a valid address.")
            try await settle()
            #expect(events.values.isEmpty)
        }

        @Test func aClosedWindowStillFollowsItsPageUntilTheBrowserGoes() async throws {
            let browser = BrowserWindow()
            browser.present()
            try await browser.webView.loadAndWait(site("/index.html"))
            browser.close()
            #expect(!Person.isVisible(browser.window))

            // GTK let go of the window and its widgets; the browser still holds them.
            try await browser.webView.loadAndWait(site("/about.html"))
            try await waitUntil("the closed window's title follows") { GTK.windowTitle(browser.window) == "About — Coda Fixture" }
            #expect(GTK.editableText(browser.addressField) == site("/about.html").absoluteString)
            #expect(Person.isEnabled(browser.controls.backButton))
        }

        @Test func theBrowserAsItLooks() async throws {
            let browser = BrowserWindow()
            browser.present()
            defer { browser.close() }
            try await browser.webView.waitForLoad { Person.type(site("/index.html").absoluteString, into: browser.addressField) }
            try await browser.webView.waitForLoad { Person.type(site("/posts/webkit.html").absoluteString, into: browser.addressField) }
            try await waitUntil("the title shows") { GTK.windowTitle(browser.window).hasPrefix("A WebKit view") }
            try await settle(.seconds(1))
            try checkAndKeep(WindowSnapshot.png(of: browser.window), of: browser.window, as: "webview-browser.png")
        }
    }
}
