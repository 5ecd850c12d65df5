public import Foundation
import Synchronization

/// A distance in metres, as in Core Location.
public typealias CLLocationDistance = Double

/// A latitude or longitude in degrees, as in Core Location.
public typealias CLLocationDegrees = Double

/// A latitude and longitude in degrees, shaped like Core Location's.
public struct CLLocationCoordinate2D: Sendable, Hashable, Codable {
    /// Degrees north of the equator (negative south).
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich (negative west).
    public var longitude: CLLocationDegrees

    /// The coordinate 0° N, 0° E, as Core Location's empty initializer gives.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// The coordinate at `latitude` and `longitude`, in degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The engine's coordinate.
    public var coordinate: Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// A region a location trigger watches, shaped like Core Location's `CLRegion`:
/// an `NSObject` that copies (`NSCopying`) and describes itself as Apple's does.
///
/// Two regions are equal (`isEqual(_:)`, `==`) when they are of the same class
/// and every property is: the identifier, ``notifyOnEntry``, ``notifyOnExit``
/// and, for a ``CLCircularRegion``, the centre and radius. The hash is the
/// identifier's, which does not change when the flags do.
///
/// `@unchecked Sendable` is sound: the flags, the only mutable state, live in a
/// `Mutex`; every other stored property is a `let` of a `Sendable` type.
public class CLRegion: NSObject, NSCopying, @unchecked Sendable {
    private let flags: Mutex<(entry: Bool, exit: Bool)>

    /// The region's name.
    public let identifier: String

    init(identifier: String) {
        self.identifier = identifier
        flags = Mutex((true, true))
        super.init()
    }

    /// Whether entering the region fires (default `true`).
    public var notifyOnEntry: Bool {
        get { flags.withLock { $0.entry } }
        set { flags.withLock { $0.entry = newValue } }
    }

    /// Whether leaving the region fires (default `true`).
    public var notifyOnExit: Bool {
        get { flags.withLock { $0.exit } }
        set { flags.withLock { $0.exit = newValue } }
    }

    /// A region of the same class with the same properties.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CLRegion(identifier: identifier)
        copy.notifyOnEntry = notifyOnEntry
        copy.notifyOnExit = notifyOnExit
        return copy
    }

    /// Whether `object` is a region of the same class with the same properties.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
        return other.identifier == identifier && other.notifyOnEntry == notifyOnEntry
            && other.notifyOnExit == notifyOnExit
    }

    /// The identifier's hash.
    public override var hash: Int { identifier.hashValue }

    /// `CLRegion (identifier:'home')`, as Core Location writes it.
    public override var description: String {
        "\(type(of: self)) (identifier:'\(identifier)')"
    }
}

/// A circle on Earth, shaped like Core Location's `CLCircularRegion`.
///
/// `@unchecked Sendable`, as ``CLRegion``: its own properties are `let`s.
///
/// ```swift
/// let store = CLCircularRegion(
///     center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405),
///     radius: 100, identifier: "grocery")
/// store.notifyOnExit = false
/// ```
public final class CLCircularRegion: CLRegion, @unchecked Sendable {
    /// The centre of the circle.
    public let center: CLLocationCoordinate2D
    /// The radius in metres; the engine accepts more than 0 and at most 100 km.
    public let radius: CLLocationDistance

    /// A region that notifies on both entry and exit until told otherwise.
    ///
    /// - Parameters:
    ///   - center: The centre of the circle.
    ///   - radius: The radius in metres.
    ///   - identifier: The region's name.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// The engine's region.
    public var region: CircularRegion {
        CircularRegion(
            identifier: identifier, center: center.coordinate, radius: radius,
            notifyOnEntry: notifyOnEntry, notifyOnExit: notifyOnExit)
    }

    /// A Core Location–shaped region for an engine region.
    public convenience init(_ region: CircularRegion) {
        self.init(
            center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
            radius: region.radius, identifier: region.identifier)
        notifyOnEntry = region.notifyOnEntry
        notifyOnExit = region.notifyOnExit
    }

    /// A circle with the same centre, radius, identifier and flags.
    public override func copy(with zone: NSZone? = nil) -> Any {
        CLCircularRegion(region)
    }

    /// Whether `object` is a circle with the same properties.
    public override func isEqual(_ object: Any?) -> Bool {
        guard super.isEqual(object), let other = object as? CLCircularRegion else { return false }
        return other.center == center && other.radius == radius
    }

    /// `CLCircularRegion (identifier:'grocery', center:<+52.52000000,+13.40500000>, radius:100.00m)`,
    /// as Core Location writes it.
    public override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', center:<\(Self.degrees(center.latitude)),"
            + "\(Self.degrees(center.longitude))>, radius:\(String(format: "%.2f", radius))m)"
    }

    private static func degrees(_ value: Double) -> String {
        (value < 0 ? "" : "+") + String(format: "%.8f", value)
    }

    /// Whether the coordinate lies within the circle (great-circle distance).
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        region.center.distance(to: coordinate.coordinate) <= radius
    }
}

extension Coordinate {
    /// The great-circle distance in metres (haversine, mean Earth radius).
    public func distance(to other: Coordinate) -> CLLocationDistance {
        let earthRadius = 6_371_008.8
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(a)))
    }
}
