import Foundation
import Logging
import Synchronization
public import Signals

extension NotificationEngine {
    /// A new position of the device: location-triggered requests whose region it
    /// enters or leaves (as their trigger asks) fire now. Positions jittering on
    /// a region's border do not fire again and again: see ``RegionTracker``.
    /// A position with a non-finite coordinate crosses nothing. With other
    /// engines on the store, the location-triggered requests are read from it
    /// first, so that those added through another engine are watched too.
    public func updateLocation(_ position: Coordinate) {
        var flow = FiringFlow(.crossings, timing: firingTiming)
        drive(&flow) { [self] scheduling in
            if !coordination.cachesAppRecords {
                do {
                    scheduling.core.syncRegions(try read { try $0.locationPending() })
                } catch {
                    logger.error("reading the location-triggered requests failed; the regions known are used: \(error)")
                }
            }
            let now = scheduler.now
            return .crossed(scheduling.core.crossings(at: position, now: now), now: now)
        }
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
}
