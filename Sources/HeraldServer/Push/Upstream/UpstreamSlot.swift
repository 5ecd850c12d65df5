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

/// The engine's registrar on a daemon that may be a device of a push service on another
/// machine: the apps' tokens come from that service once `herald push connect` has
/// run; before, this daemon is its own apps' push service (``LocalRegistrar``).
struct DeviceRegistrar: RemoteNotificationRegistrar {
    let local: LocalRegistrar
    let slot: UpstreamSlot

    func register(_ app: AppIdentifier) async throws -> Data {
        guard let upstream = slot.upstream else { return try await local.register(app) }
        do {
            return try await upstream.register(app.rawValue).bytes
        } catch {
            throw NotificationError(.remoteNotificationsUnavailable, "\(error)")
        }
    }

    func unregister(_ app: AppIdentifier) async throws {
        guard let upstream = slot.upstream else { return try await local.unregister(app) }
        do {
            try await upstream.unregister(app.rawValue)
        } catch {
            throw NotificationError(.remoteNotificationsUnavailable, "\(error)")
        }
    }

    func isRegistered(_ app: AppIdentifier) async throws -> Bool {
        guard let upstream = slot.upstream else { return try await local.isRegistered(app) }
        return upstream.isRegistered(app.rawValue)
    }
}
