import Foundation
import Testing
import WebView

extension WebViewTests {
    @Suite @MainActor
    struct JavaScript {
        private func pageView() async throws -> WebView {
            let webView = WebView()
            try await webView.loadAndWait(site("/index.html"))
            return webView
        }

        @Test func jsonTextParsesWithBooleansApartFromNumbers() throws {
            let text = #"{"t": true, "f": false, "one": 1, "zero": 0, "x": 1.25, "s": "é", "n": null, "a": [[], {}]}"#
            #expect(try JSONValue(json: Data(text.utf8)) == [
                "t": true, "f": false, "one": 1, "zero": 0, "x": 1.25, "s": "é", "n": nil, "a": [[], [:]],
            ])
            #expect(try JSONValue(json: Data("true".utf8)) == true)
            #expect(try JSONValue(json: Data("7".utf8)) == 7)
            #expect(throws: WebViewError.self) { try JSONValue(json: Data("{oops".utf8)) }
            let value: JSONValue = ["k": [1, true, "v"]]
            #expect(try JSONValue(json: value.json) == value, "encoding and parsing round-trip")
        }

        @Test func valuesComeBackAsJSON() async throws {
            let webView = try await pageView()
            #expect(try await webView.evaluateJavaScript("6 * 7") == 42)
            #expect(try await webView.evaluateJavaScript("document.title") == "Coda Fixture — Home")
            #expect(try await webView.evaluateJavaScript("document.body !== null") == true)
            #expect(try await webView.evaluateJavaScript("null") == nil)
            #expect(try await webView.evaluateJavaScript("undefined") == nil)
            #expect(try await webView.evaluateJavaScript("[1, 'a', { b: [true] }]") == [1, "a", ["b": [true]]])
            #expect(try await webView.evaluateJavaScript("var x = 5; x + 1") == 6)
            #expect(try await webView.evaluateJavaScript("x") == 5, "scripts run in the page's global scope")
        }

        @Test func valuesDecodeAsTypes() async throws {
            let webView = try await pageView()
            let count = try await webView.evaluateJavaScript("document.querySelectorAll('.post.type-post').length", as: Int.self)
            #expect(count == 3)
            let titles = try await webView.evaluateJavaScript(
                "Array.from(document.querySelectorAll('h2.entry-title a'), a => a.textContent)", as: [String].self)
            #expect(titles.first == "Signals for Swift on Linux")
            await #expect(throws: WebViewError.self) {
                try await webView.evaluateJavaScript("'not a number'", as: Int.self)
            }
        }

        @Test func anExceptionIsThrownWithItsMessageAndLine() async throws {
            let webView = try await pageView()
            do {
                _ = try await webView.evaluateJavaScript("var a = 1;\nvar b = 2;\nthrow new TypeError('boom at three');")
                Issue.record("no error thrown")
            } catch {
                #expect(error.code == .javaScriptException)
                #expect(error.message == "TypeError: boom at three")
                #expect(error.line == 3)
            }
        }

        @Test func aSyntaxErrorAndAThrownNonErrorAreExceptionsToo() async throws {
            let webView = try await pageView()
            do {
                _ = try await webView.evaluateJavaScript("1 +")
                Issue.record("no error thrown")
            } catch {
                #expect(error.code == .javaScriptException)
                #expect(error.message.hasPrefix("SyntaxError"))
            }
            do {
                _ = try await webView.evaluateJavaScript("throw 'plain string'")
                Issue.record("no error thrown")
            } catch {
                #expect(error == WebViewError(.javaScriptException, "plain string"))
            }
        }

        @Test func valuesWithoutJSONAreUnsupported() async throws {
            let webView = try await pageView()
            for script in ["(function f() {})", "var o = {}; o.self = o; o", "Symbol('s')"] {
                do {
                    _ = try await webView.evaluateJavaScript(script)
                    Issue.record("no error for \(script)")
                } catch {
                    #expect(error.code == .javaScriptResultUnsupported, "\(script)")
                }
            }
        }
    }
}
