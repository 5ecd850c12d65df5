import BenchmarkSupport
import CWebKitGTK
import Foundation
import WebView

/// The three workloads, each run with both sides in turn, `rounds` times.
@MainActor
enum Workloads {
    static let page = "<!DOCTYPE html><title>bench</title><p>WebView benchmark page</p>"

    /// W1: `evaluateJavaScript("1 + 1")` round trips, one after another.
    static func evaluate(count: Int, rounds: Int) async throws -> String {
        let webView = WebView()
        try await load(webView)
        let raw = RawWebKit()
        raw.loadHTML(page)
        try await waitUntil { !raw.isLoading && raw.title == "bench" }
        var ours: [[Double]] = [], peer: [[Double]] = []
        for _ in 0..<rounds {
            ours.append(try await timeEach(count) { _ = try await webView.evaluateJavaScript("1 + 1") })
            peer.append(try await timeEach(count) { _ = await raw.evaluateInt("1 + 1") })
        }
        raw.destroy()
        var table = Table(["side", "calls", "median µs", "p99 µs", "calls/s"])
        for (name, runs) in [("WebView.evaluateJavaScript → JSONValue", ours), ("raw webkit_web_view_evaluate_javascript → int", peer)] {
            let run = medianRun(runs)
            let median = Statistics.median(run), p99 = Statistics.percentile(run, 99)
            table.add(name, grouped(Double(count)), fixed(median * 1e6, 0), fixed(p99 * 1e6, 0), grouped(Double(count) / run.reduce(0, +)))
        }
        return table.text
    }

    /// W2: a page posts `count` small objects in one loop; the time until Swift has them all.
    static func messages(count: Int, rounds: Int) async throws -> String {
        let script = "for (let i = 0; i < \(count); i++) webkit.messageHandlers.bench.postMessage({ i: i, title: 'post ' + i })"
        var ours: [Double] = [], peer: [Double] = []
        for _ in 0..<rounds {
            let configuration = WebViewConfiguration()
            var received = 0
            try configuration.userContentController.addScriptMessageHandler(name: "bench") { message in
                if case .object = message.body { received += 1 }
            }
            let webView = WebView(configuration: configuration)
            try await load(webView)
            ours.append(try await time {
                _ = try await webView.evaluateJavaScript(script)
                try await waitUntil { received == count }
            })

            let raw = RawWebKit()
            let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            counter.pointee = 0
            raw.countMessages(named: "bench", into: counter)
            raw.loadHTML(page)
            try await waitUntil { !raw.isLoading && raw.title == "bench" }
            peer.append(try await time {
                _ = await raw.evaluateInt(script)
                try await waitUntil { counter.pointee == count }
            })
            raw.destroy()
            counter.deallocate()
        }
        var table = Table(["side", "messages", "median s", "messages/s"])
        for (name, runs) in [("WebView handler → ScriptMessage(JSONValue)", ours), ("raw signal handler → JSON text", peer)] {
            let median = Statistics.median(runs)
            table.add(name, grouped(Double(count)), fixed(median, 3), grouped(Double(count) / median))
        }
        return table.text
    }

    /// W3: create a view, load a page, read its title, destroy it; `count` times.
    static func lifecycle(count: Int, rounds: Int) async throws -> String {
        var ours: [[Double]] = [], peer: [[Double]] = []
        for _ in 0..<rounds {
            ours.append(try await timeEach(count) {
                let webView = WebView()
                try await load(webView)
            })
            peer.append(try await timeEach(count) {
                let raw = RawWebKit()
                raw.loadHTML(page)
                try await waitUntil { !raw.isLoading && raw.title == "bench" }
                raw.destroy()
            })
        }
        var table = Table(["side", "cycles", "median ms", "p99 ms"])
        for (name, runs) in [("WebView (state signals, handlers, delegate)", ours), ("raw WebKitWebView", peer)] {
            let run = medianRun(runs)
            table.add(name, grouped(Double(count)), fixed(Statistics.median(run) * 1e3, 2), fixed(Statistics.percentile(run, 99) * 1e3, 2))
        }
        return table.text
    }

    private static func load(_ webView: WebView) async throws {
        webView.loadHTMLString(page, baseURL: URL(string: "http://127.0.0.1/"))
        try await waitUntil { !webView.isLoading && webView.title == "bench" }
    }

    /// The round whose total time is the median.
    private static func medianRun(_ runs: [[Double]]) -> [Double] {
        runs.sorted { $0.reduce(0, +) < $1.reduce(0, +) }[runs.count / 2]
    }
}

/// Seconds each of `count` calls took.
@MainActor
func timeEach(_ count: Int, _ body: @MainActor () async throws -> Void) async throws -> [Double] {
    var times: [Double] = []
    times.reserveCapacity(count)
    for _ in 0..<count {
        times.append(try await time(body))
    }
    return times
}

/// Seconds `body` took.
@MainActor
func time(_ body: @MainActor () async throws -> Void) async throws -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

struct Timeout: Error {}

/// Yields to GTK until `condition` holds (at most 60 s).
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw Timeout() }
        await Task.yield()
        try await Task.sleep(for: .microseconds(50))
    }
}
