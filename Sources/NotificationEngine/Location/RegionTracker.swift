/// Whether the device is inside one circular region, fed with positions: a pure
/// state machine with hysteresis, so a position jittering on the border does
/// not flap between entered and exited.
///
/// The border is a band of half-width ``margin`` around the circle: the device
/// enters when it comes within `radius − margin` of the centre and exits when it
/// gets `radius + margin` or farther away; a position inside the band keeps the
/// state. The margin is `max(10 m, radius × 10 %)`, the accuracy a phone's
/// position usually has, but at most half the radius so a small region can still
/// be entered.
///
/// The state starts unknown. The first position only settles it (inside when
/// within the radius) and reports no crossing: as on iOS, being inside a region
/// when its trigger is added does not fire an entry.
///
/// ```swift
/// var tracker = RegionTracker(region: shop)
/// tracker.update(home)        // nil: the first position settles "outside"
/// tracker.update(atTheShop)   // .entered
/// ```
package struct RegionTracker: Sendable, Hashable {
    /// Where the device is relative to the region.
    package enum State: Sendable, Hashable {
        /// No position yet.
        case unknown
        /// Within the region (entered, or inside at the first position).
        case inside
        /// Outside the region (left, or outside at the first position).
        case outside
    }

    /// The region tracked.
    package let region: CircularRegion
    /// Where the device was at the last position.
    package private(set) var state: State

    /// A tracker that knows no position yet.
    package init(region: CircularRegion) {
        self.region = region
        state = .unknown
    }

    /// Half the width of the border band, in metres: `max(10, radius × 0.1)`,
    /// at most `radius / 2`.
    package var margin: Double {
        min(max(10, region.radius * 0.1), region.radius / 2)
    }

    /// Moves the device to `position` and returns the crossing this makes, if
    /// any. A position with a non-finite coordinate is ignored.
    package mutating func update(_ position: Coordinate) -> RegionCrossing? {
        guard position.latitude.isFinite, position.longitude.isFinite else { return nil }
        let distance = region.center.distance(to: position)
        switch state {
        case .unknown:
            state = distance <= region.radius ? .inside : .outside
            return nil
        case .outside where distance <= region.radius - margin:
            state = .inside
            return .entered
        case .inside where distance >= region.radius + margin:
            state = .outside
            return .exited
        case .inside, .outside:
            return nil
        }
    }
}
