import Foundation
import NotificationEngine
import Testing

/// Positions at known distances from a region's centre.
enum Geometry {
    static let center = Coordinate(latitude: 52.52, longitude: 13.405)

    /// Metres per degree of latitude on the mean Earth sphere `Coordinate.distance` uses.
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The point `metres` north of `center`.
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: center.latitude + metres / metresPerDegree, longitude: center.longitude)
    }

    static func region(radius: Double = 100, entry: Bool = true, exit: Bool = true) -> CircularRegion {
        CircularRegion(identifier: "shop", center: center, radius: radius, notifyOnEntry: entry, notifyOnExit: exit)
    }
}

@Suite("Region tracker")
struct RegionTrackerTests {
    /// The crossings a tracker reports for positions at these distances north of the centre.
    func crossings(_ distances: [Double], radius: Double = 100) -> [RegionCrossing] {
        var tracker = RegionTracker(region: Geometry.region(radius: radius))
        return distances.compactMap { tracker.update(Geometry.north($0)) }
    }

    @Test("The test positions lie at the distances they name")
    func geometry() {
        for metres in [0.0, 89, 100, 111, 5_000] {
            #expect(abs(Geometry.center.distance(to: Geometry.north(metres)) - metres) < 0.001)
        }
    }

    @Test("The first position sets the state without a crossing", arguments: [
        (0.0, RegionTracker.State.inside), (95, .inside), (100, .inside), (105, .outside), (5_000, .outside),
    ])
    func firstPosition(_ distance: Double, _ state: RegionTracker.State) {
        var tracker = RegionTracker(region: Geometry.region())
        #expect(tracker.state == .unknown)
        #expect(tracker.update(Geometry.north(distance)) == nil)
        #expect(tracker.state == state)
    }

    @Test("Entering needs radius − margin, leaving radius + margin")
    func thresholds() {
        #expect(crossings([500, 91]) == [])
        #expect(crossings([500, 89]) == [.entered])
        #expect(crossings([0, 109]) == [])
        #expect(crossings([0, 111]) == [.exited])
    }

    @Test("Each real crossing is reported, in order")
    func repeatedCrossings() {
        #expect(crossings([500, 50, 400, 10, 120]) == [.entered, .exited, .entered, .exited])
    }

    @Test("A position jittering on the border makes one crossing")
    func jitter() {
        let walk: [Double] = [300, 250, 150, 105, 97, 103, 88, 97, 103, 96, 104, 99, 101, 98, 102]
        #expect(crossings(walk) == [.entered])
        // Without hysteresis the same walk flaps: a plain inside test changes its mind many times.
        let region = CLCircularRegion(Geometry.region())
        let inside = walk.map { metres in
            let point = Geometry.north(metres)
            return region.contains(CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude))
        }
        let flips = zip(inside, inside.dropFirst()).filter { $0 != $1 }.count
        #expect(flips > 5)
    }

    @Test("The margin is max(10 m, 10 % of the radius), at most half the radius", arguments: [
        (100.0, 10.0), (1_000, 100), (50_000, 5_000), (12, 6), (5, 2.5),
    ])
    func margin(_ radius: Double, _ margin: Double) {
        #expect(RegionTracker(region: Geometry.region(radius: radius)).margin == margin)
    }

    @Test("A region smaller than the margin can still be entered and left")
    func smallRegion() {
        #expect(crossings([20, 4, 2, 6, 8], radius: 5) == [.entered, .exited])
    }

    @Test("A position that is not a number is ignored")
    func nonFinitePosition() {
        var tracker = RegionTracker(region: Geometry.region())
        _ = tracker.update(Geometry.north(500))
        #expect(tracker.update(Coordinate(latitude: .nan, longitude: 13.4)) == nil)
        #expect(tracker.update(Coordinate(latitude: 52.5, longitude: .infinity)) == nil)
        #expect(tracker.state == .outside)
        #expect(tracker.update(Geometry.north(10)) == .entered)
    }

    @Test("A region notifies on the crossings its flags ask for")
    func notifies() {
        let entryOnly = Geometry.region(exit: false)
        #expect(entryOnly.notifies(on: .entered))
        #expect(!entryOnly.notifies(on: .exited))
        let exitOnly = Geometry.region(entry: false)
        #expect(!exitOnly.notifies(on: .entered))
        #expect(exitOnly.notifies(on: .exited))
    }
}
