import DesktopNotifications
import Foundation
import Logging
import NotificationEngine
import Signals
import Synchronization

/// Feeds the machine's positions from GeoClue to the engine's location triggers,
/// only while at least one app the person allowed location has location-triggered
/// requests pending, and only as finely as the smallest of their regions needs.
///
/// It looks again whenever what it depends on may have changed: an app's pending
/// requests, a delivery (a location request that fired may be gone), an app's
/// location permission. The looking is done on a queue of its own, coalesced,
/// so an event never waits for it.
final class LocationFeed: Sendable {
    /// What feeds positions: GeoClue, nothing (`--location off`), or nothing
    /// because GeoClue could not be reached at all.
    enum Source: Sendable {
        case off
        case geoclue(GeoClueProvider)
        case unreachable(GeoClueError)
    }

    let source: Source
    private let engine: NotificationEngine
    private let queue = DispatchQueue(label: "herald.location")
    private let subscriptions = CompositeDisposable()
    /// Whether a look is queued and not begun yet.
    private let queued = Mutex(false)
    /// The radius last asked of GeoClue (`nil`: nothing watched), to ask only on a change.
    private let asked = Mutex<Double??>(.none)
    private let logger = Logger(label: "herald.location")

    /// Follows `engine` and feeds it from `source`'s positions.
    init(engine: NotificationEngine, source: Source) {
        self.engine = engine
        self.source = source
        guard case .geoclue(let provider) = source else { return }
        subscriptions.add(engine.attach(provider))
        subscriptions.add(engine.events.subscribeNext { [weak self] event in
            switch event {
            case .pendingChanged, .delivered, .locationAuthorizationChanged: self?.refresh()
            default: break
            }
        })
        refresh()
    }

    deinit {
        subscriptions.dispose()
    }

    /// Where the feed stands, for an app's location status and the web center.
    var state: LocationServiceState {
        switch source {
        case .off: .off
        case .unreachable(let error): .unavailable(error)
        case .geoclue(let provider): LocationServiceState(provider.status)
        }
    }

    /// Looks again, soon, at what must be watched.
    func refresh() {
        let first = queued.withLock { queued in
            defer { queued = true }
            return !queued
        }
        guard first else { return }
        queue.async { [weak self] in
            guard let self else { return }
            queued.withLock { $0 = false }
            update()
        }
    }

    /// Asks GeoClue for what the allowed apps' regions need now; on the queue.
    private func update() {
        guard case .geoclue(let provider) = source else { return }
        let radius = smallestAllowedRadius()
        let changed = asked.withLock { asked in
            defer { asked = .some(radius) }
            return asked != .some(radius)
        }
        guard changed else { return }
        logger.info("\(radius.map { "watching regions down to \(Int($0)) m" } ?? "nothing to watch: GeoClue stops")")
        provider.watch(smallestRadius: radius)
    }

    /// The smallest region of the apps allowed location; `nil` if none has any.
    private func smallestAllowedRadius() -> Double? {
        var smallest: Double?
        for (app, watched) in engine.watchedRegions {
            do {
                guard try engine.locationAuthorization(for: app).status.allowsLocation else { continue }
            } catch {
                logger.warning("cannot read the location permission of \(app): \(error)")
                continue
            }
            smallest = min(smallest ?? .infinity, watched.smallestRadius)
        }
        return smallest
    }
}
