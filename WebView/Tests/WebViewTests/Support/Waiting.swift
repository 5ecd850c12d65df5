import Foundation
import Signals
import Synchronization
import Testing
import WebView

/// All the WebView tests, one at a time: they share the GTK main thread and the display. Each
/// fails when GLib logs a warning or critical while it runs.
@Suite(.serialized, .failsOnGLibWarnings) @MainActor
struct WebViewTests {}

/// A condition that did not come true in time; a failure, never a pass.
struct NotInTime: Error, CustomStringConvertible {
    var description: String
}

/// Polls `condition` on the main actor (GTK runs between polls) until it holds.
@MainActor
func waitUntil(
    _ what: String, timeout: Duration = .seconds(30), _ condition: @MainActor () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw NotInTime(description: "not in \(timeout): \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// Lets GTK and WebKit run for a while, for things that must *not* happen.
@MainActor
func settle(_ duration: Duration = .milliseconds(300)) async throws {
    try await Task.sleep(for: duration)
}

/// The values a signal sent, in order.
final class Recorder<Value: Sendable>: Sendable {
    private final class Storage: Sendable {
        let values = Mutex<[Value]>([])
    }

    private let storage = Storage()
    private let subscription: any Disposable

    init(_ signal: Signal<Value, Never>) {
        subscription = signal.subscribeNext { [storage] value in storage.values.withLock { $0.append(value) } }
    }

    var values: [Value] { storage.values.withLock { $0 } }

    deinit {
        subscription.dispose()
    }
}

extension WebView {
    /// Loads `url` and waits for the load to finish or fail; returns how it ended.
    @discardableResult
    func loadAndWait(_ url: URL) async throws -> NavigationEvent {
        try await waitForLoad { load(url) }
    }

    /// Runs `start` and waits for the load it starts to finish or fail.
    @discardableResult
    func waitForLoad(_ start: () -> Void) async throws -> NavigationEvent {
        let events = Recorder(reactive.navigation)
        start()
        try await waitUntil("the load ends") { events.values.contains { $0.isEnd } }
        return events.values.first { $0.isEnd }!
    }
}

extension NavigationEvent {
    var isEnd: Bool {
        switch self {
        case .finished, .failed: true
        default: false
        }
    }

    var failure: WebViewError? {
        if case .failed(let error) = self { error } else { nil }
    }
}

/// The fixture site's URL for `path`.
func site(_ path: String) -> URL {
    FixtureServer.shared.url(path)
}
