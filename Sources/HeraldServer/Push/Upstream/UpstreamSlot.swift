import Foundation
import NotificationEngine
import PushService
import Signals
import Synchronization

/// The push service this daemon is a device of, if any, and its link: set at start
/// from `push-upstream.json`, or by `herald push connect` while the daemon runs.
final class UpstreamSlot: Sendable {
    private struct State {
        var upstream: Upstream?
        var link: Task<Void, Never>?
        var running = false
    }

    private let state = Mutex(State())

    /// The upstream, when this daemon is a device of a service on another machine.
    var upstream: Upstream? { state.withLock { $0.upstream } }

    /// Takes `upstream` in place of any other, and starts its link if the daemon runs.
    func set(_ upstream: Upstream) {
        let old = state.withLock { state -> Task<Void, Never>? in
            defer {
                state.upstream = upstream
                state.link = state.running ? Task { await upstream.run() } : nil
            }
            return state.link
        }
        old?.cancel()
    }

    /// Starts the link, for as long as the daemon runs.
    func start() {
        state.withLock { state in
            state.running = true
            if state.link == nil, let upstream = state.upstream { state.link = Task { await upstream.run() } }
        }
    }

    /// Ends the link.
    func stop() {
        let link = state.withLock { state -> Task<Void, Never>? in
            state.running = false
            defer { state.link = nil }
            return state.link
        }
        link?.cancel()
    }
}
