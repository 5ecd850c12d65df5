import Foundation
import Logging
import Synchronization
public import Signals

extension NotificationEngine {
    /// A new position of the device: location-triggered requests whose region it
    /// enters or leaves (as their trigger asks) fire now. Positions jittering on
    /// a region's border do not fire again and again: see ``RegionTracker``.
    /// A position with a non-finite coordinate crosses nothing.
    public func updateLocation(_ position: Coordinate) {
        let firing = state.withLock { state -> Firing? in
            state.lastPosition = position
            let crossed = crossings(at: position, in: &state)
            guard !crossed.isEmpty else { return nil }
            let now = scheduler.now
            let items = crossed.map { FireItem(app: $0.app, identifier: $0.identifier, expectedDate: nil, dueDate: now) }
            return commit(items, now: now, in: &state)
        }
        if let firing { clearOutbox(present(firing)) }
    }

    /// Feeds every position of `provider` to ``updateLocation(_:)``; disposing the
    /// result stops.
    ///
    /// ```swift
    /// let location = ManualLocationProvider()
    /// let feeding = engine.attach(location)
    /// location.send(Coordinate(latitude: 52.52, longitude: 13.405))
    /// ```
    public func attach(_ provider: any LocationProvider) -> any Disposable {
        provider.positions.subscribeNext { [weak self] position in self?.updateLocation(position) }
    }

    private func crossings(at position: Coordinate, in state: inout EngineState) -> [RegionKey] {
        var crossed: [RegionKey] = []
        for key in state.regions.keys.sorted(by: { ($0.app, $0.identifier) < ($1.app, $1.identifier) }) {
            guard let crossing = state.regions[key]?.tracker.update(position),
                let region = state.regions[key]?.trigger.region
            else { continue }
            if region.notifies(on: crossing) { crossed.append(key) }
        }
        return crossed
    }
}
